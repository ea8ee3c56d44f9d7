import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerRow } from '@gs/shared/api-types';
import { stubAdminApi, type ApiCall } from './api-stub';
import { listOrder, makeProfile } from './fixtures';
import { renderApp } from './render';
import { admin, resetFakeAuth } from './fake-auth-client';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const ME = makeProfile({ id: 'admin-1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', phone: null, role: 'admin', createdAt: '2026-01-01T00:00:00.000Z' });
const jane: CustomerRow = { ...makeProfile({ id: 'cust-jane', firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com' }), orderCount: 3, latestOrder: null };
const order = (n: number, over: Parameters<typeof listOrder>[0] = {}) =>
  listOrder({ id: `0000000${n}-1111-4222-8333-444455556666`, orderNumber: `GS-00000${n}`, firearmModel: `Model ${n}`, createdAt: `2026-01-0${n}T10:00:00.000Z`, updatedAt: `2026-02-0${n}T10:00:00.000Z`, ...over });

const queries = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/admin/orders').map((c) => Object.fromEntries(c.search));

describe('Order Management Center: finding orders', () => {
  beforeEach(() => resetFakeAuth(admin));

  it('searches (once typing settles), filters by status, customer and sort, each from the first page', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({
      'GET /api/me': [200, ME],
      'GET /api/admin/customers': [200, { items: [jane], cursor: null }],
      'GET /api/admin/orders': ({ url }) => {
        const s = url.searchParams.get('search');
        if (s === 'sn-42') return [200, { items: [order(2, { serialNumber: 'SN-42' })], cursor: null, match: 'exact' }];
        if (s) return [200, { items: [], cursor: null, match: 'text' }];
        return [200, { items: [order(1), order(2)], cursor: null, match: null }];
      },
    });
    renderApp('/admin/manage-orders');
    const list = await screen.findByRole('list', { name: 'Active orders' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(queries(calls)[0]).toEqual({ view: 'active', sort: 'created', direction: 'desc', limit: '25' });

    const find = screen.getByRole('search', { name: 'Find active orders' });
    await user.type(within(find).getByLabelText('Search'), 'sn-42');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Active orders' })).getAllByRole('listitem')).toHaveLength(1));
    // One request for the settled text, none per keystroke.
    expect(queries(calls).filter((q) => q.search)).toEqual([{ view: 'active', sort: 'created', direction: 'desc', limit: '25', search: 'sn-42' }]);

    await user.clear(within(find).getByLabelText('Search'));
    await user.type(within(find).getByLabelText('Search'), 'nobody');
    expect(await screen.findByText('No active orders match your filters.')).toBeInTheDocument();

    await user.click(within(find).getByRole('button', { name: 'Reset Filters' }));
    await screen.findByRole('list', { name: 'Active orders' });
    await user.selectOptions(within(find).getByLabelText('Status'), 'parts_needed');
    await user.selectOptions(within(find).getByLabelText('Sort'), 'Recently updated');
    await user.type(within(find).getByLabelText('Customer'), 'jane');
    await user.click(await within(find).findByRole('button', { name: /Jane Doe/ }));
    await waitFor(() => expect(queries(calls).at(-1)).toEqual({ view: 'active', status: 'parts_needed', customerId: 'cust-jane', sort: 'updated', direction: 'desc', limit: '25' }));
    expect(within(find).getByTestId('selected-customer')).toHaveTextContent('Jane Doe');
  });

  it('pages with Next and Previous over the cursors, and says when a text search found nothing yet', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({
      'GET /api/me': [200, ME],
      'GET /api/admin/orders': ({ url }) => {
        const cursor = url.searchParams.get('cursor');
        if (url.searchParams.get('search')) return [200, { items: [], cursor: 'i.more', match: 'text' }];
        return cursor === 'i.p2' ? [200, { items: [order(1)], cursor: null, match: null }] : [200, { items: [order(3), order(2)], cursor: 'i.p2', match: null }];
      },
    });
    renderApp('/admin/manage-orders');
    const nav = await screen.findByRole('navigation', { name: 'Active order pages' });
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Active orders' })).toHaveTextContent('Model 1'));
    expect(within(nav).getByText('Page 2')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Active orders' })).toHaveTextContent('Model 3'));
    expect(queries(calls).map((q) => q.cursor ?? null).slice(0, 2)).toEqual([null, 'i.p2']);

    await user.type(screen.getByLabelText('Search'), 'python');
    expect(await screen.findByText('No matches among the orders searched so far. Next searches further.')).toBeInTheDocument();
  });

  it('keeps the dashboard to the 5 newest, without the search', async () => {
    const { calls } = stubAdminApi({ 'GET /api/me': [200, ME], 'GET /api/admin/orders': [200, { items: [], cursor: null, match: null }] });
    renderApp('/admin');
    expect(await screen.findByText('No active orders.')).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(queries(calls)[0]).toMatchObject({ view: 'active', limit: '5' });
  });

  it('searches and filters the archived orders too', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({
      'GET /api/me': [200, ME],
      'GET /api/admin/orders': ({ url }) => [200, { items: url.searchParams.get('status') ? [] : [order(1, { isArchived: true })], cursor: null, match: null }],
    });
    renderApp('/admin/archived-orders');
    await screen.findByRole('list', { name: 'Archived orders' });
    const find = screen.getByRole('search', { name: 'Find archived orders' });
    await user.selectOptions(within(find).getByLabelText('Status'), 'shipped');
    expect(await screen.findByText('No archived orders match your filters.')).toBeInTheDocument();
    expect(queries(calls).at(-1)).toEqual({ view: 'archived', status: 'shipped', sort: 'created', direction: 'desc', limit: '25' });
    await act(async () => {});
  });
});
