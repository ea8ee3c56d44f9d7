import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminListOrder } from '@gs/shared/api-types';
import { stubAdminApi } from './api-stub';
import { invoice, listOrder, makeProfile } from './fixtures';
import { renderApp } from './render';
import { admin, resetFakeAuth } from './fake-auth-client';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const archived = (over: Partial<AdminListOrder>) =>
  listOrder({ isArchived: true, archivedAt: '2026-02-10T15:00:00.000Z', invoiceBalanceDueCents: 0, invoicePaymentStatus: 'paid', ...over });

const owing = archived({
  id: 'aaaabbbb-1111-4222-8333-444455556666',
  firearmMake: 'Ruger',
  firearmModel: '10/22',
  customerName: 'Sam Smith',
  serviceType: 'Cleaning',
  currentStatus: 'awaiting_payment',
  invoiceBalanceDueCents: 4250,
  estimatedCostCents: 7500,
  // Billed extra work $19.99 (a part $12.00 and labor $7.99); a request of $30.00 was rejected, another of $45.00 waits.
  additionalCostCents: 4500,
  additionalCostApprovalStatus: 'pending',
  invoice: { ...invoice, partsCents: 1200, laborCents: 799, pendingApprovalCents: 4500 },
  createdAt: '2026-01-02T10:00:00.000Z',
});
const paid = archived({ id: 'ccccdddd-1111-4222-8333-444455556666', currentStatus: 'completed', createdAt: '2026-01-09T10:00:00.000Z' });
const ME = makeProfile({ id: 'admin-1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', phone: null, role: 'admin', createdAt: '2026-01-01T00:00:00.000Z' });

describe('Archived Orders', () => {
  beforeEach(() => resetFakeAuth(admin));

  it('shows the loading text, then each item newest first with its details', async () => {
    let release: ((r: [number, unknown]) => void) | undefined;
    stubAdminApi({
      'GET /api/me': [200, ME],
      'GET /api/admin/orders': ({ url }) => {
        expect(url.searchParams.get('view')).toBe('archived');
        return new Promise<[number, unknown]>((resolve) => (release = resolve));
      },
    });
    renderApp('/admin/archived-orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Archived Orders' })).toBeInTheDocument();
    expect(await screen.findByText('Loading archived orders...')).toBeInTheDocument();
    // The loading text shows before the list is asked for (the session loads first): answer once it is.
    await waitFor(() => expect(release).toBeDefined());
    release!([200, { items: [owing, paid], cursor: null }]);

    const list = await screen.findByRole('list', { name: 'Archived orders' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Glock 19'); // created Jan 9: newest first
    expect(first).toHaveTextContent('#ccccdddd');
    expect(first).toHaveTextContent('Paid');
    expect(first).not.toHaveTextContent('Additional Cost');
    expect(within(first).getByText('Completed')).toHaveAttribute('data-color', 'green');

    expect(second).toHaveTextContent('Ruger 10/22');
    expect(second).toHaveTextContent('#aaaabbbb');
    expect(second).toHaveTextContent('Sam Smith');
    expect(second).toHaveTextContent('Cleaning');
    expect(second).toHaveTextContent('Owes: $42.50');
    expect(second).toHaveTextContent('Archived Feb 10, 2026');
    expect(second).toHaveTextContent('Estimated Cost: $75.00');
    expect(second).toHaveTextContent('Additional Cost: $19.99');
    expect(second).not.toHaveTextContent('$45.00');
    expect(within(second).getByText('Awaiting Payment')).toHaveAttribute('data-color', 'blue');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('shows the empty text', async () => {
    stubAdminApi({ 'GET /api/me': [200, ME], 'GET /api/admin/orders': [200, { items: [], cursor: null }] });
    renderApp('/admin/archived-orders');
    expect(await screen.findByText('No archived orders found')).toBeInTheDocument();
  });

  it('shows the load failure', async () => {
    stubAdminApi({ 'GET /api/me': [200, ME], 'GET /api/admin/orders': [500, { error: { code: 'internal', message: 'x' } }] });
    renderApp('/admin/archived-orders');
    expect(await screen.findByText('Failed to load archived orders. Please try again.')).toBeInTheDocument();
  });

  it('unarchives and soft-deletes with the spec confirmations and results', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({
      'GET /api/me': [200, ME],
      'GET /api/admin/orders': [200, { items: [owing], cursor: null }],
      [`POST /api/admin/orders/${owing.id}/unarchive`]: [200, { ...owing, isArchived: false }],
      [`DELETE /api/admin/orders/${owing.id}`]: [500, { error: { code: 'internal', message: 'x' } }],
    });
    renderApp('/admin/archived-orders');
    await user.click(await screen.findByRole('button', { name: 'Unarchive' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Are you sure you want to unarchive this order? It will reappear in the main active orders list.',
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unarchive' }));
    expect(await screen.findByText('Order unarchived successfully!')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/unarchive'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Are you sure you want to (soft) delete this archived order? It will be marked as deleted.',
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete archived order.')).toBeInTheDocument();
  });

  it('opens Edit in a modal titled with the order id', async () => {
    const user = userEvent.setup();
    stubAdminApi({
      'GET /api/me': [200, ME],
      'GET /api/admin/orders': [200, { items: [owing], cursor: null }],
      [`GET /api/admin/orders/${owing.id}`]: [200, { ...owing, updates: [], payments: [] }],
    });
    renderApp('/admin/archived-orders');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: `Edit Order ${owing.id}` });
    await waitFor(() => expect(within(dialog).getByLabelText('Firearm Make')).toHaveValue('Ruger'));
  });
});
