import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InboxPage, InboxRow } from '@gs/shared/api-types';
import { INBOX_TEXTS } from '@gs/shared/inbox';
import { stubAdminApi } from './api-stub';
import { makeProfile } from './fixtures';
import { renderApp } from './render';
import { admin, resetFakeAuth } from './fake-auth-client';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const ME = { ...makeProfile({ id: 'admin-1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', phone: null, role: 'admin', createdAt: '2026-01-01T00:00:00.000Z' }), staffRole: 'owner' as const };
const GUNSMITH = { ...ME, staffRole: 'gunsmith' as const };

const row = (n: number, over: Partial<InboxRow> = {}): InboxRow => ({
  orderId: `0000000${n}-aaaa-4bbb-8ccc-ddddeeeeffff`,
  orderNumber: `GS-00020${n}`,
  firearmMake: 'Remington',
  firearmModel: `870 #${n}`,
  customerName: 'Rita Writer',
  excerpt: n === 1 ? 'When can I pick up the Remington? Saturday OK?' : 'Is the scope mounted?',
  lastAt: `2026-10-0${n}T15:00:00.000Z`,
  since: `2026-10-0${n}T15:00:00.000Z`,
  count: 1,
  assignedToName: null,
  ...over,
});

describe('the staff Inbox', () => {
  beforeEach(() => resetFakeAuth(admin));
  afterEach(() => vi.unstubAllGlobals());

  it('the header badge counts the orders waiting; the Inbox lists them oldest first; Mark handled takes one off and the badge follows', async () => {
    const user = userEvent.setup();
    let waiting = [row(1, { count: 2, assignedToName: 'Gus Smith' }), row(2)];
    const handled: string[] = [];
    stubAdminApi({
      'GET /api/me': [200, ME],
      'GET /api/admin/orders': [200, { items: [], cursor: null, match: null }],
      'GET /api/admin/inbox/count': () => [200, { count: waiting.length }],
      'GET /api/admin/inbox': () => [200, { count: waiting.length, items: waiting, cursor: null } satisfies InboxPage],
      [`POST /api/admin/inbox/${row(2).orderId}/handled`]: () => {
        handled.push(row(2).orderId);
        waiting = waiting.filter((r) => r.orderId !== row(2).orderId);
        return [200, { handled: true, count: waiting.length }];
      },
    });
    renderApp('/admin/inbox');
    const badge = (await screen.findAllByRole('link', { name: INBOX_TEXTS.badgeLabel(2) }))[0];
    expect(within(badge).getByTestId('inbox-badge')).toHaveTextContent('2');

    const list = await screen.findByRole('list', { name: INBOX_TEXTS.title });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-order-id'))).toEqual([row(1).orderId, row(2).orderId]);
    expect(items[0]).toHaveTextContent('When can I pick up the Remington? Saturday OK?');
    expect(items[0]).toHaveTextContent('Gus Smith');
    expect(items[0]).toHaveTextContent(INBOX_TEXTS.messages(2));
    expect(items[1]).toHaveTextContent(INBOX_TEXTS.unassigned);
    expect(within(items[0]).getByRole('link', { name: `${INBOX_TEXTS.openOrder}: ${row(1).orderNumber}` })).toHaveAttribute('href', `/admin/manage-orders?order=${row(1).orderId}`);

    await user.click(within(items[1]).getByRole('button', { name: `${INBOX_TEXTS.markHandled}: ${row(2).orderNumber}` }));
    expect(handled).toEqual([row(2).orderId]);
    expect(await screen.findByText(`${INBOX_TEXTS.handled} ${row(2).orderNumber}`)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: INBOX_TEXTS.title })).getAllByRole('listitem')).toHaveLength(1));
    expect((await screen.findAllByRole('link', { name: INBOX_TEXTS.badgeLabel(1) })).length).toBeGreaterThan(0);
  });

  it('empty: says so, and the badge shows no number', async () => {
    stubAdminApi({
      'GET /api/me': [200, ME],
      'GET /api/admin/inbox/count': [200, { count: 0 }],
      'GET /api/admin/inbox': [200, { count: 0, items: [], cursor: null } satisfies InboxPage],
    });
    renderApp('/admin/inbox');
    expect(await screen.findByText(INBOX_TEXTS.empty)).toBeInTheDocument();
    const [badge] = await screen.findAllByRole('link', { name: INBOX_TEXTS.badgeLabel(0) });
    expect(within(badge).queryByTestId('inbox-badge')).not.toBeInTheDocument();
  });

  it('a gunsmith has no Inbox badge and never asks for the count', async () => {
    const { calls } = stubAdminApi({
      'GET /api/me': [200, GUNSMITH],
      'GET /api/admin/orders': [200, { items: [], cursor: null, match: null }],
    });
    renderApp('/admin');
    expect(await screen.findAllByText(/No active orders|bench/i)).not.toHaveLength(0);
    expect(screen.queryByRole('link', { name: /^Inbox/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/admin/inbox'))).toBe(false);
  });
});
