import { afterAll, describe, expect, it, vi } from 'vitest'
import { orderEntity } from '../../functions/db/entities/order.ts'
import { profileEntity } from '../../functions/db/entities/profile.ts'
import { installLazyOperationProxies, uninstallLazyOperationProxies } from '../../functions/db/lazy-operation-proxies.ts'
import type { TableConfig } from '../../functions/db/table.ts'

const config = { table: 'T', client: { send: async () => ({}) } as unknown as TableConfig['client'] }

/** Operations that read the proxies (where clauses, update expressions, conditions) and ones that never do. */
function params() {
  const order = orderEntity(config)
  const profiles = profileEntity(config)
  const at = '2026-11-27T00:00:00.000Z'
  return [
    order.get({ orderId: 'o1' }).params(),
    order.query.bySerial({ serialKey: 'abc' }).params({ limit: 5 }),
    order.query
      .byListState({ listState: 'active' })
      .where(({ isArchived, searchText, currentStatus, amountPaidCents }, { ne, contains, eq, between, exists, notExists, begins }) =>
        [ne(isArchived, true), contains(searchText, 'colt'), eq(currentStatus, 'parts_needed'), between(amountPaidCents, 1, 9), exists(searchText), notExists(isArchived), begins(searchText, 'c')].join(' AND '),
      )
      .params({ limit: 25 }),
    order
      .patch({ orderId: 'o1' })
      .set({ taxRatePpm: 82_500, serviceCostCents: 4_000 })
      .add({ version: 1 })
      .subtract({ amountPaidCents: 5 })
      .remove(['openCheckout'])
      .where(({ version }, { eq }) => eq(version, 3))
      .params(),
    order
      .update({ orderId: 'o1' })
      .data(({ version, serviceCostCents, amountPaidCents }, { set, add, ifNotExists }) => {
        set(serviceCostCents, 1_000)
        add(version, 1)
        ifNotExists(amountPaidCents, 0)
      })
      .params(),
    profiles.patch({ userId: 'u1' }).set({ firstName: 'Ann', lastName: 'Lee' }).remove(['phone']).where(({ updatedAt }, { eq }) => eq(updatedAt, at)).params(),
    profiles.query.byEmail({ emailKey: 'a@b.c' }).params({ limit: 1 }),
    profiles.query.byRole({ role: 'customer' }).where(({ isArchived }, { ne }) => ne(isArchived, true)).params({ order: 'desc' }),
  ]
}

describe("lazy ElectroDB operation proxies (functions/db/lazy-operation-proxies.ts)", () => {
  afterAll(() => {
    installLazyOperationProxies()
    vi.useRealTimers()
  })

  it("build exactly the parameters ElectroDB's own proxies build", () => {
    // The same clock for both (ElectroDB stamps updatedAt).
    vi.useFakeTimers({ now: new Date('2026-11-27T08:00:00.000Z'), toFake: ['Date'] })
    installLazyOperationProxies()
    const lazy = params()
    uninstallLazyOperationProxies()
    const own = params()
    expect(lazy).toEqual(own)
    expect(JSON.stringify(lazy)).toBe(JSON.stringify(own))
  })

  it('answer only the names of the attributes and operations, as the originals do', () => {
    installLazyOperationProxies()
    const seen: string[] = []
    orderEntity(config)
      .query.bySerial({ serialKey: 'x' })
      .where((attributes, operations) => {
        seen.push(String('currentStatus' in attributes), String('nope' in attributes), String('eq' in operations), Object.keys(attributes).length.toString())
        return operations.eq(attributes.currentStatus, 'shipped')
      })
      .params()
    expect(seen).toEqual(['true', 'false', 'true', '0'])
  })
})
