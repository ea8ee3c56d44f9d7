import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReceivableRow, ReceivablesPage } from '@gs/shared/receivables';
import { stubAdminApi } from './api-stub';
import { renderApp } from './render';
import { admin, resetFakeAuth } from './fake-auth-client';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const row = (n: number, over: Partial<ReceivableRow> = {}): ReceivableRow => ({
  orderId: `aaaabbbb-1111-4222-8333-${String(n).padStart(12, '0')}`,
  orderNumber: `GS-00000${n}`,
  customerId: 'c1',
  customerName: 'Casey Customer',
  customerEmail: 'customer@example.com',
  firearmMake: 'Remington',
  firearmModel: '870 Express',
  serialNumber: 'RS81239U',
  invoiceNumber: `INV-00000${n}`,
  invoiceDate: '2026-08-01T15:30:00.000Z',
  invoiceTotalCents: 25_000,
  amountPaidCents: 5_000,
  balanceDueCents: 20_000,
  ageDays: 118,
  bucket: 'over-90',
  currentStatus: 'payment_needed',
  isArchived: false,
  ...over,
});

const totals: ReceivablesPage['totals'] = {
  all: { count: 3, balanceDueCents: 45_000 },
  buckets: [
    { bucket: '0-30', count: 1, balanceDueCents: 5_000 },
    { bucket: '31-60', count: 1, balanceDueCents: 20_000 },
    { bucket: '61-90', count: 0, balanceDueCents: 0 },
    { bucket: 'over-90', count: 1, balanceDueCents: 20_000 },
  ],
};

/** Page 1 holds the 90+ order with a cursor; page 2 the others. A bucket filter answers its rows only. */
function stubReceivables(status = 200) {
  const rows = [row(1), row(2, { ageDays: 40, bucket: '31-60', isArchived: true, currentStatus: 'shipped' }), row(3, { ageDays: 0, bucket: '0-30', balanceDueCents: 5_000, customerName: '' })];
  return stubAdminApi({
    'GET /api/admin/receivables': ({ url }) => {
      if (status !== 200) return [status, { error: { code: 'internal', message: 'Internal error' } }];
      const bucket = url.searchParams.get('bucket');
      const cursor = url.searchParams.get('cursor');
      const page = (items: ReceivableRow[], next: string | null): ReceivablesPage => ({ asOf: '2026-11-27', totals, items, cursor: next, pageSize: 25 });
      if (bucket) return [200, page(rows.filter((r) => r.bucket === bucket), null)];
      return [200, cursor ? page(rows.slice(1), null) : page(rows.slice(0, 1), 'c2')];
    },
  });
}

describe('admin receivables', () => {
  beforeEach(() => resetFakeAuth(admin));

  it('shows the totals and aging as stat cards, the oldest balance first, and loads more', async () => {
    const { calls } = stubReceivables();
    renderApp('/admin/receivables');
    expect(await screen.findByRole('heading', { level: 1, name: 'Receivables' })).toBeInTheDocument();
    const cards = await screen.findByLabelText('Receivables totals');
    expect(cards).toHaveTextContent('Total due$450.003 orders');
    expect(cards).toHaveTextContent('0–30 days$50.001 order');
    expect(cards).toHaveTextContent('31–60 days$200.001 order');
    expect(cards).toHaveTextContent('61–90 days$0.000 orders');
    expect(cards).toHaveTextContent('90+ days$200.001 order');
    const list = screen.getByRole('list', { name: 'Orders with a balance due' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    const first = within(list).getByRole('listitem');
    expect(first).toHaveTextContent('GS-000001');
    expect(first).toHaveTextContent('Casey Customer');
    expect(first).toHaveTextContent('Remington 870 Express · S/N RS81239U');
    expect(first).toHaveTextContent('Invoice total$250.00Paid$50.00Balance due$200.00');
    expect(first).toHaveTextContent('118 days');
    expect(within(first).getByRole('link', { name: 'GS-000001' })).toHaveAttribute('href', '/admin/manage-orders?order=aaaabbbb-1111-4222-8333-000000000001');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Archived');
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('Unknown');
    expect(calls.filter((c) => c.path === '/api/admin/receivables').map((c) => c.search.get('cursor'))).toEqual([null, 'c2']);
  });

  it('filters one age bucket, keeps the totals of all, and says when a bucket is empty', async () => {
    const { calls } = stubReceivables();
    renderApp('/admin/receivables');
    const filter = await screen.findByLabelText('Age');
    await userEvent.selectOptions(filter, '31–60 days');
    await waitFor(() => expect(calls.at(-1)!.search.get('bucket')).toBe('31-60'));
    expect(await screen.findByRole('heading', { name: 'Balances due 31–60 days' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Orders with a balance due' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(list).toHaveTextContent('GS-000002');
    expect(screen.getByLabelText('Receivables totals')).toHaveTextContent('Total due$450.00');

    await userEvent.selectOptions(filter, '61–90 days');
    expect(await screen.findByText('No orders with a balance due are 61–90 days old.')).toBeInTheDocument();
  });

  it('shows the empty state when nothing is owed, and a failed read with Try Again', async () => {
    stubAdminApi({
      'GET /api/admin/receivables': [200, { asOf: '2026-11-27', totals: { all: { count: 0, balanceDueCents: 0 }, buckets: totals.buckets.map((b) => ({ ...b, count: 0, balanceDueCents: 0 })) }, items: [], cursor: null, pageSize: 25 }],
    });
    const { unmount } = renderApp('/admin/receivables');
    expect(await screen.findByText('No orders have a balance due.')).toBeInTheDocument();
    unmount();

    stubReceivables(500);
    renderApp('/admin/receivables');
    expect(await screen.findByText('Unable to load receivables. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
