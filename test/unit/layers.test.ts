import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM script without types
import { cycles, importGraph, RULES, violations } from '../../scripts/check-layers.mjs'

type Edge = [string, string]
const check = violations as (edges: Edge[]) => Array<{ rule: string; from: string; to: string }>

describe('the layering (scripts/check-layers.mjs, docs/architecture.md)', () => {
  it('holds on the whole tree: no forbidden import, no import cycle', { timeout: 120_000 }, async () => {
    const { edges, valueEdges } = (await importGraph()) as { edges: Edge[]; valueEdges: Edge[] }
    expect(edges.length).toBeGreaterThan(500)
    expect(check(edges).map((v) => `${v.rule}: ${v.from} → ${v.to}`)).toEqual([])
    expect(cycles(valueEdges)).toEqual([])
  })

  it('catches each kind of forbidden import', () => {
    const bad: Edge[] = [
      ['functions/db/repositories/orders.ts', 'functions/use-cases/create-payment-intent.ts'],
      ['functions/domain/order.ts', 'functions/db/table.ts'],
      ['functions/lib/http.ts', 'functions/auth/account-gate.ts'],
      ['functions/api/dev/confirm-payment.ts', 'functions/webhooks/stripe-webhook.ts'],
      ['web/src/features/payments/components/x.tsx', 'web/src/features/orders/types.ts'],
      ['web/src/components/ui/button.tsx', 'web/src/features/auth/auth-provider.tsx'],
      ['shared/src/invoice.ts', 'functions/domain/order.ts'],
      ['web/src/lib/api-client.ts', 'functions/lib/errors.ts'],
      ['functions/api/admin/settings/update-settings.ts', 'functions/site/publish.ts'],
      ['functions/site/publisher-handler.ts', 'functions/notify/notifier.ts'],
    ]
    expect(check(bad).map((v) => v.rule)).toEqual(['db-below-use-cases', 'domain-is-pure', 'lib-is-the-base', 'webhook-and-dev-apart', 'features-apart', 'components-below-features', 'shared-is-pure', 'spa-over-http', 'publisher-is-an-entry', 'notifier-is-an-entry', 'publisher-reads-settings-only'])
    // Within one feature, one folder, or downwards: allowed.
    const fine: Edge[] = [
      ['web/src/features/payments/components/x.tsx', 'web/src/features/payments/types.ts'],
      ['functions/api/dev/confirm-payment.ts', 'functions/api/dev/other.ts'],
      ['functions/use-cases/a.ts', 'functions/db/repositories/orders.ts'],
      ['web/src/features/orders/x.tsx', 'web/src/components/ui/button.tsx'],
      ['functions/site/publisher-handler.ts', 'functions/db/repositories/settings.ts'],
    ]
    expect(check(fine)).toEqual([])
    expect(RULES.length).toBeGreaterThanOrEqual(10)
  })

  it('finds a cycle', () => {
    expect(cycles([['a', 'b'], ['b', 'c'], ['c', 'a'], ['c', 'd']])).toEqual([['a', 'b', 'c', 'a']])
  })
})
