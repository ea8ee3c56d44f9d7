import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayment, InvoiceCheck } from '@gs/shared/api-types';
import { nextSort } from '@/features/admin-payments/sorting';
import { stubAdminApi } from './api-stub';
import { adminPaymentOf, invoice, makeOrder, makePayment } from './fixtures';
import { renderApp } from './render';
import { admin, resetFakeAuth } from './fake-auth-client';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const ORDER_ID = 'aaaabbbb-1111-4222-8333-444455556666';

/** Casey's order, and a $239.65 card payment on it as the admin list shows it. */
const casey = makeOrder({
  id: ORDER_ID,
  orderNumber: 'GS-000002',
  customerName: 'Casey Customer',
  customerEmail: 'customer@example.com',
  firearmMake: 'Remington',
  firearmModel: '870 Express',
  serialNumber: 'RS81239U',
});
const adminPayment = (over: Partial<AdminPayment> = {}): AdminPayment => ({
  ...adminPaymentOf(
    makePayment({
      paymentId: '01JPAY0000000000000001',
      orderId: casey.id,
      orderNumber: casey.orderNumber,
      amountCents: 23965,
      paymentDate: '2026-02-01T15:30:00.000Z',
      paymentIntentId: 'pi_dev_1',
      receiptUrl: 'https://pay.stripe.com/receipts/1',
    }),
    casey,
  ),
  ...over,
});

const stats = { count: 3, revenueCents: 41965, successfulCount: 2, successRate: 66.66, last30DaysCount: 3 };

/** Pages of the server: page n's cursor is `c<n>`; the last page has none. */
function stubPayments(items: AdminPayment[] = [adminPayment()], total: number | null = items.length, pages = 1) {
  return stubAdminApi({
    'GET /api/admin/payments': ({ url }) => {
      const n = Number(url.searchParams.get('cursor')?.slice(1) ?? 1);
      return [200, { items, total, cursor: n < pages ? `c${n + 1}` : null, pageSize: 15, stats }];
    },
  });
}

const lastQuery = (calls: { path: string; url: URL }[]) => calls.filter((c) => c.path === '/api/admin/payments').at(-1)!.url.searchParams;

describe('admin payment management', () => {
  beforeEach(() => resetFakeAuth(admin));

  it('shows the header, the four stats, the total and the payment columns', async () => {
    stubPayments([
      adminPayment(),
      adminPayment({ paymentId: 'p2', customerName: '', customerEmail: '', firearmMake: '', firearmModel: '', serialNumber: '', receiptUrl: null, paymentMethod: '', paymentStatus: 'pending' }),
    ]);
    renderApp('/admin/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Management' })).toBeInTheDocument();
    expect(screen.getByText('Track and manage all customer payments')).toBeInTheDocument();
    const statsList = await screen.findByLabelText('Payment statistics');
    expect(statsList).toHaveTextContent('Total Payments3');
    expect(statsList).toHaveTextContent('Total Revenue$419.65');
    expect(statsList).toHaveTextContent('Successful Payments2');
    expect(statsList).toHaveTextContent('66.7% success rate');
    expect(statsList).toHaveTextContent('Recent Activity3');
    expect(screen.getByPlaceholderText('Search by customer, firearm, or order ID')).toBeInTheDocument();
    expect(screen.getByText('Total: 2 payments')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment Management Guide' })).toBeInTheDocument();

    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim())).toEqual([
      'Date', 'Customer', 'Firearm', 'Order ID', 'Amount', 'Status', 'Payment Method', 'Receipt', 'Payment ID',
    ]);
    expect(rows[1]).toHaveTextContent('Casey Customer');
    expect(rows[1]).toHaveTextContent('customer@example.com');
    expect(rows[1]).toHaveTextContent('Remington 870 Express');
    expect(rows[1]).toHaveTextContent('S/N RS81239U');
    expect(within(rows[1]).getByRole('link', { name: 'aaaabbbb…' })).toHaveAttribute('href', `/admin/manage-orders?order=${ORDER_ID}`);
    expect(rows[1]).toHaveTextContent('$239.65');
    expect(within(rows[1]).getByText('Successful')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: /View/ })).toHaveAttribute('href', 'https://pay.stripe.com/receipts/1');
    expect(rows[1]).toHaveTextContent('01JPAY0000000000000001');
    expect(rows[2]).toHaveTextContent('Unknown');
    expect(rows[2]).toHaveTextContent('No firearm data');
    expect(rows[2]).toHaveTextContent('Credit Card');
    expect(rows[2]).toHaveTextContent('Not available');
    expect(within(rows[2]).getByText('Pending')).toBeInTheDocument();
  });

  it('shows a failed payment with its reason, refunds negative, adjustments and credits with their method, and flags', async () => {
    stubPayments([
      adminPayment({ paymentId: 'fail', paymentStatus: 'failed', notes: 'Your card was declined.', receiptUrl: null }),
      adminPayment({ paymentId: 'refund', kind: 'refund', amountCents: 1000, paymentMethod: 'Refund (Cash)', paymentIntentId: '', refundOf: 'cash', receiptUrl: null }),
      adminPayment({ paymentId: 'discount', kind: 'adjustment', amountCents: 500, paymentMethod: 'Discount', paymentIntentId: '', reason: 'Loyal customer', receiptUrl: null }),
      adminPayment({ paymentId: 'credit', kind: 'credit', amountCents: 3000, flag: 'overpayment' }),
      adminPayment({ paymentId: 'late', flag: 'order_deleted', kind: 'credit' }),
      adminPayment({ paymentId: 'archived', flag: 'order_archived' }),
      adminPayment({ paymentId: 'unconfirmed', paymentStatus: 'pending', flag: 'unconfirmed', notes: 'The card provider reports $0.01 received of the $125.00 charged (status succeeded, currency USD). Not counted as paid until staff review it.' }),
    ]);
    renderApp('/admin/payments');
    const table = await screen.findByRole('table');
    const row = (id: string) => within(table).getByText(id).closest('tr')!;
    expect(within(row('fail')).getByText('Failed')).toBeInTheDocument();
    expect(row('fail')).toHaveTextContent('Your card was declined.');
    expect(row('refund')).toHaveTextContent('\u2212$10.00');
    expect(row('refund')).toHaveTextContent('Refund (Cash)');
    expect(row('discount')).toHaveTextContent('$5.00');
    expect(row('discount')).not.toHaveTextContent('\u2212');
    expect(row('discount')).toHaveTextContent('DiscountAdjustment');
    expect(row('credit')).toHaveTextContent('Credit CardCredit');
    expect(row('credit')).toHaveTextContent('Overpayment credit');
    expect(row('late')).toHaveTextContent('Paid after the order was deleted');
    expect(row('archived')).toHaveTextContent('Paid after the order was archived');
    expect(row('archived')).not.toHaveTextContent('Overpayment credit');
    // A success the card provider did not confirm: under review, flagged, with what the provider reported.
    expect(within(row('unconfirmed')).getByText('Under review by the shop')).toBeInTheDocument();
    expect(row('unconfirmed')).toHaveTextContent('Needs review: not confirmed by the card provider');
    expect(row('unconfirmed')).toHaveTextContent('The card provider reports $0.01 received of the $125.00 charged');
    // Every spec text stays: the guide still explains search, filter, sort, receipts and order links.
    const guide = screen.getByRole('heading', { name: 'Payment Management Guide' }).closest('section')!;
    for (const topic of ['Search', 'Filter', 'Sort', 'Receipts', 'Orders', 'Refunds']) expect(within(guide).getByText(topic)).toBeInTheDocument();
  });

  it("shows a payment's dispute in the order editor's words: amount and status", async () => {
    stubPayments([
      adminPayment({ paymentId: 'disputed', amountCents: 11000, dispute: { disputeId: 'dp_1', status: 'needs_response', amountCents: 11000, reason: 'fraudulent', updatedAt: '2026-02-02T10:00:00.000Z' } }),
      adminPayment({ paymentId: 'lost', amountCents: 11000, dispute: { disputeId: 'dp_2', status: 'lost', amountCents: 11000, reason: 'fraudulent', updatedAt: '2026-02-02T10:00:00.000Z' } }),
      adminPayment({ paymentId: 'won', amountCents: 5000, dispute: { disputeId: 'dp_3', status: 'won', amountCents: 5000, reason: 'fraudulent', updatedAt: '2026-02-02T10:00:00.000Z' } }),
      adminPayment({ paymentId: 'plain' }),
    ]);
    renderApp('/admin/payments');
    const table = await screen.findByRole('table');
    const row = (id: string) => within(table).getByText(id).closest('tr')!;
    expect(within(row('disputed')).getByTestId('entry-dispute')).toHaveTextContent('Disputed $110.00 · Needs response');
    expect(within(row('lost')).getByTestId('entry-dispute')).toHaveTextContent('Dispute lost $110.00');
    expect(within(row('won')).getByTestId('entry-dispute')).toHaveTextContent('Dispute won $50.00');
    expect(within(row('plain')).queryByTestId('entry-dispute')).not.toBeInTheDocument();
  });

  it('toggles the active column and sorts a new column descending, with aria-sort', async () => {
    const user = userEvent.setup();
    const api = stubPayments();
    renderApp('/admin/payments');
    const table = await screen.findByRole('table');
    const header = (name: string) => within(table).getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Amount')).toHaveAttribute('aria-sort', 'none');
    expect(lastQuery(api.calls).get('sort')).toBe('date');
    expect(lastQuery(api.calls).get('direction')).toBe('desc');

    await user.click(within(header('Date')).getByRole('button'));
    await waitFor(() => expect(lastQuery(api.calls).get('direction')).toBe('asc'));
    expect(header('Date')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(header('Amount')).getByRole('button'));
    await waitFor(() => expect(lastQuery(api.calls).get('sort')).toBe('amount'));
    expect(lastQuery(api.calls).get('direction')).toBe('desc');
    expect(header('Amount')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Date')).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header('Amount')).getByRole('button'));
    await waitFor(() => expect(lastQuery(api.calls).get('direction')).toBe('asc'));
  });

  it('Reset Filters restores search, status and the date-descending sort', async () => {
    const user = userEvent.setup();
    const api = stubPayments();
    renderApp('/admin/payments');
    await screen.findByRole('table');
    await user.type(screen.getByPlaceholderText('Search by customer, firearm, or order ID'), 'remington');
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await user.click(within(screen.getByRole('columnheader', { name: /^Customer/ })).getByRole('button'));
    await waitFor(() => {
      const q = lastQuery(api.calls);
      expect([q.get('search'), q.get('status'), q.get('sort'), q.get('direction')]).toEqual(['remington', 'failed', 'customer', 'desc']);
    });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All Statuses', 'Successful', 'Pending', 'Failed']);

    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() => {
      const q = lastQuery(api.calls);
      expect([q.get('search'), q.get('status'), q.get('sort'), q.get('direction')]).toEqual([null, null, 'date', 'desc']);
    });
    expect(screen.getByPlaceholderText('Search by customer, firearm, or order ID')).toHaveValue('');
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it("pages by 15 through the server's cursors, back and forth, and starts again when a filter changes", async () => {
    const user = userEvent.setup();
    const api = stubPayments([adminPayment()], 31, 3);
    renderApp('/admin/payments');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(lastQuery(api.calls).get('cursor')).toBe('c2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(lastQuery(api.calls).get('cursor')).toBe('c2');
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(lastQuery(api.calls).get('cursor')).toBeNull();
    expect(lastQuery(api.calls).get('status')).toBe('failed');
  });

  it('a text search has no total: it says what it matches and goes on while the server has more', async () => {
    const user = userEvent.setup();
    stubPayments([], null, 2);
    renderApp('/admin/payments');
    await user.type(await screen.findByPlaceholderText('Search by customer, firearm, or order ID'), 'smith');
    expect(await screen.findByText('Payments matching "smith"')).toBeInTheDocument();
    expect(screen.getByText('No matches among the payments searched so far. Next searches further.')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('No payments match your filters.')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
  });

  it('shows the loading text and the error screen with Try Again', async () => {
    stubAdminApi({ 'GET /api/admin/payments': [500, { error: { code: 'internal', message: 'x' } }] });
    renderApp('/admin/payments');
    expect(await screen.findByText('Loading payment records...')).toBeInTheDocument();
    expect(await screen.findByText('Unable to Load Payment Records')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('nextSort: same column flips, new column starts descending', () => {
    expect(nextSort({ sort: 'date', direction: 'desc' }, 'date')).toEqual({ sort: 'date', direction: 'asc' });
    expect(nextSort({ sort: 'date', direction: 'asc' }, 'date')).toEqual({ sort: 'date', direction: 'desc' });
    expect(nextSort({ sort: 'date', direction: 'asc' }, 'customer')).toEqual({ sort: 'customer', direction: 'desc' });
  });
});

describe('invoice refresh utility', { timeout: 20_000 }, () => {
  beforeEach(() => resetFakeAuth(admin));
  const check = (over: Partial<InvoiceCheck> = {}): InvoiceCheck => ({
    orderId: ORDER_ID,
    orderNumber: 'GS-000042',
    version: 7,
    stored: { totalCents: invoice.totalCents, balanceDueCents: invoice.balanceDueCents, paymentStatus: invoice.paymentStatus, amountPaidCents: invoice.amountPaidCents },
    invoice,
    ...over,
  });

  it('disables the buttons while inputs are empty, asks for the ids, and looks an order up by its number', async () => {
    const user = userEvent.setup();
    const api = stubAdminApi({ 'GET /api/admin/invoices': [200, check()] });
    renderApp('/admin/invoice-refresh');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice Refresh Utility' })).toBeInTheDocument();
    const lookUp = screen.getByRole('button', { name: 'Look Up Invoice' });
    const refresh = screen.getByRole('button', { name: 'Standard Refresh' });
    expect(lookUp).toBeDisabled();
    expect(refresh).toBeDisabled();
    expect(screen.getByLabelText('Order ID')).toHaveAttribute('placeholder', 'Order ID or number (GS-000123)');
    expect(screen.queryByLabelText('Invoice ID for Direct Fix')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Order ID'), '   ');
    expect(lookUp).toBeEnabled();
    await user.click(lookUp);
    expect(await screen.findByText('Please enter an order ID')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Order ID'));
    await user.type(screen.getByLabelText('Order ID'), 'GS-000042');
    await user.click(lookUp);
    const current = await screen.findByRole('region', { name: /^Current Invoice/ });
    expect(api.calls.find((c) => c.path === '/api/admin/invoices')?.url.searchParams.get('orderId')).toBe('GS-000042');
    for (const text of ['GS-000042', 'inv-1', 'Service$120.00', 'Parts$0.00', 'Labor$0.00', 'Tax (7.75% on parts)$0.00', 'Shipping$25.00', 'Total$145.00', 'Amount Paid$0.00', 'Balance Due$145.00']) {
      expect(current).toHaveTextContent(text);
    }
    expect(screen.queryByText('Stored invoice differs')).not.toBeInTheDocument();
    const invoiceInput = screen.getByLabelText('Invoice ID for Direct Fix');
    expect(invoiceInput).toHaveValue('inv-1');
    const fix = screen.getByRole('button', { name: 'Direct Fix Invoice' });
    await user.clear(invoiceInput);
    expect(fix).toBeDisabled();
    await user.type(invoiceInput, '  ');
    await user.click(fix);
    expect(await screen.findByText('Please enter both order ID and invoice ID')).toBeInTheDocument();
  });

  it('says when the stored invoice differs from the one computed now', async () => {
    const user = userEvent.setup();
    stubAdminApi({ 'GET /api/admin/invoices': [200, check({ stored: { totalCents: 12000, balanceDueCents: 2000, paymentStatus: 'partially_paid', amountPaidCents: 10000 } })] });
    renderApp('/admin/invoice-refresh');
    await user.type(await screen.findByLabelText('Order ID'), ORDER_ID);
    await user.click(screen.getByRole('button', { name: 'Look Up Invoice' }));
    expect(await screen.findByText('Stored invoice differs')).toBeInTheDocument();
    expect(screen.getByText(/The order lists show a total of \$120\.00, \$100\.00 paid and a balance due of \$20\.00\./)).toBeInTheDocument();
  });

  it('shows Processing... while a Standard Refresh runs, then the stored invoice with its balance', async () => {
    const user = userEvent.setup();
    let release: (() => void) | undefined;
    stubAdminApi({
      'POST /api/admin/invoices/refresh': () =>
        new Promise((resolve) => {
          release = () => resolve([200, { ...invoice, totalCents: 12000, shippingCents: 0, balanceDueCents: 2000, amountPaidCents: 10000 }]);
        }),
    });
    renderApp('/admin/invoice-refresh');
    await user.type(await screen.findByLabelText('Order ID'), ORDER_ID);
    await user.click(screen.getByRole('button', { name: 'Standard Refresh' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Look Up Invoice' })).toBeDisabled();
    // The button says Processing... before the request leaves (the session is read first): answer once it has.
    await waitFor(() => expect(release).toBeDefined());
    release!();
    const success = await screen.findByText('Success');
    const panel = success.closest('div[role="status"]') as HTMLElement;
    expect(panel).toHaveTextContent('Invoice refreshed successfully.');
    expect(panel).toHaveTextContent('Total$120.00');
    expect(panel).toHaveTextContent('Balance Due$20.00');
  });

  it('previews a Direct Fix (before → after) and applies it only on confirmation, with the previewed version', async () => {
    const user = userEvent.setup();
    const before = { ...invoice, amountPaidCents: 5000, balanceDueCents: 9500, paymentStatus: 'partially_paid' as const };
    const after = { ...invoice, amountPaidCents: 14500, balanceDueCents: 0, paymentStatus: 'paid' as const };
    const api = stubAdminApi({
      'GET /api/admin/invoices': [200, check({ invoice: before })],
      'POST /api/admin/invoices/inv-1/fix': ({ body }) =>
        (body as { preview?: boolean }).preview
          ? [200, { orderId: ORDER_ID, orderNumber: 'GS-000042', version: 7, before, after, applied: false }]
          : [200, { orderId: ORDER_ID, orderNumber: 'GS-000042', version: 8, before, after, applied: true }],
    });
    renderApp('/admin/invoice-refresh');
    await user.type(await screen.findByLabelText('Order ID'), 'GS-000042');
    await user.click(screen.getByRole('button', { name: 'Look Up Invoice' }));
    await user.click(await screen.findByRole('button', { name: 'Direct Fix Invoice' }));
    const preview = await screen.findByRole('table', { name: 'Direct Fix preview' });
    const fixCalls = () => api.calls.filter((c) => c.path === '/api/admin/invoices/inv-1/fix');
    expect(fixCalls().map((c) => c.body)).toEqual([{ orderId: 'GS-000042', preview: true }]);
    const rows = within(preview).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['AmountBeforeAfter', 'Total$145.00$145.00', 'Amount Paid$50.00→ $145.00', 'Balance Due$95.00→ $0.00', 'Payment StatusPartially Paid→ Paid']);
    expect(screen.queryByText('Invoice fixed successfully.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm Direct Fix' }));
    await waitFor(() => expect(screen.getByText('Invoice fixed successfully.').closest('[role="status"]')).toHaveTextContent('Balance Due$0.00'));
    expect(fixCalls().map((c) => c.body)).toEqual([{ orderId: 'GS-000042', preview: true }, { orderId: 'GS-000042', version: 7 }]);
    expect(screen.queryByRole('table', { name: 'Direct Fix preview' })).not.toBeInTheDocument();
  });

  it('drops a stale preview with the server message, to be previewed again', async () => {
    const user = userEvent.setup();
    stubAdminApi({
      'GET /api/admin/invoices': [200, check()],
      'POST /api/admin/invoices/inv-1/fix': ({ body }) =>
        (body as { preview?: boolean }).preview
          ? [200, { orderId: ORDER_ID, orderNumber: 'GS-000042', version: 7, before: invoice, after: invoice, applied: false }]
          : [409, { error: { code: 'conflict', message: 'The order changed since the preview. Preview the fix again.' } }],
    });
    renderApp('/admin/invoice-refresh');
    await user.type(await screen.findByLabelText('Order ID'), ORDER_ID);
    await user.click(screen.getByRole('button', { name: 'Look Up Invoice' }));
    await user.click(await screen.findByRole('button', { name: 'Direct Fix Invoice' }));
    expect(await screen.findByText('Nothing changes: the invoice already matches the payment records.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm Direct Fix' }));
    expect(await screen.findByText('The order changed since the preview. Preview the fix again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Direct Fix' })).not.toBeInTheDocument();
  });

  it('shows the server message verbatim in the Error panel', async () => {
    const user = userEvent.setup();
    stubAdminApi({ 'GET /api/admin/invoices': [404, { error: { code: 'not_found', message: 'Order not found: no order with ID or number nope' } }] });
    renderApp('/admin/invoice-refresh');
    await user.type(await screen.findByLabelText('Order ID'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Look Up Invoice' }));
    const alert = (await screen.findByText('Order not found: no order with ID or number nope')).closest('[role="alert"]');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Order not found: no order with ID or number nope');
  });
});
