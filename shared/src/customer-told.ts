/**
 * What staff choose to tell the customer (docs/business-rules.md, "What the customer is told"): the words of the
 * "Notify customer" and "Internal note" controls of the order editor and the mark on internal entries.
 */
export const customerToldTexts = {
  notifyCustomer: 'Notify customer',
  notifyCustomerHint: 'Off: the update is on the customer’s timeline, but no email, text or notification is sent.',
  internalNote: 'Internal note (staff only)',
  internalNoteHint: 'Never shown to the customer and never sent. It keeps the current status.',
  internalBadge: 'Internal',
  internalPlaceholder: 'Note for staff only',
} as const
