import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@gs/shared/api-types';
import { orderMessages } from '@gs/shared/order-messages';
import { MY_ORDERS_SEARCH_LABEL } from '@/features/orders/components/my-orders-search';
import { customer, resetFakeAuth } from './fake-auth-client';
import { stubApiRoutes } from './api-stub';
import { makeOrder } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const glock = makeOrder({ id: '00000000-0000-4000-8000-000000000001', orderNumber: 'GS-000101', firearmMake: 'Glock', firearmModel: '19', serialNumber: 'ABC123' });
const colt = makeOrder({ id: '00000000-0000-4000-8000-000000000002', orderNumber: 'GS-000102', firearmMake: 'Colt', firearmModel: 'Python', serialNumber: 'PY-77' });
const ruger = makeOrder({ id: '00000000-0000-4000-8000-000000000003', orderNumber: 'GS-000103', firearmMake: 'Ruger', firearmModel: 'Mk IV', serialNumber: 'RG-9' });

/** GET /api/orders as the server answers: without a search every order (2 a page), with one what it finds, a page at a time. */
function stubOrders(answer: (search: string, cursor: string | null) => { items: Order[]; cursor: string | null }) {
  return stubApiRoutes((call) => {
    if (call.method === 'GET' && call.path === '/api/orders') return [200, answer(call.search.get('search') ?? '', call.search.get('cursor'))];
    return undefined;
  });
}

async function openMyOrders() {
  renderApp('/orders');
  await screen.findByRole('heading', { level: 1, name: 'My Firearm Orders' });
  return userEvent.setup();
}

const shownOrders = () => within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem').map((li) => li.textContent ?? '');

describe('My Firearm Orders search', { timeout: 20_000 }, () => {
  beforeEach(() => resetFakeAuth(customer));

  it('sends the search once typing settles and shows what the server found, then every order again when cleared', async () => {
    const api = stubOrders((search) => ({ items: search === 'py-77' ? [colt] : search ? [] : [glock, colt, ruger], cursor: null }));
    const user = await openMyOrders();
    await vi.waitFor(() => expect(shownOrders()).toHaveLength(3));

    await user.type(screen.getByRole('searchbox', { name: MY_ORDERS_SEARCH_LABEL }), 'py-77');
    await vi.waitFor(() => expect(shownOrders()).toHaveLength(1), { timeout: 5_000 });
    expect(shownOrders()[0]).toContain('Colt Python');
    // Debounced: one request for the whole word, none for each letter typed.
    const searches = api.calls.filter((c) => c.path === '/api/orders' && c.search.get('search')).map((c) => c.search.get('search'));
    expect(searches).toEqual(['py-77']);

    await user.clear(screen.getByRole('searchbox', { name: MY_ORDERS_SEARCH_LABEL }));
    await vi.waitFor(() => expect(shownOrders()).toHaveLength(3), { timeout: 5_000 });
  });

  it('says so when nothing matches', async () => {
    stubOrders((search) => ({ items: search ? [] : [glock], cursor: null }));
    const user = await openMyOrders();
    await user.type(await screen.findByRole('searchbox', { name: MY_ORDERS_SEARCH_LABEL }), 'Beretta');
    expect(await screen.findByText(orderMessages.ordersSearchEmpty, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps "Load more" for a search: a short page with a cursor goes on to the older orders', async () => {
    const api = stubOrders((search, cursor) => {
      if (!search) return { items: [glock, colt], cursor: 'c1' };
      // The first page read its share of orders and found none; the next finds the Ruger.
      return cursor ? { items: [ruger], cursor: null } : { items: [], cursor: 's1' };
    });
    const user = await openMyOrders();
    await user.type(await screen.findByRole('searchbox', { name: MY_ORDERS_SEARCH_LABEL }), 'ruger');
    expect(await screen.findByText(orderMessages.ordersSearchNotYetFound, {}, { timeout: 5_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(shownOrders()).toHaveLength(1));
    expect(shownOrders()[0]).toContain('Ruger Mk IV');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const next = api.calls.find((c) => c.search.get('cursor') === 's1');
    expect(next?.search.get('search')).toBe('ruger');
  });
});
