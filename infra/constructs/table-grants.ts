import type { TableGrant } from './app-function.ts'

/**
 * What each function's code calls on the table, read from each function's bundle (docs/deploying.md, "The edge, least
 * privilege and compliance checks"). A change that makes a function call something new must add it here and in
 * test/infra/security.test.ts EXPECTED_GRANTS: the local stack has no IAM and does not notice.
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
  /** Staff: every admin list (gsi1–gsi7; gsi8 the receivables; gsi9 overdue, gsi10 the benches), order, message and customer writes and deletes, refunds, settings. */
  'api-admin': {
    actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
    indexes: ['gsi1', 'gsi2', 'gsi3', 'gsi4', 'gsi5', 'gsi6', 'gsi7', 'gsi8', 'gsi9', 'gsi10'],
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
  /** Sign-up: creates the profile (conditional put) or reads the one a retry already created; a password reset ends the sessions on it (update). */
  'post-confirmation': { actions: ['GetItem', 'PutItem', 'UpdateItem'], indexes: [] },
  /** Reads the profile, settings and notification, claims and marks each channel, adds a change to its order's digest (notify-stack.ts). */
  notifier: { actions: ['GetItem', 'UpdateItem'], indexes: [] },
  /**
   * The digest sender (every minute): one page of due digests (gsi1), each claimed by a conditional delete, put back
   * after a failed send (update), the profile and settings read, each change's notification marked (notify-stack.ts).
   * With them, the overdue-intake reminders: one page of the awaiting-intake list (Query), its orders (BatchGetItem),
   * each claimed in a transaction (its reminder item deleted, the list item updated: intake-reminders.ts).
   */
  'notify-digests': { actions: ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem', 'DeleteItem'], indexes: ['gsi1'] },
  /** At a deploy, reads the settings item (the shop's identity) to publish the public pages with (site-publisher.ts). */
  'site-publisher': { actions: ['GetItem'], indexes: [] },
} as const satisfies Record<string, TableGrant>
