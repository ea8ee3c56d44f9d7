import { beforeAll, describe, expect, it } from 'vitest'
import { sortableId, uuid } from '../../functions/db/ids.ts'
import { createStatusUpdateRepository } from '../../functions/db/repositories/status-updates.ts'
import { defaultTable } from '../../functions/db/table.ts'
import type { StatusUpdate } from '../../functions/domain/order.ts'
import { useStackTable } from './helpers.ts'

beforeAll(() => useStackTable())

const update = (orderId: string, t: number, over: Partial<StatusUpdate> = {}): StatusUpdate => {
  const at = new Date(t).toISOString()
  return { orderId, updateId: sortableId(t), status: 'in_progress', notes: 'Working on it', createdBy: 'admin', authorLabel: 'Admin', isCustomerNote: false, createdAt: at, updatedAt: at, ...over }
}

describe('the status update repository against DynamoDB Local', () => {
  it('adds, lists newest first, gets, edits and removes updates of one order only', async () => {
    const repo = createStatusUpdateRepository(defaultTable())
    const orderId = uuid()
    const t = Date.parse('2026-01-01T00:00:00.000Z')
    const first = await repo.add(update(orderId, t, { notes: 'first' }))
    const second = await repo.add(update(orderId, t + 1000, { notes: 'second', status: 'customer_note', isCustomerNote: true, authorLabel: 'Ada' }))
    await repo.add(update(uuid(), t + 2000))

    expect((await repo.listForOrder(orderId)).map((u) => u.notes)).toEqual(['second', 'first'])
    expect(await repo.get(orderId, second.updateId)).toEqual(second)
    expect(await repo.get(orderId, sortableId())).toBeNull()
    await expect(repo.add(first)).rejects.toThrow()

    const edited = await repo.updateNotes(orderId, first.updateId, 'edited')
    expect(edited).toMatchObject({ updateId: first.updateId, notes: 'edited', createdAt: first.createdAt })
    expect(edited!.updatedAt >= first.updatedAt).toBe(true)
    expect(await repo.updateNotes(orderId, sortableId(), 'x')).toBeNull()

    expect(await repo.remove(orderId, first.updateId)).toMatchObject({ updateId: first.updateId, notes: 'edited' })
    expect(await repo.remove(orderId, first.updateId)).toBeNull()
    expect((await repo.listForOrder(orderId)).map((u) => u.updateId)).toEqual([second.updateId])
  })
})
