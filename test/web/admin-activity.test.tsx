import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry } from '@gs/shared/activity';
import { OrderActivityPanel } from '@/features/admin-orders/components/order-activity-panel';
import { CustomerActivityButton } from '@/features/admin-customers/components/customer-activity-dialog';
import { resetFakeAuth } from './fake-auth-client';
import { stubApiRoutes } from './api-stub';
import { renderWithClient } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const ORDER = 'order-7';
const entry = (id: string, over: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id,
  at: '2026-03-01T10:00:00.000Z',
  actorId: 'admin-1',
  actorName: 'Sam Armorer',
  action: 'order.update',
  summary: 'Edited the order',
  orderId: ORDER,
  orderNumber: 'GS-000007',
  customerId: 'cust-1',
  changes: [],
  ...over,
});

beforeEach(() => resetFakeAuth());
afterEach(() => vi.unstubAllGlobals());

describe('the order Activity', () => {
  it('shows who, what, when and each change before → after, and pages with Load more', async () => {
    const calls = stubApiRoutes((call) => {
      if (call.method !== 'GET' || call.path !== `/api/admin/orders/${ORDER}/activity`) return undefined;
      if (!call.search.get('cursor'))
        return [200, { items: [entry('b', { changes: [{ field: 'Estimated cost', before: '$150.00', after: '$175.00' }, { field: 'Caliber', before: '', after: '.357 Magnum' }] })], cursor: 'b' }];
      return [200, { items: [entry('a', { action: 'order.create', summary: 'Created the order', actorName: 'Kim Smith' })], cursor: null }];
    }).calls;
    renderWithClient(<OrderActivityPanel orderId={ORDER} />);
    const panel = screen.getByRole('region', { name: 'Activity' });
    const changes = await within(panel).findByRole('list', { name: 'Changes' });
    expect(panel).toHaveTextContent('Sam Armorer Edited the order');
    expect(within(changes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Estimated cost: $150.00 → changed to $175.00', 'Caliber: — → changed to .357 Magnum']);
    expect(within(panel).getByText(/Mar 1, 2026/)).toBeTruthy();

    await userEvent.click(within(panel).getByRole('button', { name: 'Load more' }));
    expect(await within(panel).findByText('Kim Smith')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.map((c) => c.search.get('cursor'))).toEqual([null, 'b']);
  });

  it('says so when nothing was recorded yet', async () => {
    stubApiRoutes((call) => (call.path === `/api/admin/orders/${ORDER}/activity` ? [200, { items: [], cursor: null }] : undefined));
    renderWithClient(<OrderActivityPanel orderId={ORDER} />);
    expect(await screen.findByText('No staff activity yet.')).toBeTruthy();
  });
});

describe("a customer's Activity", () => {
  it('opens a dialog with the records of the customer and their orders, each naming its order', async () => {
    stubApiRoutes((call) =>
      call.path === '/api/admin/customers/cust-1/activity'
        ? [200, { items: [entry('c'), entry('d', { action: 'customer.update', summary: 'Updated the customer', orderId: null, orderNumber: null, changes: [{ field: 'First name', before: 'Aud', after: 'Audrey' }] })], cursor: null }]
        : undefined,
    );
    renderWithClient(<CustomerActivityButton customerId="cust-1" name="Ada Lovelace" />);
    await userEvent.click(screen.getByRole('button', { name: 'Activity for Ada Lovelace' }));
    const dialog = screen.getByRole('dialog', { name: 'Activity · Ada Lovelace' });
    expect(await within(dialog).findByText('Updated the customer')).toBeTruthy();
    expect(dialog).toHaveTextContent('Edited the order · GS-000007');
    expect(dialog).toHaveTextContent('First name: Aud → changed to Audrey');
  });
});
