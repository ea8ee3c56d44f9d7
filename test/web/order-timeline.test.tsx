import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail, StatusUpdate } from '@gs/shared/api-types';
import { timelineView } from '@/features/orders/timeline';
import { customer, resetFakeAuth } from './fake-auth-client';
import { stubApiRoutes, type ApiCall } from './api-stub';
import { makeDetail, makeOrder, makeUpdate, ORDER_ID, pendingOrder } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

/** A history, newest first, of these statuses set in this order (oldest first). */
const historyOf = (...statuses: string[]): StatusUpdate[] =>
  statuses
    .map((status, i) => {
      const at = new Date(Date.UTC(2024, 0, 6, 8, i)).toISOString();
      return makeUpdate({ id: `u${i}`, status, notes: `Status updated to ${status}`, createdAt: at, updatedAt: at });
    })
    .reverse();

const customerNote = (i: number) =>
  makeUpdate({ id: `n${i}`, status: 'customer_note', isCustomerNote: true, authorLabel: 'Zoë', notes: `Question ${i}` });

const states = (detail: Pick<OrderDetail, 'currentStatus' | 'approvalRequests' | 'additionalCostApprovalStatus' | 'additionalCostCents'>, history: StatusUpdate[]) =>
  timelineView(detail, history, true).steps.map((s) => s.state);

describe('the timeline rule', () => {
  it('an order that went through every step has them all completed up to its status', () => {
    const h = historyOf('order_created', 'firearm_received', 'evaluating', 'in_progress', 'work_complete');
    expect(states(makeOrder({ currentStatus: 'work_complete' }), h)).toEqual(['done', 'done', 'done', 'done', 'skipped', 'current', 'upcoming', 'upcoming']);
  });

  it('a pending cost approval is the current step, the work before it completed', () => {
    const order = pendingOrder();
    const view = timelineView(order, historyOf('order_created', 'firearm_received', 'evaluating', 'parts_needed', 'approval_requested'), true);
    expect(view.index).toBe(4);
    expect(view.progress).toBe(70);
    expect(view.steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'current', 'upcoming', 'upcoming', 'upcoming']);
  });

  it('a pending request alone (the request list) is enough; a firearm that already left stays at its step', () => {
    const order = pendingOrder({ currentStatus: 'work_complete', additionalCostApprovalStatus: 'not_required' });
    expect(timelineView(order, [], true).index).toBe(4);
    expect(timelineView(pendingOrder({ currentStatus: 'shipped' }), [], true).index).toBe(6);
  });

  it('steps the order jumped over read skipped, never completed', () => {
    expect(states(makeOrder({ currentStatus: 'shipped' }), historyOf('order_created', 'shipped'))).toEqual([
      'done',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
      'current',
      'upcoming',
    ]);
  });

  it('statuses set out of order: only steps the history shows are completed, later ones stay upcoming', () => {
    // Set to Work Complete by mistake, then back to Firearm Received.
    const h = historyOf('order_created', 'work_complete', 'firearm_received');
    expect(states(makeOrder({ currentStatus: 'firearm_received' }), h)).toEqual(['done', 'current', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    // Then on to Work In Progress: Gunsmith Review was never set.
    const on = historyOf('order_created', 'work_complete', 'firearm_received', 'in_progress');
    expect(states(makeOrder({ currentStatus: 'in_progress' }), on)).toEqual(['done', 'done', 'skipped', 'current', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
  });

  it('customer notes and events that keep the status never complete a step; approval events and requests complete the approval step', () => {
    const h = [customerNote(1), makeUpdate({ id: 'p', status: 'payment_recorded' }), ...historyOf('order_created', 'costs_approved')];
    expect(states(makeOrder({ currentStatus: 'work_complete' }), h)).toEqual(['done', 'skipped', 'skipped', 'skipped', 'done', 'current', 'upcoming', 'upcoming']);
    const decided = pendingOrder({ currentStatus: 'work_complete' }, { status: 'approved' });
    expect(states(decided, historyOf('order_created'))[4]).toBe('done');
  });

  it('asks for the older history only when a step would read skipped and the history goes on', () => {
    const order = makeOrder({ currentStatus: 'in_progress' });
    expect(timelineView(order, historyOf('order_created', 'firearm_received', 'evaluating', 'in_progress'), false).needsOlderHistory).toBe(false);
    expect(timelineView(order, historyOf('in_progress'), false).needsOlderHistory).toBe(true);
    expect(timelineView(order, historyOf('in_progress'), true).needsOlderHistory).toBe(false);
  });
});

describe('the order page timeline', { timeout: 20_000 }, () => {
  beforeEach(() => resetFakeAuth(customer));

  function stubDetail(detail: OrderDetail, older?: (call: ApiCall) => [number, unknown]) {
    return stubApiRoutes((call) => {
      if (call.method === 'GET' && call.path === `/api/orders/${ORDER_ID}`) return [200, detail];
      if (call.path === `/api/orders/${ORDER_ID}/updates`) {
        return older && call.search.get('cursor') ? older(call) : [200, { items: detail.updates, cursor: detail.updatesCursor ?? null }];
      }
      return undefined;
    });
  }

  const step = (label: string) => screen.getByText(label).closest('li') as HTMLElement;

  it('shows Awaiting Customer Approval as the current step while the customer has a request to answer', async () => {
    stubDetail(makeDetail(pendingOrder(), { updates: historyOf('order_created', 'firearm_received', 'evaluating', 'in_progress', 'parts_needed', 'approval_requested') }));
    renderApp(`/orders/${ORDER_ID}`);
    const progress = await screen.findByRole('progressbar', { name: 'Order progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '70');
    expect(progress).toHaveAttribute('aria-valuetext', '70% - Awaiting Customer Approval');
    expect(step('Awaiting Customer Approval')).toHaveAttribute('aria-current', 'step');
    expect(step('Awaiting Customer Approval')).toHaveTextContent('(current step)');
    expect(step('Repair in Progress')).not.toHaveAttribute('aria-current');
    expect(step('Repair in Progress')).toHaveTextContent('(completed)');
    expect(step('Quality Check')).toHaveAttribute('data-state', 'upcoming');
  });

  it('marks the steps an order jumped over as skipped, not completed', async () => {
    stubDetail(makeDetail(makeOrder({ currentStatus: 'shipped' }), { updates: historyOf('order_created', 'shipped') }));
    renderApp(`/orders/${ORDER_ID}`);
    await screen.findByRole('progressbar', { name: 'Order progress' });
    expect(step('Label Created / Awaiting Shipment')).toHaveTextContent('(completed)');
    for (const label of ['Arrived at Facility', 'Gunsmith Review in Progress', 'Repair in Progress', 'Awaiting Customer Approval', 'Quality Check']) {
      expect(step(label)).toHaveAttribute('data-state', 'skipped');
      expect(step(label)).toHaveTextContent('(skipped)');
      expect(within(step(label)).getByText('Skipped')).toBeInTheDocument();
      expect(step(label)).not.toHaveTextContent('(completed)');
    }
    expect(step('Shipped to Customer')).toHaveAttribute('aria-current', 'step');
    expect(step('Delivered')).toHaveAttribute('data-state', 'upcoming');
  });

  it('reads the older history when the newest updates do not show a step, and completes what it finds there', async () => {
    // The newest updates are all notes and the status; the order's first statuses are on the next page.
    const newest = [customerNote(3), customerNote(2), ...historyOf('in_progress')];
    const { calls } = stubDetail(makeDetail(makeOrder({ currentStatus: 'in_progress' }), { updates: newest, updatesCursor: 'c1' }), (call) =>
      call.search.get('cursor') === 'c1'
        ? [200, { items: historyOf('order_created', 'firearm_received').map((u) => ({ ...u, id: `old-${u.id}` })), cursor: 'c2' }]
        : [200, { items: historyOf('evaluating').map((u) => ({ ...u, id: `older-${u.id}` })), cursor: null }],
    );
    renderApp(`/orders/${ORDER_ID}`);
    await screen.findByRole('progressbar', { name: 'Order progress' });
    await waitFor(() => expect(step('Gunsmith Review in Progress')).toHaveAttribute('data-state', 'done'));
    expect(step('Arrived at Facility')).toHaveAttribute('data-state', 'done');
    expect(step('Repair in Progress')).toHaveAttribute('aria-current', 'step');
    expect(calls.filter((c) => c.search.get('cursor')).map((c) => c.search.get('cursor'))).toEqual(['c1', 'c2']);
  });

  it('does not read older history when the newest updates already show every step before the current one', async () => {
    const { calls } = stubDetail(
      makeDetail(makeOrder({ currentStatus: 'evaluating' }), { updates: historyOf('order_created', 'firearm_received', 'evaluating'), updatesCursor: 'c1' }),
      () => [200, { items: [], cursor: null }],
    );
    renderApp(`/orders/${ORDER_ID}`);
    await screen.findByRole('progressbar', { name: 'Order progress' });
    expect(step('Arrived at Facility')).toHaveAttribute('data-state', 'done');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.search.get('cursor') === 'c1')).toBe(false);
  });
});
