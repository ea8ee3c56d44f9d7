import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb'
import { MAX_SERVICE_TYPES, SEEDED_SERVICE_TYPES, serviceTypeMessages as m, type ServiceType } from '@gs/shared/service-types'
import type { AuditEvent } from '#functions/domain/audit.ts'
import { ConflictError } from '#functions/lib/errors.ts'
import { serviceTypeEntity, serviceTypeNameEntity } from '../entities/service-type.ts'
import { sortableId } from '../ids.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { auditItem, resolveAudit } from './audit.ts'

const SCOPE = 'shop'
/** The name guard's key: names are unique case-insensitively (and ignoring surrounding and repeated spaces). */
export const nameKeyOf = (name: string) => `serviceTypeName#${name.trim().replace(/\s+/g, ' ').toLowerCase()}`

export interface ServiceTypeRepository {
  /** Every type, active first, then by sortOrder and name: one Query of the price list's partition (at most MAX_SERVICE_TYPES). */
  list(): Promise<ServiceType[]>
  get(serviceTypeId: string): Promise<ServiceType | null>
  /** Adds a type with its name guard and audit record (one transaction; null: none, the seed and tests); a name in use is a 409. */
  create(fields: Omit<ServiceType, 'id' | 'createdAt' | 'updatedAt'>, audit: (created: ServiceType) => AuditEvent | null, at?: string): Promise<ServiceType>
  /** Saves `after` over `before` (unchanged since read, else 409), moving the name guard on a rename, with the audit record. */
  update(before: ServiceType, after: ServiceType, audit: AuditEvent): Promise<ServiceType>
  /** Adds the spec's seven types when the list is empty (migration, local seed); how many were added. */
  seedIfEmpty(at?: string): Promise<number>
}

type Item = {
  serviceTypeId: string
  name: string
  kind: ServiceType['kind']
  defaultPriceCents?: number
  defaultHoursHundredths?: number
  taxable: boolean
  active: boolean
  sortOrder: number
  createdAt: string
  updatedAt: string
}

const fromItem = (i: Item): ServiceType => ({
  id: i.serviceTypeId,
  name: i.name,
  kind: i.kind,
  defaultPriceCents: i.kind === 'labor' ? null : (i.defaultPriceCents ?? 0),
  defaultHoursHundredths: i.kind === 'labor' ? (i.defaultHoursHundredths ?? 0) : null,
  taxable: i.taxable,
  active: i.active,
  sortOrder: i.sortOrder,
  createdAt: i.createdAt,
  updatedAt: i.updatedAt,
})

/** The stored attributes of a type: only its kind's default. */
const itemOf = (t: ServiceType) => ({
  scope: SCOPE,
  serviceTypeId: t.id,
  name: t.name,
  kind: t.kind,
  ...(t.kind === 'labor' ? { defaultHoursHundredths: t.defaultHoursHundredths ?? 0 } : { defaultPriceCents: t.defaultPriceCents ?? 0 }),
  taxable: t.taxable,
  active: t.active,
  sortOrder: t.sortOrder,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
})

export const byListOrder = (a: ServiceType, b: ServiceType) =>
  Number(b.active) - Number(a.active) || a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })

const isCancelled = (err: unknown) => (err as { name?: string }).name === 'TransactionCanceledException'
const reasonsOf = (err: unknown) => ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code ?? 'None')

export function createServiceTypeRepository(config: TableConfig): ServiceTypeRepository {
  const { table, client } = config
  const types = serviceTypeEntity({ table, client })
  const names = serviceTypeNameEntity({ table, client })
  const auditPuts = async (events: readonly AuditEvent[]) => {
    const { auditEvent } = createService(config).entities
    return (await resolveAudit(events)).map((e) => ({ Put: auditEvent.create(auditItem(e)).params() as never }))
  }
  const list = async () => {
    const { data } = await types.query.byScope({ scope: SCOPE }).go({ limit: MAX_SERVICE_TYPES, pages: 1 })
    return (data as Item[]).map(fromItem).sort(byListOrder)
  }
  async function create(fields: Omit<ServiceType, 'id' | 'createdAt' | 'updatedAt'>, audit: (created: ServiceType) => AuditEvent | null, at = new Date().toISOString()) {
    const created: ServiceType = { ...fields, id: sortableId(Date.parse(at)), createdAt: at, updatedAt: at }
    const event = audit(created)
    try {
      await client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: types.create(itemOf(created)).params() as never },
            { Put: names.create({ nameKey: nameKeyOf(created.name), serviceTypeId: created.id }).params() as never },
            ...(event ? await auditPuts([event]) : []),
          ],
        }),
      )
    } catch (err) {
      if (isCancelled(err) && reasonsOf(err)[1] === 'ConditionalCheckFailed') throw new ConflictError(m.nameTaken)
      throw err
    }
    return created
  }
  return {
    list,
    async get(serviceTypeId) {
      const { data } = await types.get({ scope: SCOPE, serviceTypeId }).go()
      return data ? fromItem(data as Item) : null
    },
    create,
    async update(before, after, audit) {
      const renamed = nameKeyOf(before.name) !== nameKeyOf(after.name)
      const { scope: _s, serviceTypeId: _id, createdAt: _c, ...set } = itemOf(after)
      const patch = types
        .patch({ scope: SCOPE, serviceTypeId: before.id })
        .set(set)
        .remove(after.kind === 'labor' ? ['defaultPriceCents'] : ['defaultHoursHundredths'])
        .where((a, { eq }) => eq(a.updatedAt, before.updatedAt))
        .params() as Record<string, unknown>
      delete patch.ReturnValues
      const guard = renamed
        ? [
            { Delete: names.delete({ nameKey: nameKeyOf(before.name) }).params() as never },
            { Put: names.create({ nameKey: nameKeyOf(after.name), serviceTypeId: after.id }).params() as never },
          ]
        : []
      try {
        await client.send(new TransactWriteCommand({ TransactItems: [{ Update: patch as never }, ...guard, ...(await auditPuts([audit]))] }))
      } catch (err) {
        if (isCancelled(err)) {
          const codes = reasonsOf(err)
          if (renamed && codes[2] === 'ConditionalCheckFailed') throw new ConflictError(m.nameTaken)
          if (codes[0] === 'ConditionalCheckFailed') throw new ConflictError(m.changedMeanwhile)
        }
        throw err
      }
      return after
    },
    async seedIfEmpty(at = new Date().toISOString()) {
      if ((await list()).length > 0) return 0
      let added = 0
      for (const [i, t] of SEEDED_SERVICE_TYPES.entries()) {
        try {
          await create({ ...t, active: true, sortOrder: (i + 1) * 10 }, () => null, new Date(Date.parse(at) + i).toISOString())
          added += 1
        } catch (err) {
          // Seeded meanwhile (another run): the name is there already.
          if (!(err instanceof ConflictError)) throw err
        }
      }
      return added
    },
  }
}
