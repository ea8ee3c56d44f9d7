/** Texts of the admin's order, message and part actions, shared by the server and the SPA (no zod here). */
export const adminMessages = {
  customerRequired: 'Please select a customer',
  customerNotFound: 'Customer not found',
  firearmMakeRequired: 'Firearm make is required',
  firearmModelRequired: 'Firearm model is required',
  serialNumberRequired: 'Serial number is required',
  serviceTypeRequired: 'Service type is required',
  descriptionRequired: 'Description is required',
  estimatedCostInvalid: 'Please enter a valid estimated cost',
  additionalCostInvalid: 'Please enter a valid additional cost',
  statusInvalid: 'Please choose a valid status',
  approvalStatusInvalid: 'Please choose a valid approval status',
  versionRequired: 'The order version is required',
  staleOrder: 'This order was changed by someone else. Reload it and apply your changes again.',
  approvalReasonRequired: 'Please provide a reason for the additional costs',
  messageEmpty: 'Message cannot be empty',
  messageNotFound: 'Message not found',
  customerNoteLocked: 'Customer notes cannot be edited or deleted',
  partNameRequired: 'Part name is required',
  partCostInvalid: 'Please enter a valid cost',
  partQuantityInvalid: 'Please enter a valid quantity',
  partNotFound: 'Part not found',
  orderCreated: 'Order created',
  approvalTitle: 'Action Required: Additional Costs',
  approvalMessage: (note: string) => `Your order requires approval for additional costs: ${note}`,
} as const

/** The default text of a staff status update: "Status updated to work complete - Admin" (admin-side §7). */
export const defaultStatusNote = (status: string) => `Status updated to ${status.replace(/_/g, ' ')} - Admin`

/** Staff entries are signed "Admin" (admin-side §6). */
export const ADMIN_AUTHOR_LABEL = 'Admin'

export const ADMIN_TEXT_MAX_LENGTH = 2000
