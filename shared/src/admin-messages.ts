import { MAX_LINE_TOTAL_CENTS, MAX_LINES_PER_ORDER, MAX_REQUESTS_PER_ORDER } from './invoice.ts'
import { formatCents } from './money.ts'
import { APPROVAL_TITLE, approvalMessage } from './notification-texts.ts'

/** Texts of the admin's order, message and line actions, shared by the server and the SPA (no zod here). */
// Built in a call marked pure: its templates format numbers, which esbuild cannot prove free of side
// effects, so a plain object literal would stay in every bundle that imports this module, used or not.
export const adminMessages = /* @__PURE__ */ (() =>
  ({
  customerRequired: 'Please select a customer',
  customerNotFound: 'Customer not found',
  firearmMakeRequired: 'Firearm make is required',
  firearmModelRequired: 'Firearm model is required',
  serialNumberRequired: 'Serial number is required',
  serviceTypeRequired: 'Service type is required',
  descriptionRequired: 'Description is required',
  estimatedCostInvalid: 'Please enter a valid estimated cost',
  statusInvalid: 'Please choose a valid status',
  versionRequired: 'The order version is required',
  approvalReasonRequired: 'Please provide a reason for the additional costs',
  messageEmpty: 'Message cannot be empty',
  notifyCustomerInvalid: 'notifyCustomer must be true or false',
  internalInvalid: 'internal must be true or false',
  internalChangesStatus: 'An internal note cannot change the status: post the status change on its own',
  messageNotFound: 'Message not found',
  customerNoteLocked: 'Customer notes cannot be edited or deleted',
  lineNameRequired: 'Name is required',
  lineKindInvalid: 'Please choose part, labor or other',
  partCostInvalid: 'Please enter a valid cost',
  partQuantityInvalid: 'Please enter a valid quantity',
  needsApprovalInvalid: 'needsApproval must be true or false',
  /** A line of extra work picked from the price list (Settings → Service Types). */
  serviceTypeInvalid: 'Please choose a service type from the price list',
  hoursInvalid: 'Please enter the hours (more than 0, at most 1,000, two decimals at most)',
  hoursOnlyLabor: 'Hours are for a labor line (quantity 1, no unit cost: hours × rate)',
  laborRateInvalid: 'Please enter a valid rate per hour',
  lineTotalTooLarge: `A line cannot total more than ${formatCents(MAX_LINE_TOTAL_CENTS)}`,
  tooManyLines: `An order can have at most ${MAX_LINES_PER_ORDER} lines of extra work`,
  tooManyRequests: `An order can have at most ${MAX_REQUESTS_PER_ORDER} approval requests`,
  lineNotFound: 'Line not found',
  lineAwaitingApproval: "This line is waiting for the customer's answer. Withdraw the request before removing it.",
  lineNotRequestable: 'Only lines that are not billed and not already waiting for an answer can be put in an approval request',
  approvalAmountZero: 'An approval request needs extra work costing more than $0.00: choose or add the parts or labor to approve',
  approvalAlreadyPending: 'The customer has not answered the last approval request yet. Withdraw it before asking again.',
  requestNotFound: 'Approval request not found',
  requestNotPending: 'This approval request is no longer waiting for an answer',
  totalBelowPaid: (totalCents: number, paidCents: number) =>
    `This change would bring the total to ${formatCents(totalCents)}, below the ${formatCents(paidCents)} already paid. Refund the difference first.`,
  releaseBalanceDue: (balanceCents: number, statusLabel: string) =>
    `This order has a balance due of ${formatCents(balanceCents)}: a firearm is released only after full payment. Collect the payment before setting it to ${statusLabel}, or give an override reason.`,
  releaseOverrideNote: (balanceCents: number, reason: string) => `Released with a balance due of ${formatCents(balanceCents)}: ${reason}`,
  releaseDisputed: (disputedCents: number, balanceCents: number, statusLabel: string) =>
    `${formatCents(disputedCents)} of this order's card payments is disputed by the customer's card issuer${balanceCents > 0 ? ` and ${formatCents(balanceCents)} is still due` : ''}: disputed money does not count as received until the dispute is won. Wait for the decision before setting it to ${statusLabel}, or give an override reason.`,
  releaseDisputedOverrideNote: (disputedCents: number, balanceCents: number, reason: string) =>
    `Released with ${formatCents(disputedCents)} under dispute${balanceCents > 0 ? ` and a balance due of ${formatCents(balanceCents)}` : ''}: ${reason}`,
  approvalRequestedNote: (amount: string, reason: string) => `Approval requested for ${amount}: ${reason}`,
  approvalWithdrawnNote: 'Approval request withdrawn',
  orderCreated: 'Order created',
  // The spec's notification texts live with the other notification texts.
  approvalTitle: APPROVAL_TITLE,
  approvalMessage,
  }) as const)()

/** The default text of a staff status update: "Status updated to work complete - Admin". */
export const defaultStatusNote = (status: string) => `Status updated to ${status.replace(/_/g, ' ')} - Admin`

// Staff entries are signed "Admin": ADMIN_AUTHOR_LABEL lives in statuses.ts, with the history's other
// constants, so the write paths that sign entries do not load these form texts.
export { ADMIN_AUTHOR_LABEL } from './statuses.ts'

export const ADMIN_TEXT_MAX_LENGTH = 2000
/** What came with the firearm at its intake (the order's `itemsReceived`): at most this many characters. */
export const ITEMS_RECEIVED_MAX_LENGTH = 500
