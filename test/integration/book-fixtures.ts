import { randomUUID } from 'node:crypto'

/**
 * What the integration files need of the A&D book to move an order through the work: the shop receives the
 * firearm (POST /api/admin/orders/{orderId}/receive) before any status that says it is in the shop, as the
 * portal requires (docs/business-rules.md, "The A&D book").
 */

/** Today in the book's days (the UTC date): an intake dated today is never before its order nor in the future. */
export const bookToday = () => new Date().toISOString().slice(0, 10)

/** The body of Receive Firearm for an order at `version`: from its customer, today, the firearm as given (its make and model kept). */
export const intakeBody = (version: number, firearm: { firearmMake?: string; firearmModel?: string; serialNumber?: string } = {}, over: Record<string, unknown> = {}) => ({
  version,
  receivedOn: bookToday(),
  from: 'customer',
  fromAddress: { line1: '77 Quarry Rd', city: 'Bend', state: 'OR', postalCode: '97701' },
  firearmType: 'pistol',
  firearmMake: firearm.firearmMake || 'Colt',
  firearmModel: firearm.firearmModel || 'Python',
  serialNumber: firearm.serialNumber || `IN-${randomUUID().slice(0, 8)}`,
  firearmCaliber: '.357 Magnum',
  ...over,
})
