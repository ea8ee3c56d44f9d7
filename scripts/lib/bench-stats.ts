/** Small statistics and timing helpers for the bench (scripts/bench.ts). */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process'

export const median = (xs: number[]) => percentile(xs, 50)

/** Nearest-rank percentile (p in 0..100) of the samples. */
export function percentile(xs: number[], p: number): number {
  if (!xs.length) return Number.NaN
  const sorted = [...xs].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]
}

/** Wall time of `fn` in milliseconds. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = process.hrtime.bigint()
  await fn()
  return Number(process.hrtime.bigint() - t0) / 1e6
}

/** Wall time of a child process from spawn to exit, in ms; throws when it fails (a failed import must not pass as fast). */
export function timeSpawn(cmd: string, args: string[], opts: SpawnSyncOptions = {}): number {
  const t0 = process.hrtime.bigint()
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], ...opts })
  const ms = Number(process.hrtime.bigint() - t0) / 1e6
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status ?? r.signal}: ${String(r.stderr ?? '').slice(0, 500)}`)
  return ms
}

export const ms = (n: number) => (n >= 100 ? `${n.toFixed(0)} ms` : `${n.toFixed(1)} ms`)
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`
export const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`

/** Progress goes to stderr; stdout carries only the table. */
export const progress = (line: string) => process.stderr.write(`[bench] ${line}\n`)
