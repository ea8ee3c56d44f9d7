import type { SmsTransport } from './transports.ts'

/** Thrown for a sink answer other than 2xx (the notifier records the failure and the stream retries). */
export class SmsSinkError extends Error {
  constructor(readonly status: number) {
    super(`SMS sink answered ${status}`)
    this.name = 'SmsSinkError'
  }
}

/**
 * The local stand-in for SNS: POSTs `{ to, body }` as JSON to SMS_SINK_URL (a server of the local stack,
 * or a test's). Its answer may carry `{ messageId }`; otherwise one is made up.
 */
export function smsSinkTransport({ url, timeoutMs = 5_000 }: { url: string; timeoutMs?: number }): SmsTransport {
  return {
    async send({ to, body }) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, body }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!res.ok) throw new SmsSinkError(res.status)
      const answer = (await res.json().catch(() => null)) as { messageId?: unknown } | null
      return { messageId: typeof answer?.messageId === 'string' && answer.messageId ? answer.messageId : `sink-${crypto.randomUUID()}` }
    },
  }
}
