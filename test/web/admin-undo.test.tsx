import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerRow } from '@gs/shared/api-types';
import { EditOrderForm } from '@/features/admin-orders/components/edit-order-form';
import { stubAdminApi } from './api-stub';
import { admin, resetFakeAuth } from './fake-auth-client';
import { baseOrder, listOrder, makeProfile } from './fixtures';
import { renderApp, renderWithClient } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

// Undo for mistakes (archived customers, deleted orders) and a correctable caliber.

const ME = makeProfile({ id: 'admin-1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', phone: null, role: 'admin', createdAt: '2026-01-01T00:00:00.000Z' });
const gone: CustomerRow = {
  ...makeProfile({ id: 'c-old', email: 'old@example.com', firstName: 'Olive', lastName: 'Oldham', phone: null, isActive: false }),
  archivedAt: '2026-03-04T10:00:00.000Z',
  orderCount: 2,
  latestOrder: null,
};

describe('Archived Customers', { timeout: 20_000 }, () => {
  beforeEach(() => resetFakeAuth(admin));

  it('lists the archived customers (view=archived) and restores one after a confirm', async () => {
    const user = userEvent.setup();
    let restored = false;
    const { calls } = stubAdminApi({
      'GET /api/me': [200, ME],
      'GET /api/admin/customers': ({ url }) =>
        url.searchParams.get('view') === 'archived' ? [200, { items: restored ? [] : [gone], cursor: null }] : [200, { items: restored ? [{ ...gone, isActive: true, archivedAt: undefined }] : [], cursor: null }],
      [`POST /api/admin/customers/${gone.id}/restore`]: () => ((restored = true), [200, { ...gone, isActive: true, archivedAt: undefined }]),
    });
    renderApp('/admin/customers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Management Center' })).toBeInTheDocument();
    expect(await screen.findByText('No customers found')).toBeInTheDocument();
    // The active list never asks for the archive.
    expect(calls.filter((c) => c.path === '/api/admin/customers').every((c) => !c.search.has('view'))).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Archived Customers' }));
    const list = await screen.findByRole('list', { name: 'Archived customers' });
    expect(screen.getByRole('link', { name: 'Archived Customers' })).toHaveAttribute('aria-current', 'page');
    const [row] = within(list).getAllByRole('listitem');
    expect(row).toHaveTextContent('Olive Oldham');
    expect(row).toHaveTextContent('old@example.com');
    expect(row).toHaveTextContent('Archived Mar 4, 2026');
    expect(row).toHaveTextContent('2 orders');
    expect(calls.some((c) => c.path === '/api/admin/customers' && c.search.get('view') === 'archived')).toBe(true);

    await user.click(within(row).getByRole('button', { name: 'Restore Olive Oldham' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Restore Olive Oldham? They will be back in the customer list and can sign in again.');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Customer restored successfully!')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === `/api/admin/customers/${gone.id}/restore`)).toHaveLength(1);
    expect(await screen.findByText('No archived customers found')).toBeInTheDocument();

    // Back on the customer list: there again.
    await user.click(screen.getByRole('link', { name: 'Customers' }));
    expect(await screen.findByRole('list', { name: 'Customers' })).toHaveTextContent('Olive Oldham');
  });

  it('cancelling the confirm restores nothing; a failed restore says so', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({
      'GET /api/me': [200, ME],
      'GET /api/admin/customers': [200, { items: [gone], cursor: null }],
      [`POST /api/admin/customers/${gone.id}/restore`]: [500, { error: { code: 'internal', message: 'x' } }],
    });
    renderApp('/admin/customers?view=archived');
    await user.click(await screen.findByRole('button', { name: 'Restore Olive Oldham' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Restore Olive Oldham' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Failed to restore customer. Please try again.')).toBeInTheDocument();
  });
});

describe('Deleted Orders', { timeout: 20_000 }, () => {
  beforeEach(() => resetFakeAuth(admin));
  const deleted = listOrder({ id: 'deadbeef-1111-4222-8333-444455556666', orderNumber: 'GS-000042', firearmMake: 'Ruger', firearmModel: 'GP100', customerName: 'Sam Smith', version: 7, deletedAt: '2026-03-05T12:00:00.000Z' });

  it('lists the deleted orders (view=deleted) and restores one at the version listed, after a confirm', async () => {
    const user = userEvent.setup();
    let restored = false;
    const { calls } = stubAdminApi({
      'GET /api/me': [200, ME],
      'GET /api/admin/orders': ({ url }) => {
        expect(url.searchParams.get('view')).toBe('deleted');
        return [200, { items: restored ? [] : [deleted], cursor: null, match: null }];
      },
      [`POST /api/admin/orders/${deleted.id}/restore`]: () => ((restored = true), [200, { ...deleted, version: 8 }]),
    });
    renderApp('/admin/deleted-orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deleted Orders' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Deleted orders' });
    const [row] = within(list).getAllByRole('listitem');
    expect(row).toHaveTextContent('Ruger GP100');
    expect(row).toHaveTextContent('GS-000042');
    expect(row).toHaveTextContent('Sam Smith');
    expect(row).toHaveTextContent('Deleted Mar 5, 2026');

    await user.click(within(row).getByRole('button', { name: 'Restore' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Restore this order? It goes back to the list it was deleted from, and its customer sees it again.');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Order restored successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ version: 7 });
    expect(await screen.findByText('No deleted orders found')).toBeInTheDocument();
  });

  it('a restore refused (changed meanwhile) shows the reason', async () => {
    const user = userEvent.setup();
    stubAdminApi({
      'GET /api/me': [200, ME],
      'GET /api/admin/orders': [200, { items: [deleted], cursor: null, match: null }],
      [`POST /api/admin/orders/${deleted.id}/restore`]: [409, { error: { code: 'conflict', message: 'This order was changed by someone else. Reload it and apply your changes again.' } }],
    });
    renderApp('/admin/deleted-orders');
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Failed to restore order: This order was changed by someone else. Reload it and apply your changes again.')).toBeInTheDocument();
  });

  it('is linked from Archived Orders', async () => {
    const user = userEvent.setup();
    stubAdminApi({ 'GET /api/me': [200, ME], 'GET /api/admin/orders': [200, { items: [], cursor: null, match: null }] });
    renderApp('/admin/archived-orders');
    await user.click(await screen.findByRole('link', { name: 'Deleted Orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Deleted Orders' })).toBeInTheDocument();
  });
});

describe('caliber in the edit form', { timeout: 20_000 }, () => {
  it('shows the caliber, sends a correction, and blank removes it', async () => {
    const user = userEvent.setup();
    const path = `/api/admin/orders/${baseOrder.id}`;
    const { calls } = stubAdminApi({ [`PATCH ${path}`]: ({ body }) => [200, { ...baseOrder, ...(body as object), version: baseOrder.version + 1 }] });
    const onSaved = vi.fn();
    renderWithClient(<EditOrderForm order={baseOrder} onSaved={onSaved} onCancel={() => undefined} onReload={async () => baseOrder} />);
    const caliber = screen.getByLabelText(/^Caliber/);
    expect(caliber).toHaveValue('9mm');
    await user.clear(caliber);
    await user.type(caliber, '.40 S&W');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ version: baseOrder.version, firearmCaliber: '.40 S&W' });

    await user.clear(screen.getByLabelText(/^Caliber/));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toMatchObject({ firearmCaliber: null });
  });

  it('refuses a caliber longer than 100 characters before asking the server', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({});
    renderWithClient(<EditOrderForm order={baseOrder} onSaved={() => undefined} onCancel={() => undefined} onReload={async () => baseOrder} />);
    const caliber = screen.getByLabelText(/^Caliber/);
    await user.clear(caliber);
    await user.click(caliber);
    await user.paste('x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByLabelText(/^Caliber/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});
