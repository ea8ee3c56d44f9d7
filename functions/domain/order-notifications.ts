import { formatCents } from '@gs/shared/money'
import { lineTotalCents, requestAmounts, type ApprovalRequest } from '@gs/shared/invoice'
import { approvalRequestTexts, orderCreatedTexts } from '@gs/shared/notification-texts'
import { notification, type NotificationOf } from './notifications.ts'

// Order created and approval requested (see notifications.ts).

export const orderCreatedNotification = (n: NotificationOf) => notification(n, 'order_created', orderCreatedTexts)

/**
 * The approval request: its title (the email's subject) names the firearm and the order, its message the reason,
 * each item (name, quantity, amount) and the total with tax. Essential: it needs the customer's answer, so it goes
 * even when optional emails are off, and it is never held for a digest (docs/notifications.md, "Batching").
 */
export const approvalRequestedNotification = (n: NotificationOf & { request: Pick<ApprovalRequest, 'reason' | 'lines'> }) =>
  notification(
    n,
    'approval_requested',
    (firearm, orderNumber) =>
      approvalRequestTexts(firearm, orderNumber, {
        reason: n.request.reason,
        items: n.request.lines.map((l) => ({ name: l.name, quantity: l.quantity, amount: formatCents(lineTotalCents(l)) })),
        total: formatCents(requestAmounts(n.request.lines, n.order.taxRatePpm).totalCents),
      }),
    { essential: true },
  )
