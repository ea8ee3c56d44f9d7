/** Structured JSON logs; every line carries the request id and route of the invocation. Never pass tokens, cards or secrets. */
type Level = 'debug' | 'info' | 'warn' | 'error'
let base: Record<string, unknown> = {}

export function setLogContext(ctx: Record<string, unknown>) {
  base = ctx
}

function write(level: Level, message: string, extra?: Record<string, unknown>) {
  if (process.env.LOG_LEVEL === 'silent') return
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...base, ...extra })
  if (level === 'error' || level === 'warn') console.error(line)
  else console.log(line)
}

export const log = {
  debug: (m: string, e?: Record<string, unknown>) => process.env.LOG_LEVEL === 'debug' && write('debug', m, e),
  info: (m: string, e?: Record<string, unknown>) => write('info', m, e),
  warn: (m: string, e?: Record<string, unknown>) => write('warn', m, e),
  error: (m: string, e?: Record<string, unknown>) => write('error', m, e),
}

export function errorFields(err: unknown) {
  return err instanceof Error ? { errorName: err.name, errorMessage: err.message, stack: err.stack } : { error: String(err) }
}
