import { describe, expect, it, vi } from 'vitest'
import { ContendedTransaction, ItemConditionFailed, VersionConflict } from '../../functions/db/repositories/orders.ts'
import { ConflictError } from '../../functions/lib/errors.ts'
import { backoffMs, ConcurrentChange, isConcurrentChange, retryOnConflict, WRITE_ATTEMPTS, WRITE_RETRY } from '../../functions/lib/retry.ts'

/** An attempt that is refused `refusals` times, then resolves with the attempt's number. */
const refusedThen = (refusals: number, refusal: () => Error = () => new VersionConflict()) =>
  vi.fn(async (n: number) => {
    if (n <= refusals) throw refusal()
    return n
  })

const noWait = () => vi.fn(async (_ms: number) => undefined)

describe('isConcurrentChange: what counts as a write refused by a concurrent change', () => {
  it('the repositories’ refusals: a moved version, a refused item, a transaction that met another one', () => {
    expect(isConcurrentChange(new VersionConflict())).toBe(true)
    expect(isConcurrentChange(new ItemConditionFailed(['None', 'ConditionalCheckFailed']))).toBe(true)
    expect(isConcurrentChange(new ContendedTransaction(['TransactionConflict']))).toBe(true)
    expect(isConcurrentChange(new ConcurrentChange())).toBe(true)
  })

  it('nothing else: an answer for a person, a failure of the storage, anything thrown', () => {
    expect(isConcurrentChange(new ConflictError('This order was changed by someone else.'))).toBe(false)
    expect(isConcurrentChange(new Error('Order transaction cancelled: ["ValidationError"]'))).toBe(false)
    expect(isConcurrentChange('VersionConflict')).toBe(false)
    expect(isConcurrentChange(undefined)).toBe(false)
  })
})

describe('backoffMs: full jitter, doubling, capped', () => {
  it('draws below base · 2^(failed − 1), never above the cap', () => {
    const top = (failed: number) => backoffMs(failed, { baseMs: 10, capMs: 500, random: () => 0.999999 })
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(top)).toEqual([9, 19, 39, 79, 159, 319, 499, 499, 499])
    expect(backoffMs(4, { baseMs: 10, capMs: 500, random: () => 0 })).toBe(0)
    expect(backoffMs(3, { baseMs: 10, capMs: 500, random: () => 0.5 })).toBe(20)
  })

  it('the policy: ten attempts, 10 ms doubling to at most 500 ms (at most 2.13 s of waiting in all, about half that on average)', () => {
    expect(WRITE_RETRY).toMatchObject({ attempts: WRITE_ATTEMPTS, baseMs: 10, capMs: 500 })
    expect(WRITE_ATTEMPTS).toBe(10)
    const worst = Array.from({ length: WRITE_ATTEMPTS - 1 }, (_, i) => Math.min(500, 10 * 2 ** i)).reduce((a, b) => a + b, 0)
    expect(worst).toBe(2_130)
  })
})

describe('retryOnConflict', () => {
  it('resolves at once when nothing refuses the write: no wait', async () => {
    const attempt = refusedThen(0)
    const sleep = noWait()
    expect(await retryOnConflict(attempt, { sleep })).toBe(1)
    expect(attempt).toHaveBeenCalledTimes(1)
    expect(sleep).not.toHaveBeenCalled()
  })

  it('retries a refused write with a jittered wait before each new attempt, numbering the attempts', async () => {
    const attempt = refusedThen(3)
    const sleep = noWait()
    expect(await retryOnConflict(attempt, { sleep, random: () => 0.5 })).toBe(4)
    expect(attempt.mock.calls.map(([n]) => n)).toEqual([1, 2, 3, 4])
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([5, 10, 20])
  })

  it('gives up after the bound, with the caller’s error made from the last refusal', async () => {
    const attempt = refusedThen(WRITE_ATTEMPTS, () => new ItemConditionFailed(['ConditionalCheckFailed']))
    const sleep = noWait()
    const err = await retryOnConflict(attempt, { sleep, exhausted: (last) => new ConflictError(`gave up on ${(last as Error).message}`) }).catch((e) => e)
    expect(err).toBeInstanceOf(ConflictError)
    expect(err.message).toBe('gave up on A condition of the transaction failed: ConditionalCheckFailed')
    expect(attempt).toHaveBeenCalledTimes(WRITE_ATTEMPTS)
    expect(sleep).toHaveBeenCalledTimes(WRITE_ATTEMPTS - 1)
  })

  it('without a mapping, the last refusal is thrown as it is; a smaller bound is one number too', async () => {
    const attempt = refusedThen(5)
    await expect(retryOnConflict(attempt, { attempts: 3, sleep: noWait() })).rejects.toBeInstanceOf(VersionConflict)
    expect(attempt).toHaveBeenCalledTimes(3)
  })

  it('never retries anything else: it ends at once', async () => {
    const refused = vi.fn(async () => {
      throw new ConflictError('There is no pending approval request for this order')
    })
    const sleep = noWait()
    await expect(retryOnConflict(refused, { sleep, exhausted: () => new Error('not this') })).rejects.toThrow('There is no pending approval request')
    expect(refused).toHaveBeenCalledTimes(1)
    expect(sleep).not.toHaveBeenCalled()
  })

  it('a narrower predicate for a write pinned to a version a person loaded: only a contended transaction is tried again', async () => {
    const pinned = { retryable: (err: unknown) => err instanceof ContendedTransaction, sleep: noWait() }
    const contended = refusedThen(2, () => new ContendedTransaction(['TransactionConflict']))
    expect(await retryOnConflict(contended, pinned)).toBe(3)
    const moved = refusedThen(2)
    await expect(retryOnConflict(moved, pinned)).rejects.toBeInstanceOf(VersionConflict)
    expect(moved).toHaveBeenCalledTimes(1)
  })

  it('waits for real by default (the policy’s own sleep), well under the bound', async () => {
    const started = Date.now()
    expect(await retryOnConflict(refusedThen(2), { random: () => 0 })).toBe(3)
    expect(Date.now() - started).toBeLessThan(1_000)
  })
})
