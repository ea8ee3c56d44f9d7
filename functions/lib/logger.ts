/**
 * Structured JSON logs: one line per call, and every line carries the request id
 * and route of the invocation (set by the resolveRoute middleware in http.ts).
 * Never pass headers, bodies, tokens, cards or secrets. As a second line of
 * defence, fields whose names look sensitive are replaced with "[REDACTED]", and
 * so are values that look like a bearer token, a JWT, a Stripe secret or a card number.
 */
import { env } from './env.ts'

type Level = 'debug' | 'info' | 'warn' | 'error'
let base: Record<string, unknown> = {}

export const REDACTED = '[REDACTED]'

/** Field names never logged as they are (case-insensitive, anywhere in the name). */
const SENSITIVE_KEY = /authori[sz]ation|token|password|passwd|secret|cookie|card|cvc|cvv|signature|api[-_]?key|^headers$|^body$|^rawBody$/i

/** Values that look like credentials wherever they appear. */
const SENSITIVE_VALUES: RegExp[] = [
  /\bBearer\s+[\w.~+/=-]+/gi,
  /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g, // JWT
  /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]+/g, // Stripe secret / restricted keys
  /\bwhsec_[A-Za-z0-9_]+/g, // Stripe webhook secrets
  /\bpi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+/g, // PaymentIntent client secrets
]

/** 13-19 digits, optionally grouped by spaces or dashes, that pass the Luhn check (so ids and timestamps stay). */
const CARD_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g

function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2
    sum += d
  }
  return sum % 10 === 0
}

export function redactText(text: string): string {
  const masked = SENSITIVE_VALUES.reduce((t, re) => t.replace(re, REDACTED), text)
  return masked.replace(CARD_LIKE, (m) => (luhn(m.replace(/\D/g, '')) ? REDACTED : m))
}

/** A copy of `value` with sensitive fields and credential-looking strings replaced. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value)
  if (value === null || typeof value !== 'object') return value
  if (depth > 6) return '[…]'
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) out[k] = SENSITIVE_KEY.test(k) ? REDACTED : redact(v, depth + 1)
  return out
}

export function setLogContext(ctx: Record<string, unknown>) {
  base = ctx
}

function write(level: Level, message: string, extra?: Record<string, unknown>) {
  if (env().logLevel === 'silent') return
  // The invocation's context comes last: no extra field can hide the request id or route.
  const line = JSON.stringify({
    level,
    time: new Date().toISOString(),
    message: redactText(message),
    ...(extra ? (redact(extra) as Record<string, unknown>) : {}),
    ...base,
  })
  if (level === 'error' || level === 'warn') console.error(line)
  else console.log(line)
}

export const log = {
  debug: (m: string, e?: Record<string, unknown>) => env().logLevel === 'debug' && write('debug', m, e),
  info: (m: string, e?: Record<string, unknown>) => write('info', m, e),
  warn: (m: string, e?: Record<string, unknown>) => write('warn', m, e),
  error: (m: string, e?: Record<string, unknown>) => write('error', m, e),
}

export function errorFields(err: unknown) {
  return err instanceof Error ? { errorName: err.name, errorMessage: err.message, stack: err.stack } : { error: String(err) }
}
