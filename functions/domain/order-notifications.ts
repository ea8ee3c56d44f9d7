import { APPROVAL_TITLE, approvalMessage, orderCreatedTexts } from '@gs/shared/notification-texts'
import { notification, type NotificationOf } from './notifications.ts'

// Order created and approval requested (see notifications.ts).

export const orderCreatedNotification = (n: NotificationOf) => notification(n, 'order_created', orderCreatedTexts)

/** The spec's "Action Required: Additional Costs" with its exact message, told apart by the context. */
export const approvalRequestedNotification = (n: NotificationOf & { reason: string }) =>
  notification(n, 'approval_requested', () => ({ title: APPROVAL_TITLE, message: approvalMessage(n.reason) }))
