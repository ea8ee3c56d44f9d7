import { MAX_LABOR_HUNDREDTHS } from '../invoice.ts'
import { SERVICE_TYPE_KINDS, SERVICE_TYPE_NAME_MAX, serviceTypeMessages as m } from '../service-types.ts'
import * as z from './zod.ts'

const name = z.string({ error: m.nameRequired }).check(z.trim(), z.minLength(1, m.nameRequired), z.maxLength(SERVICE_TYPE_NAME_MAX, m.nameRequired))
const price = z.nullable(z.number({ error: m.priceInvalid }).check(z.int(m.priceInvalid), z.gte(0, m.priceInvalid), z.lte(100_000_000, m.priceInvalid)))
const hours = z.nullable(z.number({ error: m.hoursInvalid }).check(z.int(m.hoursInvalid), z.gte(1, m.hoursInvalid), z.lte(MAX_LABOR_HUNDREDTHS, m.hoursInvalid)))
const fields = {
  name,
  kind: z.enum(SERVICE_TYPE_KINDS, { error: m.kindInvalid }),
  /** Flat kinds: cents. */
  defaultPriceCents: z.optional(price),
  /** Labor: hundredths of an hour (150 = 1.5 h). */
  defaultHoursHundredths: z.optional(hours),
  taxable: z.boolean(),
  active: z.boolean(),
  sortOrder: z.number().check(z.int(), z.gte(0), z.lte(100_000)),
}

/** A labor type needs its default hours; a flat one its default price. */
const defaultsFit = z.superRefine((v: { kind?: string; defaultPriceCents?: number | null; defaultHoursHundredths?: number | null }, ctx) => {
  if (v.kind === 'labor' && v.defaultHoursHundredths == null) ctx.addIssue({ code: 'custom', path: ['defaultHoursHundredths'], message: m.hoursInvalid })
  if ((v.kind === 'service' || v.kind === 'part') && v.defaultPriceCents == null) ctx.addIssue({ code: 'custom', path: ['defaultPriceCents'], message: m.priceInvalid })
})

/** POST /api/admin/service-types */
export const createServiceTypeSchema = z
  .strictObject({ ...fields, taxable: z._default(fields.taxable, false), active: z._default(fields.active, true), sortOrder: z.optional(fields.sortOrder) })
  .check(defaultsFit)
export type CreateServiceTypeInput = z.infer<typeof createServiceTypeSchema>

/** PATCH /api/admin/service-types/{serviceTypeId}: any subset (the kind's default is checked against the stored type). */
export const updateServiceTypeSchema = z.strictObject({
  name: z.optional(name),
  kind: z.optional(fields.kind),
  defaultPriceCents: z.optional(price),
  defaultHoursHundredths: z.optional(hours),
  taxable: z.optional(fields.taxable),
  active: z.optional(fields.active),
  sortOrder: z.optional(fields.sortOrder),
})
export type UpdateServiceTypeInput = z.infer<typeof updateServiceTypeSchema>
