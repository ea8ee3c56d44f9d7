import { MAX_SERVICE_TYPES, SERVICE_TYPE_KIND_LABELS, serviceTypeMessages as m, serviceTypeDefaultText, type ServiceType, type ServiceTypeList } from '@gs/shared/service-types'
import type { CreateServiceTypeInput, UpdateServiceTypeInput } from '@gs/shared/schemas/service-types'
import { formatCents } from '@gs/shared/money'
import { formatHours } from '@gs/shared/invoice'
import type { ServiceTypeRepository } from '../db/repositories/service-types.ts'
import type { SettingsRepository } from '../db/repositories/settings.ts'
import { auditEvent, type Actor, type AuditChange } from '../domain/audit.ts'
import { NotFoundError, ValidationError } from '../lib/errors.ts'

/** The price list and the labor rate the pickers preview with (one Query, one GetItem). */
export async function listServiceTypes({ types, settings }: { types: Pick<ServiceTypeRepository, 'list'>; settings: Pick<SettingsRepository, 'getSettings'> }): Promise<ServiceTypeList> {
  const [items, s] = await Promise.all([types.list(), settings.getSettings()])
  return { items, laborRateCents: s.laborRateCents }
}

/** Each field of a type as the audit log reads it. */
const FIELDS: ReadonlyArray<readonly [keyof ServiceType, string, (t: ServiceType) => string]> = [
  ['name', 'Name', (t) => t.name],
  ['kind', 'Kind', (t) => SERVICE_TYPE_KIND_LABELS[t.kind]],
  ['defaultPriceCents', 'Default price', (t) => (t.defaultPriceCents === null ? '' : formatCents(t.defaultPriceCents))],
  ['defaultHoursHundredths', 'Default hours', (t) => (t.defaultHoursHundredths === null ? '' : `${formatHours(t.defaultHoursHundredths)} h`)],
  ['taxable', 'Taxable', (t) => (t.taxable ? 'Yes' : 'No')],
  ['active', 'Active', (t) => (t.active ? 'Yes' : 'No')],
  ['sortOrder', 'Sort order', (t) => String(t.sortOrder)],
]
const changesOf = (before: ServiceType | null, after: ServiceType): AuditChange[] =>
  FIELDS.map(([, field, show]) => ({ field, before: before ? show(before) : '', after: show(after) })).filter((c) => c.before !== c.after)

/** The kind's default only (a labor type has hours, a flat one a price). */
const withKindDefaults = (t: Omit<ServiceType, 'id' | 'createdAt' | 'updatedAt'>) => ({
  ...t,
  defaultPriceCents: t.kind === 'labor' ? null : (t.defaultPriceCents ?? 0),
  defaultHoursHundredths: t.kind === 'labor' ? t.defaultHoursHundredths : null,
})

/** POST: a new type, its name unique (409 otherwise); the list holds at most MAX_SERVICE_TYPES. */
export async function createServiceType({ types, input, actor, now = () => new Date() }: { types: Pick<ServiceTypeRepository, 'list' | 'create'>; input: CreateServiceTypeInput; actor: Actor; now?: () => Date }) {
  const existing = await types.list()
  if (existing.length >= MAX_SERVICE_TYPES) throw new ValidationError(m.tooMany)
  const at = now().toISOString()
  const sortOrder = input.sortOrder ?? Math.max(0, ...existing.map((t) => t.sortOrder)) + 10
  const fields = withKindDefaults({
    name: input.name,
    kind: input.kind,
    defaultPriceCents: input.defaultPriceCents ?? null,
    defaultHoursHundredths: input.defaultHoursHundredths ?? null,
    taxable: input.taxable,
    active: input.active,
    sortOrder,
  })
  return types.create(fields, (created) => auditEvent({ actor, action: 'service_type.create', summary: `Added service type: ${created.name}`, at, changes: changesOf(null, created) }), at)
}

/** PATCH: the fields sent; a labor type must keep hours, a flat one a price. Deactivating is how a type leaves the pickers. */
export async function updateServiceType({
  types,
  serviceTypeId,
  input,
  actor,
  now = () => new Date(),
}: {
  types: Pick<ServiceTypeRepository, 'get' | 'update'>
  serviceTypeId: string
  input: UpdateServiceTypeInput
  actor: Actor
  now?: () => Date
}) {
  const before = await types.get(serviceTypeId)
  if (!before) throw new NotFoundError(m.notFound)
  const kind = input.kind ?? before.kind
  const merged = {
    name: input.name ?? before.name,
    kind,
    defaultPriceCents: input.defaultPriceCents !== undefined ? input.defaultPriceCents : before.defaultPriceCents,
    defaultHoursHundredths: input.defaultHoursHundredths !== undefined ? input.defaultHoursHundredths : before.defaultHoursHundredths,
    taxable: input.taxable ?? before.taxable,
    active: input.active ?? before.active,
    sortOrder: input.sortOrder ?? before.sortOrder,
  }
  if (kind === 'labor' && !merged.defaultHoursHundredths) throw new ValidationError(m.hoursInvalid, { defaultHoursHundredths: m.hoursInvalid })
  if (kind !== 'labor' && merged.defaultPriceCents == null) throw new ValidationError(m.priceInvalid, { defaultPriceCents: m.priceInvalid })
  const at = now().toISOString()
  const after: ServiceType = { ...before, ...withKindDefaults(merged), updatedAt: at > before.updatedAt ? at : new Date(Date.parse(before.updatedAt) + 1).toISOString() }
  const changes = changesOf(before, after)
  if (changes.length === 0) return before
  const summary = before.active && !after.active ? `Deactivated service type: ${after.name}` : `Changed service type: ${after.name}`
  return types.update(before, after, auditEvent({ actor, action: 'service_type.update', summary, at, changes }))
}

export { serviceTypeDefaultText }
