/**
 * The one retry policy for a write refused by a concurrent change (docs/architecture.md, "Retrying writes refused by
 * a concurrent change"): the caller reads again and tries again, a bounded number of times, with jittered backoff;
 * when the attempts run out it maps the last refusal to its own error. Retries never nest.
 */

/**
 * A write refused by a concurrent change: thrown by the repositories (VersionConflict and ItemConditionFailed in
 * db/repositories/orders.ts, ContendedTransaction in db/conditions.ts extend it) and by any code that turns such a
 * refusal into an error to be retried. Nothing else is retried.
 */
export class ConcurrentChange extends Error {
  constructor(message = 'Refused by a concurrent change', options?: ErrorOptions) {
    super(message, options)
    this.name = new.target.name
  }
}

/** The predicate of the policy: what counts as a refusal by a concurrent change. */
export const isConcurrentChange = (err: unknown): err is ConcurrentChange => err instanceof ConcurrentChange

export interface RetryPolicy {
  /** Attempts in all (the first one included). */
  attempts: number
  /** The backoff before the second attempt at most; it doubles with each attempt after. */
  baseMs: number
  /** No backoff is longer than this. */
  capMs: number
  sleep: (ms: number) => Promise<void>
  /** In [0, 1): the jitter. */
  random: () => number
}

/**
 * Ten attempts: eight firearms received at the same moment each take the book's next entry number, and a
 * number is taken by one intake per round (the counter write is conditioned on the number read), so the last
 * of them needs eight; two more absorb rounds in which DynamoDB cancels every contender (TransactionConflict).
 * Full jitter spreads the contenders over the wait so that a round usually has a winner.
 */
export const WRITE_ATTEMPTS = 10

export const WRITE_RETRY: RetryPolicy = {
  attempts: WRITE_ATTEMPTS,
  baseMs: 10,
  capMs: 500,
  sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
}

/** Full jitter: a wait drawn uniformly below base · 2^(failed − 1), capped (`failed`: the attempts that failed so far, ≥ 1). */
export function backoffMs(failed: number, { baseMs, capMs, random }: Pick<RetryPolicy, 'baseMs' | 'capMs' | 'random'> = WRITE_RETRY): number {
  return Math.floor(random() * Math.min(capMs, baseMs * 2 ** Math.max(0, failed - 1)))
}

export interface RetryOptions extends Partial<RetryPolicy> {
  /**
   * What is retried (default: isConcurrentChange). Narrower for a write that cannot read again, such as one
   * pinned to the version a person loaded: only what the same write can get past (a held item) is retried.
   */
  retryable?: (err: unknown) => boolean
  /** The caller's error when the attempts run out, from the last refusal (default: the refusal itself). */
  exhausted?: (err: unknown) => unknown
}

/**
 * Runs `attempt` (1, 2, …) until it resolves, retrying while it throws a retryable refusal, with a jittered
 * backoff between attempts. Any other error ends it at once. Each attempt must read what it writes afresh.
 */
export async function retryOnConflict<T>(attempt: (n: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { retryable = isConcurrentChange, exhausted, ...given } = options
  const policy: RetryPolicy = { ...WRITE_RETRY, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) }
  for (let n = 1; ; n++) {
    try {
      return await attempt(n)
    } catch (err) {
      if (!retryable(err)) throw err
      if (n >= policy.attempts) throw exhausted ? exhausted(err) : err
    }
    await policy.sleep(backoffMs(n, policy))
  }
}
