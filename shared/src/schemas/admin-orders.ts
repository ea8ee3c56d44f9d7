import { ADMIN_TEXT_MAX_LENGTH, ITEMS_RECEIVED_MAX_LENGTH, adminMessages as m } from '../admin-messages.ts'
import { laborLineCents, LINE_KINDS, MAX_LABOR_HUNDREDTHS, MAX_LINE_TOTAL_CENTS, MAX_LINES_PER_ORDER } from '../invoice.ts'
import { ORDER_STATUSES } from '../statuses.ts'
import * as z from './zod.ts'
import { addressSchema } from './address.ts'
import { calendarDate } from './dates.ts'
import { workMessages } from '../work-dates.ts'
import { bookMessages } from '../book.ts'
import { FIREARM_TYPES } from '../firearms.ts'

const required = (message: string, max = 200) => z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, message))
/** Optional text; blank or null clears the stored value. */
const optionalText = (max: number) =>
  z.optional(
    z.pipe(
      z.nullable(z.string().check(z.trim(), z.maxLength(max))),
      z.transform((v: string | null) => v || null),
    ),
  )
const cents = (message: string) => z.number({ error: message }).check(z.int(message), z.gte(0, message), z.lte(100_000_000, message))
const returnMethod = z.enum(['ship', 'pickup'], { error: 'Choose ship or pick up' })
const status = z.string({ error: m.statusInvalid }).check(z.refine((s) => (ORDER_STATUSES as readonly string[]).includes(s), m.statusInvalid))

/** POST /api/admin/orders (the staff "Create order" form). */
export const createAdminOrderSchema = z.strictObject({
  customerId: required(m.customerRequired, 100),
  firearmMake: required(m.firearmMakeRequired),
  firearmModel: required(m.firearmModelRequired),
  serialNumber: required(m.serialNumberRequired, 100),
  firearmCaliber: optionalText(100),
  serviceType: required(m.serviceTypeRequired, 50),
  description: required(m.descriptionRequired, ADMIN_TEXT_MAX_LENGTH),
  estimatedCostCents: cents(m.estimatedCostInvalid),
  inboundTrackingNumber: optionalText(100),
  /** The A&D book's type (optional here: Receive Firearm asks for it). */
  firearmType: z.optional(z.nullable(z.enum(FIREARM_TYPES, { error: bookMessages.firearmTypeInvalid }))),
  /** Ship back (the $25 return shipping) or pick up; ship by default. */
  returnMethod: z.optional(returnMethod),
  /** Where a shipped return goes; the customer's mailing address when absent. */
  returnAddress: z.optional(z.nullable(addressSchema)),
  /** When the work is promised (YYYY-MM-DD): the customer's estimated completion. */
  promisedDate: z.optional(z.nullable(calendarDate)),
})
export type CreateAdminOrderInput = z.infer<typeof createAdminOrderSchema>

/** POST /api/admin/orders/{orderId}/assignment: the staff member to assign the order to, or null to unassign it. */
export const assignOrderSchema = z.strictObject({
  gunsmithId: z.nullable(z.string({ error: workMessages.gunsmithIdInvalid }).check(z.trim(), z.minLength(1, workMessages.gunsmithIdInvalid), z.maxLength(100, workMessages.gunsmithIdInvalid))),
})
export type AssignOrderInput = z.infer<typeof assignOrderSchema>

/** PATCH /api/admin/orders/{orderId}: any subset of the edit form plus the version the admin loaded. */
export const updateAdminOrderSchema = z.strictObject({
  version: z.number({ error: m.versionRequired }).check(z.int(m.versionRequired), z.gte(1, m.versionRequired)),
  firearmMake: z.optional(required(m.firearmMakeRequired)),
  firearmModel: z.optional(required(m.firearmModelRequired)),
  serialNumber: z.optional(required(m.serialNumberRequired, 100)),
  firearmCaliber: optionalText(100),
  serviceType: z.optional(required(m.serviceTypeRequired, 50)),
  description: z.optional(required(m.descriptionRequired, ADMIN_TEXT_MAX_LENGTH)),
  estimatedCostCents: z.optional(cents(m.estimatedCostInvalid)),
  currentStatus: z.optional(status),
  statusNote: optionalText(ADMIN_TEXT_MAX_LENGTH),
  inboundTrackingNumber: optionalText(100),
  outboundTrackingNumber: optionalText(100),
  firearmType: z.optional(z.nullable(z.enum(FIREARM_TYPES, { error: bookMessages.firearmTypeInvalid }))),
  firearmImporter: optionalText(200),
  /** Ship back (the $25 return shipping) or pick up: the invoice follows. */
  returnMethod: z.optional(returnMethod),
  returnName: optionalText(200),
  /** The intake's condition notes and what came with the firearm (once received; the A&D columns change by a correction). */
  conditionNotes: optionalText(ADMIN_TEXT_MAX_LENGTH),
  itemsReceived: optionalText(ITEMS_RECEIVED_MAX_LENGTH),
  /** null clears it. */
  returnAddress: z.optional(z.nullable(addressSchema)),
  /** Needed to move an order with a balance due to a release status (ready for pickup, shipped, delivered, closed). */
  releaseOverrideReason: optionalText(ADMIN_TEXT_MAX_LENGTH),
  /** Tell the customer of a status change or note (default true); false records it on their timeline without a notification. */
  notifyCustomer: z.optional(z.boolean({ error: m.notifyCustomerInvalid })),
  /** When the work is promised (YYYY-MM-DD); null clears it. */
  promisedDate: z.optional(z.nullable(calendarDate)),
})
export type UpdateAdminOrderInput = z.infer<typeof updateAdminOrderSchema>

/**
 * A line of extra work: a part (taxed), labor or another charge (never taxed). Picked from the price list
 * (serviceTypeId), it takes the type's kind and taxability (the server's, not the client's); labor by the hour
 * (hoursHundredths, 150 = 1.5 h) costs hours × the shop's labor rate, or rateCents when given, computed by the server.
 */
export const addLineSchema = z
  .strictObject({
    kind: z._default(z.enum(LINE_KINDS, { error: m.lineKindInvalid }), 'part'),
    name: required(m.lineNameRequired),
    description: optionalText(ADMIN_TEXT_MAX_LENGTH),
    /** Required unless the line is billed by the hour. */
    unitCents: z.optional(cents(m.partCostInvalid)),
    quantity: z._default(z.number({ error: m.partQuantityInvalid }).check(z.int(m.partQuantityInvalid), z.gte(1, m.partQuantityInvalid), z.lte(10_000, m.partQuantityInvalid)), 1),
    /** Billed only once the customer approves it (in an approval request); by default a line is billed at once. */
    needsApproval: z._default(z.boolean({ error: m.needsApprovalInvalid }), false),
    serviceTypeId: z.optional(z.string({ error: m.serviceTypeInvalid }).check(z.minLength(1, m.serviceTypeInvalid), z.maxLength(100, m.serviceTypeInvalid))),
    hoursHundredths: z.optional(z.number({ error: m.hoursInvalid }).check(z.int(m.hoursInvalid), z.gte(1, m.hoursInvalid), z.lte(MAX_LABOR_HUNDREDTHS, m.hoursInvalid))),
    /** This line's own rate per hour (cents); absent: the shop's labor rate now. */
    rateCents: z.optional(cents(m.laborRateInvalid)),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.hoursHundredths === undefined) {
        if (v.unitCents === undefined) ctx.addIssue({ code: 'custom', path: ['unitCents'], message: m.partCostInvalid })
        else if (v.unitCents * v.quantity > MAX_LINE_TOTAL_CENTS) ctx.addIssue({ code: 'custom', path: ['unitCents'], message: m.lineTotalTooLarge })
        if (v.rateCents !== undefined) ctx.addIssue({ code: 'custom', path: ['rateCents'], message: m.hoursInvalid })
      } else {
        if (v.kind !== 'labor') ctx.addIssue({ code: 'custom', path: ['hoursHundredths'], message: m.hoursOnlyLabor })
        if (v.quantity !== 1) ctx.addIssue({ code: 'custom', path: ['quantity'], message: m.hoursOnlyLabor })
        if (v.unitCents !== undefined) ctx.addIssue({ code: 'custom', path: ['unitCents'], message: m.hoursOnlyLabor })
        if (v.rateCents !== undefined && laborLineCents(v.hoursHundredths, v.rateCents) > MAX_LINE_TOTAL_CENTS) ctx.addIssue({ code: 'custom', path: ['rateCents'], message: m.lineTotalTooLarge })
      }
    }),
  )
export type AddLineInput = z.infer<typeof addLineSchema>

/** POST /api/admin/orders/{orderId}/approval-request: existing unbilled lines and/or new ones, with the reason the customer reads. */
export const approvalRequestSchema = z.strictObject({
  reason: z.string({ error: m.approvalReasonRequired }).check(z.trim(), z.minLength(1, m.approvalReasonRequired), z.maxLength(ADMIN_TEXT_MAX_LENGTH)),
  lineIds: z._default(z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.maxLength(MAX_LINES_PER_ORDER, m.tooManyLines)), []),
  lines: z._default(z.array(addLineSchema).check(z.maxLength(MAX_LINES_PER_ORDER, m.tooManyLines)), []),
})
export type ApprovalRequestInput = z.infer<typeof approvalRequestSchema>

// GET /api/admin/orders (the list query) lives in ./admin-order-list.ts: only the list route loads it.

/** POST /api/admin/orders/{orderId}/updates: the status from the catalogue; without notes the default text is used. */
export const addStatusUpdateSchema = z.strictObject({
  status,
  notes: z.optional(z.string().check(z.trim(), z.maxLength(ADMIN_TEXT_MAX_LENGTH))),
  releaseOverrideReason: optionalText(ADMIN_TEXT_MAX_LENGTH),
  /** Tell the customer (default true); false records the update on their timeline without a notification. */
  notifyCustomer: z.optional(z.boolean({ error: m.notifyCustomerInvalid })),
  /** A note for staff only: never shown to the customer, never notified (implies notifyCustomer false). */
  internal: z.optional(z.boolean({ error: m.internalInvalid })),
})
export type AddStatusUpdateInput = z.infer<typeof addStatusUpdateSchema>

/** PATCH /api/admin/orders/{orderId}/updates/{updateId} */
export const editStatusUpdateSchema = z.strictObject({
  notes: z.string({ error: m.messageEmpty }).check(z.trim(), z.minLength(1, m.messageEmpty), z.maxLength(ADMIN_TEXT_MAX_LENGTH)),
})
export type EditStatusUpdateInput = z.infer<typeof editStatusUpdateSchema>
