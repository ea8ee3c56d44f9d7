import { describe, expect, it } from 'vitest'
import { actorOf, auditEvent, MAX_VALUE_LENGTH } from '../../functions/domain/audit.ts'
import { customerChanges, orderChanges, settingsAudit, withOrderChanges } from '../../functions/domain/audit-changes.ts'
import { newOrder, type Order } from '../../functions/domain/order.ts'
import { changeOrder } from '../../functions/use-cases/admin-order-write.ts'
import type { OrderCommit, OrderWriteExtras } from '../../functions/db/repositories/orders.ts'

const base = (): Order => ({
  ...newOrder(
    { orderId: 'o-1', orderNumber: 'GS-000001', customerId: 'c-1', customerName: 'Ada Lovelace', customerEmail: 'ada@example.com', firearmMake: 'Colt', firearmModel: 'Python', serialNumber: 'S1', serviceType: 'Repair', description: 'Timing', estimatedCostCents: 15_000 },
    { invoiceId: 'i-1', at: '2026-01-01T00:00:00.000Z' },
  ),
  version: 3,
})

const actor = { id: 'admin-1', name: 'Sam Armorer' }

describe('orderChanges: what changed on an order, readable', () => {
  it('labels and formats the fields that changed (status labels, money), with the invoice total and balance that moved', () => {
    const before = base()
    const after = { ...before, currentStatus: 'in_progress', estimatedCostCents: 17_500, version: 4, updatedAt: 'later' }
    expect(orderChanges(before, after)).toEqual([
      { field: 'Status', before: 'Order Created', after: 'Work In Progress' },
      { field: 'Estimated cost', before: '$150.00', after: '$175.00' },
      { field: 'Invoice total', before: '$175.00', after: '$200.00' },
      { field: 'Balance due', before: '$175.00', after: '$200.00' },
    ])
  })

  it('leaves out bookkeeping (version, times) and records nothing when nothing people read changed', () => {
    const before = base()
    expect(orderChanges(before, { ...before, version: 9, updatedAt: 'x', invoiceLastUpdated: 'y' })).toEqual([])
  })

  it('a cleared value reads as empty, a flag as Yes/No', () => {
    const before = { ...base(), firearmCaliber: '.357 Magnum' }
    expect(orderChanges(before, { ...before, firearmCaliber: undefined, isArchived: true })).toEqual([
      { field: 'Caliber', before: '.357 Magnum', after: '' },
      { field: 'Archived', before: 'No', after: 'Yes' },
    ])
  })

  it('records a field it does not know under its name (a later field), money when it ends in Cents, an address as its parts', () => {
    const before = base() as Order & Record<string, unknown>
    const after = { ...before, pickupAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' }, intakeFeeCents: 1_250 }
    expect(orderChanges(before, after as unknown as Order)).toEqual([
      { field: 'Intake fee', before: '', after: '$12.50' },
      { field: 'Pickup address', before: '', after: '1 Main St, Austin, TX, 78701' },
    ])
  })

  it('lines added and removed, approval requests asked and decided', () => {
    const line = { lineId: 'l1', kind: 'part' as const, name: 'Hammer spring', unitCents: 1_200, quantity: 2, needsApproval: false, createdAt: 'a', createdBy: 'x' }
    const before = base()
    const withLine = { ...before, lines: [line] }
    expect(orderChanges(before, withLine)).toEqual(expect.arrayContaining([{ field: 'Line', before: '', after: 'Hammer spring × 2 at $12.00' }]))
    expect(orderChanges(withLine, before)).toEqual(expect.arrayContaining([{ field: 'Line', before: 'Hammer spring × 2 at $12.00', after: '' }]))
    const request = { requestId: 'r1', reason: 'Worn parts', status: 'pending' as const, lines: [{ lineId: 'l1', kind: 'part' as const, name: 'Hammer spring', unitCents: 1_200, quantity: 2 }], requestedAt: 'a', requestedBy: 'x' }
    const asked = { ...withLine, approvalRequests: [request] }
    expect(orderChanges(withLine, asked)).toContainEqual({ field: 'Approval request', before: '', after: 'Pending: Worn parts ($24.00)' })
    expect(orderChanges(asked, { ...asked, approvalRequests: [{ ...request, status: 'withdrawn' as const }] })).toContainEqual({
      field: 'Approval request',
      before: 'Pending: Worn parts ($24.00)',
      after: 'Withdrawn: Worn parts ($24.00)',
    })
  })

  it('a new order lists what was filled in, from nothing, without its defaults', () => {
    const changes = orderChanges(null, base())
    expect(changes).toContainEqual({ field: 'Make', before: '', after: 'Colt' })
    expect(changes).toContainEqual({ field: 'Estimated cost', before: '', after: '$150.00' })
    expect(changes.map((c) => c.field)).not.toContain('Archived')
    expect(changes.map((c) => c.field)).not.toContain('Amount paid')
  })
})

describe('auditEvent and the other builders', () => {
  it('an order record carries the order, its customer, the actor and the changes; long values are clipped', () => {
    const before = base()
    const after = { ...before, description: 'x'.repeat(2_000) }
    const e = withOrderChanges(auditEvent({ actor, action: 'order.update', summary: 'Edited the order', at: '2026-01-02T00:00:00.000Z', before, after }))
    expect(e).toMatchObject({ actorId: 'admin-1', actorName: 'Sam Armorer', action: 'order.update', orderId: 'o-1', orderNumber: 'GS-000001', customerId: 'c-1', at: '2026-01-02T00:00:00.000Z' })
    expect(e.changes[0].field).toBe('Description')
    expect(e.changes[0].after).toHaveLength(MAX_VALUE_LENGTH)
  })

  it('customer and settings changes', () => {
    expect(customerChanges({ firstName: 'Aud', phone: '+15551234567', enableSmsNotifications: false }, { firstName: 'Audrey', phone: undefined, enableSmsNotifications: true })).toEqual([
      { field: 'First name', before: 'Aud', after: 'Audrey' },
      { field: 'Phone', before: '+15551234567', after: '' },
      { field: 'SMS notifications', before: 'No', after: 'Yes' },
    ])
    const s = settingsAudit(actor, { laborRateCents: 7_500, defaultTaxRate: 7.75 }, { laborRateCents: 8_000, defaultTaxRate: 8.25 })
    expect(s).toMatchObject({ action: 'settings.save', changes: [{ field: 'Tax rate', before: '7.75%', after: '8.25%' }, { field: 'Labor rate', before: '$75.00', after: '$80.00' }] })
    expect(s.orderId).toBeUndefined()
    expect(s.customerId).toBeUndefined()
  })

  it('actorOf: the name the account gate read, else the email', () => {
    expect(actorOf({ userId: 'u', firstName: 'Sam', lastName: 'Armorer' })).toEqual({ id: 'u', name: 'Sam Armorer' })
    expect(actorOf({ userId: 'u', email: 'sam@example.com' })).toEqual({ id: 'u', name: 'sam@example.com' })
  })
})

describe('changeOrder records the change it saves', () => {
  it('one record with the diff, in the same save as the change; none without an actor', async () => {
    const saved: OrderWriteExtras[] = []
    const orders = { getOrder: async () => base(), summaries: async () => [], commit: async ({ orders: [w], audit }: OrderCommit) => (saved.push(audit?.length ? { audit } : {}), [w.order]) }
    await changeOrder({ orders, orderId: 'o-1', audit: { actor, action: 'order.archive', summary: 'Archived the order' }, change: (o) => ({ order: { ...o, isArchived: true }, result: null }) })
    // The order's difference is made readable before the record is stored (the domain's resolveAudit, in commitChange).
    expect(saved[0].audit).toEqual([expect.objectContaining({ actorName: 'Sam Armorer', action: 'order.archive', orderId: 'o-1', changes: [{ field: 'Archived', before: 'No', after: 'Yes' }] })])
    await changeOrder({ orders, orderId: 'o-1', change: (o) => ({ order: o, result: null }) })
    expect(saved[1].audit).toBeUndefined()
  })
})
