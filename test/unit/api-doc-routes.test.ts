/**
 * docs/api.md's route summary is the contract readers start from: every route of the table is in it, once, with
 * the access the table gives it, and it names no route the table does not have.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { routeKey, routes } from '../../functions/routes.ts'

const summary = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => /^\| (GET|POST|PUT|PATCH|DELETE) \| (\/api\/\S+) \| (\w+) \|/.exec(line))
  .filter((m): m is RegExpExecArray => m !== null)
  .map((m) => ({ key: `${m[1]} ${m[2]}`, access: m[3] }))

describe("docs/api.md's route summary", () => {
  it('lists every route once, with its access', () => {
    const documented = new Map(summary.map((r) => [r.key, r.access]))
    expect(summary.length, 'a route listed twice').toBe(documented.size)
    const wrong = routes.filter((r) => documented.get(routeKey(r)) !== r.access).map((r) => `${routeKey(r)}: ${documented.get(routeKey(r)) ?? 'missing'}, the table says ${r.access}`)
    expect(wrong).toEqual([])
  })

  it('names no route the table does not have', () => {
    const keys = new Set(routes.map(routeKey))
    expect(summary.filter((r) => !keys.has(r.key)).map((r) => r.key)).toEqual([])
  })
})
