import * as z from 'zod'
import { ADMIN_TEXT_MAX_LENGTH, adminMessages as m } from '../admin-messages.ts'
import { APPROVAL_STATUSES, ORDER_STATUSES } from '../statuses.ts'

const required = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max, message)
/** Optional text; blank or null clears the stored value. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => v || null)
    .optional()
const cents = (message: string) => z.number({ error: message }).int(message).min(0, message).max(100_000_000, message)
const status = z.string({ error: m.statusInvalid }).refine((s) => (ORDER_STATUSES as readonly string[]).includes(s), m.statusInvalid)

/** POST /api/admin/orders (admin-side §5 "Create order"). */
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
})
export type CreateAdminOrderInput = z.infer<typeof createAdminOrderSchema>

/** PATCH /api/admin/orders/{orderId}: any subset of the edit form plus the version the admin loaded. */
export const updateAdminOrderSchema = z.strictObject({
  version: z.number({ error: m.versionRequired }).int(m.versionRequired).min(1, m.versionRequired),
  firearmMake: required(m.firearmMakeRequired).optional(),
  firearmModel: required(m.firearmModelRequired).optional(),
  serialNumber: required(m.serialNumberRequired, 100).optional(),
  firearmCaliber: optionalText(100),
  serviceType: required(m.serviceTypeRequired, 50).optional(),
  description: required(m.descriptionRequired, ADMIN_TEXT_MAX_LENGTH).optional(),
  estimatedCostCents: cents(m.estimatedCostInvalid).optional(),
  currentStatus: status.optional(),
  statusNote: optionalText(ADMIN_TEXT_MAX_LENGTH),
  inboundTrackingNumber: optionalText(100),
  outboundTrackingNumber: optionalText(100),
  additionalCostCents: cents(m.additionalCostInvalid).optional(),
  additionalCostReason: optionalText(ADMIN_TEXT_MAX_LENGTH),
  additionalCostApprovalStatus: z.enum(APPROVAL_STATUSES, { error: m.approvalStatusInvalid }).optional(),
  additionalCostApprovalNote: optionalText(ADMIN_TEXT_MAX_LENGTH),
})
export type UpdateAdminOrderInput = z.infer<typeof updateAdminOrderSchema>

/** POST /api/admin/orders/{orderId}/approval-request */
export const approvalRequestSchema = z.strictObject({
  reason: z.string({ error: m.approvalReasonRequired }).trim().min(1, m.approvalReasonRequired).max(ADMIN_TEXT_MAX_LENGTH),
})
export type ApprovalRequestInput = z.infer<typeof approvalRequestSchema>

/** GET /api/admin/orders?view=active|archived&limit=&cursor= */
export const adminOrdersQuerySchema = z.object({
  view: z.enum(['active', 'archived'], { error: 'view must be active or archived' }).default('active'),
  limit: z.coerce.number({ error: 'limit must be between 1 and 100' }).int('limit must be between 1 and 100').min(1, 'limit must be between 1 and 100').max(100, 'limit must be between 1 and 100').default(20),
  cursor: z.string().max(2000).optional(),
})
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>

/** POST /api/admin/orders/{orderId}/updates: the status from the catalogue; without notes the default text is used. */
export const addStatusUpdateSchema = z.strictObject({
  status,
  notes: z.string().trim().max(ADMIN_TEXT_MAX_LENGTH).optional(),
})
export type AddStatusUpdateInput = z.infer<typeof addStatusUpdateSchema>

/** PATCH /api/admin/orders/{orderId}/updates/{updateId} */
export const editStatusUpdateSchema = z.strictObject({
  notes: z.string({ error: m.messageEmpty }).trim().min(1, m.messageEmpty).max(ADMIN_TEXT_MAX_LENGTH),
})
export type EditStatusUpdateInput = z.infer<typeof editStatusUpdateSchema>

/** POST /api/admin/orders/{orderId}/parts (admin-side §5 "Add part"). */
export const addPartSchema = z.strictObject({
  partName: required(m.partNameRequired),
  partDescription: z.string().trim().max(ADMIN_TEXT_MAX_LENGTH).optional(),
  partCostCents: cents(m.partCostInvalid),
  quantity: z.number({ error: m.partQuantityInvalid }).int(m.partQuantityInvalid).min(1, m.partQuantityInvalid).max(10_000, m.partQuantityInvalid),
})
export type AddPartInput = z.infer<typeof addPartSchema>
