import type { TableGrant } from './app-function.ts'

/**
 * What each function's code calls on the table (issue 18; docs/deploying.md, "The edge, least privilege and
 * compliance checks"). Read from each function's bundle as the CDK builds it, unminified: every ElectroDB or SDK
 * call site, kept when the repository method around it is referenced anywhere in that bundle (a method no code
 * names is unreachable), and the dev payment gateway left out (it never runs in AWS: functions/payments/index.ts).
 * ElectroDB `get` → GetItem, `get([...])` → BatchGetItem, `query.*` and `collections.*` → Query, `create`/`put` →
 * PutItem, `update`/`patch`/`upsert` → UpdateItem, `delete`/`remove(key)` → DeleteItem, `transaction.write` → the
 * item actions above plus ConditionCheckItem for its `check` items (IAM has no TransactWriteItems action: each item
 * is authorized by its own). Indexes by access pattern (functions/db/entities): gsi1 order/payment byCustomer,
 * profile byRole; gsi2 payment byLedger, order byListState, profile byArchived; gsi3–gsi7 the admin list sorts and
 * filters; gsi8 order byReceivable (the receivables page). No function scans; none writes with BatchWriteItem.
 *
 * A change that makes a function call something new (a delete on a customer route, another index) must add it here
 * and in test/infra/security.test.ts EXPECTED_GRANTS: without it the call fails in AWS with AccessDeniedException
 * (the function's error alarm), while the local stack, which has no IAM, does not notice.
 */
export const TABLE_GRANTS = {
  /**
   * The customer API: orders (gsi1: a customer's orders, newest first), notes, approvals, notifications, payment
   * intents and checkouts, its payments (gsi1). Deletes nothing: no customer route removes an item.
   */
  'api-customer': {
    actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'ConditionCheckItem'],
    indexes: ['gsi1'],
  },
  /** Staff: every admin list (gsi1–gsi7; gsi8 the receivables), order, message and customer writes and deletes, refunds, settings. */
  'api-admin': {
    actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
    indexes: ['gsi1', 'gsi2', 'gsi3', 'gsi4', 'gsi5', 'gsi6', 'gsi7', 'gsi8'],
  },
  /** Records Stripe events in the ledger (checkout, payments: a failed attempt's pending rows are deleted; order totals, notifications). */
  'stripe-webhook': {
    actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
    indexes: ['gsi1'],
  },
  /** Compares Stripe with the ledger (gsi2: payments by date), records what the webhook missed through its path, writes its run. */
  reconcile: {
    actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
    indexes: ['gsi1', 'gsi2'],
  },
  /** Sign-up: creates the profile (conditional put) or reads the one a retry already created. */
  'post-confirmation': { actions: ['GetItem', 'PutItem'], indexes: [] },
  /** Reads the profile, settings and notification, claims and marks each channel (notify-stack.ts). */
  notifier: { actions: ['GetItem', 'UpdateItem'], indexes: [] },
  /** At a deploy, reads the settings item (the shop's identity) to publish the public pages with (site-publisher.ts). */
  'site-publisher': { actions: ['GetItem'], indexes: [] },
} as const satisfies Record<string, TableGrant>
