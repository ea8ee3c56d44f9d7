/**
 * A customer writes at most this many notes on one order, and this many per clock hour (UTC) over all
 * their orders; staff messages are not limited.
 */
export const CUSTOMER_NOTES_PER_ORDER = 200
export const CUSTOMER_NOTES_PER_HOUR = 20

/** An order's detail carries its newest this many status updates; older ones are paged (GET …/updates). */
export const UPDATES_PAGE_SIZE = 50
/** … and at most this many of its ledger entries. */
export const DETAIL_LEDGER_LIMIT = 100
/** A page of the customer's order list, unless `limit` says otherwise. */
export const ORDERS_PAGE_SIZE = 20
/** The largest `limit` the customer's order list and an order's status updates accept. */
export const MAX_PAGE_SIZE = 100

/** The customer's confirmation of an approval of additional costs: the amount (formatted by money.ts) on its button. */
export const approvalConfirmText = {
  title: 'Approve Additional Costs?',
  intro: (amount: string, orderNumber: string) => `You are approving ${amount} of additional work on order ${orderNumber}:`,
  after: 'It is added to the order’s balance and the shop goes ahead with the work.',
  confirm: (amount: string) => `Approve ${amount}`,
  cancel: 'Cancel',
} as const

/** Texts of the customer's order actions, shared by the server and the SPA (no zod here). */
export const orderMessages = {
  orderNotFound: 'Order not found',
  /** My Firearm Orders: a search that found none of the customer's orders. */
  ordersSearchEmpty: 'No orders match your search.',
  /** A search page that read its share of the customer's orders without a match, with older ones left to look through. */
  ordersSearchNotYetFound: 'No matches among your most recent orders yet.',
  notificationNotFound: 'Notification not found',
  noteEmpty: 'Note cannot be empty',
  noteTooLong: 'Note must be at most 2000 characters',
  decisionInvalid: 'Decision must be approve or reject',
  rejectionReasonRequired: 'Please provide a reason for rejecting the additional costs',
  rejectionReasonTooLong: 'Reason must be at most 2000 characters',
  noPendingApproval: 'There is no pending approval request for this order',
  orderChanged: 'The order was changed by someone else. Please try again.',
  /** 409 to staff: their edit was made on an older version of the order (any staff write; here, not with the form texts, so the ledger routes do not load those). */
  staleOrder: 'This order was changed by someone else. Reload it and apply your changes again.',
  shippingInvalid: 'shipping must be true or false',
  /** Stored as the approval note and as the status update when the customer approves. */
  customerApproved: 'Customer approved additional costs',
  customerRejected: (reason: string) => `Customer rejected additional costs: ${reason}`,
  /** 429: the order's customer notes are used up. */
  orderNoteLimit: `This order has reached its limit of ${CUSTOMER_NOTES_PER_ORDER} notes. Please call the shop.`,
  /** 429: the customer's notes of this hour (every order together) are used up. */
  hourlyNoteLimit: `You have sent ${CUSTOMER_NOTES_PER_HOUR} notes in the last hour. Please wait a little before sending another.`,
  /** A paging cursor this list did not give out (tampered with, another order's or another customer's). */
  invalidCursor: 'Invalid cursor',
} as const

export const NOTE_MAX_LENGTH = 2000

/** How a customer's own messages are signed: the first name, else "Customer". */
export const customerAuthorLabel = (firstName: string | null | undefined) => firstName?.trim() || 'Customer'
