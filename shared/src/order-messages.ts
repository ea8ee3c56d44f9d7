/** Texts of the customer's order actions, shared by the server and the SPA (no zod here). */
export const orderMessages = {
  orderNotFound: 'Order not found',
  notificationNotFound: 'Notification not found',
  noteEmpty: 'Note cannot be empty',
  noteTooLong: 'Note must be at most 2000 characters',
  decisionInvalid: 'Decision must be approve or reject',
  rejectionReasonRequired: 'Please provide a reason for rejecting the additional costs',
  rejectionReasonTooLong: 'Reason must be at most 2000 characters',
  noPendingApproval: 'There is no pending approval request for this order',
  orderChanged: 'The order was changed by someone else. Please try again.',
  shippingInvalid: 'shipping must be true or false',
  /** Stored as the approval note and as the status update when the customer approves. */
  customerApproved: 'Customer approved additional costs',
  customerRejected: (reason: string) => `Customer rejected additional costs: ${reason}`,
} as const

export const NOTE_MAX_LENGTH = 2000

/** How a customer's own messages are signed: the first name, else "Customer". */
export const customerAuthorLabel = (firstName: string | null | undefined) => firstName?.trim() || 'Customer'
