import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Payment } from '@gs/shared/api-types';
import { admin, customer, resetFakeAuth } from './fake-auth-client';
import { stubApiRoutes } from './api-stub';
import { makeDetail, makeLine, makeOrder, makePayment, ORDER_ID, testProfile } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

// The printable invoice and receipt: the bill line by line, discounts, every settled payment,
// refund and credit, what was paid and what is due. The same sheet for the customer and staff.

// $150 service + Extractor $45 (part) + labor $65 + tax 7.75 % on $45 ($3.49) + $25 shipping = $288.49;
// a $10 discount; $50 paid by card, $20 of it refunded: $30 paid, $248.49 due; a $5 credit.
const lines = [
  makeLine({ id: 'l-extractor', name: 'Extractor', unitCents: 4500 }),
  makeLine({ id: 'l-labor', kind: 'labor', name: 'Install and test fire', unitCents: 6500 }),
  makeLine({ id: 'l-pending', name: 'Night sights', unitCents: 9900, state: 'pending', needsApproval: true, requestId: 'req-1' }),
];
const order = makeOrder({
  currentStatus: 'work_complete',
  lines,
  invoice: {
    ...makeOrder().invoice,
    partsCents: 4500,
    laborCents: 6500,
    taxCents: 349,
    totalCents: 28849,
    adjustmentsCents: 1000,
    amountPaidCents: 3000,
    balanceDueCents: 24849,
    creditCents: 500,
    paymentStatus: 'partially_paid',
    pendingApprovalCents: 9900,
  },
});
const payments: Payment[] = [
  makePayment({ paymentId: 'credit', kind: 'credit', amountCents: 500, paymentDate: '2024-02-04T10:00:00.000Z', flag: 'overpayment' }),
  makePayment({ paymentId: 'refund', kind: 'refund', amountCents: 2000, paymentMethod: 'Refund (Credit Card)', paymentDate: '2024-02-03T10:00:00.000Z', refundOf: 'pay-1', reason: 'Part not needed' }),
  makePayment({ paymentId: 'discount', kind: 'adjustment', amountCents: 1000, paymentMethod: 'Discount', paymentIntentId: '', paymentDate: '2024-02-02T10:00:00.000Z', reason: 'Loyal customer' }),
  makePayment({ paymentId: 'declined', amountCents: 9999, paymentStatus: 'failed', paymentDate: '2024-01-31T10:00:00.000Z' }),
  makePayment({ paymentId: 'settling', amountCents: 7777, paymentStatus: 'pending', paymentDate: '2024-02-05T10:00:00.000Z' }),
  makePayment({ refundedCents: 2000 }),
];

const rowText = (el: HTMLElement) => el.textContent?.replace(/\s+/g, ' ').trim();
/** A ledger row as [date, description, amount] (on a phone the date is repeated inside the description cell). */
const ledgerRow = (row: HTMLElement) => {
  const [date, description, amount] = within(row).getAllByRole('cell');
  return [date.textContent, description.lastChild?.textContent, amount.textContent];
};

async function expectTheSheet() {
  const sheet = await screen.findByRole('article', { name: 'Invoice' });
  expect(within(sheet).getByTestId('invoice-number')).toHaveTextContent('INV-GS-000004');
  expect(sheet).toHaveTextContent('Jane Doe');
  expect(sheet).toHaveTextContent('jane.doe@example.com');
  const firearm = within(sheet).getByRole('region', { name: 'Firearm' });
  for (const text of ['Glock', '19 Gen 5', 'BXKL552', '9mm']) expect(firearm).toHaveTextContent(text);

  // The bill: each billed line, tax, shipping, total; the pending line apart and not in the total.
  const bill = within(sheet).getByTestId('bill');
  const billRows = [...bill.querySelectorAll('[data-bill-row]')].map((r) => rowText(r as HTMLElement));
  expect(billRows).toEqual(['Service$150.00', 'Extractor$45.00', 'Install and test fire$65.00', 'Tax (7.75% on parts)$3.49', 'Shipping$25.00']);
  expect(within(sheet).getByTestId('invoice-total')).toHaveTextContent('$288.49');
  expect(within(sheet).getByTestId('invoice-discounts')).toHaveTextContent('\u2212$10.00');
  expect(bill).toHaveTextContent('Amount Paid$30.00');
  expect(within(sheet).getByTestId('balance-due')).toHaveTextContent('$248.49');
  expect(within(sheet).getByTestId('invoice-credit')).toHaveTextContent('$5.00');
  expect(bill).toHaveTextContent('Credit (to be refunded)');
  expect(within(sheet).getByTestId('awaiting-approval')).toHaveTextContent('Night sights');

  // Discounts, then every settled payment, refund (negative) and credit, oldest first.
  const discounts = within(sheet).getByRole('region', { name: 'Discounts' });
  expect(ledgerRow(within(discounts).getAllByRole('row')[1])).toEqual(['Feb 2, 2024', 'Discount: Loyal customer', '\u2212$10.00']);
  const ledger = within(within(within(sheet).getByRole('region', { name: 'Payments and Refunds' })).getByRole('table'));
  expect(ledger.getAllByRole('row').slice(1).map(ledgerRow)).toEqual([
    ['Feb 1, 2024', 'Credit Card', '$50.00'],
    ['Feb 3, 2024', 'Refund (Credit Card): Part not needed', '\u2212$20.00'],
    ['Feb 4, 2024', 'Credit Card (credit, received above the bill)', '$5.00'],
  ]);
  // A declined attempt is not on it; one still settling is mentioned, not counted.
  expect(sheet).not.toHaveTextContent('$99.99');
  expect(sheet).not.toHaveTextContent('$77.77');
  expect(sheet).toHaveTextContent('A payment still processing is not included.');
  expect(within(sheet).getByTestId('invoice-status')).toHaveTextContent('Partially paid');
  return sheet;
}

describe('printable invoice', () => {
  beforeEach(() => resetFakeAuth(customer));

  it('customer: the whole bill, discounts, payments and refunds, the balance; Print prints', async () => {
    const user = userEvent.setup();
    stubApiRoutes((call) => (call.method === 'GET' && call.path === `/api/orders/${ORDER_ID}` ? [200, makeDetail(order, { payments })] : undefined));
    renderApp(`/orders/${ORDER_ID}/invoice`);
    const sheet = await expectTheSheet();
    // Before the shop saves its identity (GET /api/shop has nothing to say here): the defaults, as the site shows them.
    expect(sheet).toHaveTextContent('Gunsmith Portal');
    expect(sheet).toHaveTextContent('(555) 010-0199');
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', `/orders/${ORDER_ID}`);
  });

  it('paid in full: a zero balance and the paid stamp', async () => {
    const paid = makeOrder({ invoice: { ...makeOrder().invoice, amountPaidCents: 17500, balanceDueCents: 0, paymentStatus: 'paid' } });
    stubApiRoutes((call) =>
      call.method === 'GET' && call.path === `/api/orders/${ORDER_ID}` ? [200, makeDetail(paid, { payments: [makePayment({ amountCents: 17500 })] })] : undefined,
    );
    renderApp(`/orders/${ORDER_ID}/invoice`);
    const sheet = await screen.findByRole('article', { name: 'Invoice' });
    expect(within(sheet).getByTestId('balance-due')).toHaveTextContent('$0.00');
    expect(within(sheet).getByTestId('invoice-status')).toHaveTextContent('Paid in full');
    expect(within(sheet).queryByTestId('invoice-discounts')).not.toBeInTheDocument();
    expect(within(sheet).queryByTestId('invoice-credit')).not.toBeInTheDocument();
  });

  it('a price reduction: the Refunded row under the totals, as every bill shows it', async () => {
    // $110.00 paid, $20.00 of it refunded as a price reduction: a $20.00 discount, nothing due, "Refunded $20.00".
    const reduced = makeOrder({
      invoice: { ...makeOrder().invoice, totalCents: 11000, adjustmentsCents: 2000, amountPaidCents: 9000, balanceDueCents: 0, refundedCents: 2000, paymentStatus: 'paid' },
    });
    const entries = [
      makePayment({ amountCents: 11000, refundedCents: 2000 }),
      makePayment({ paymentId: 'refund', kind: 'refund', amountCents: 2000, paymentMethod: 'Refund (Credit Card)', paymentDate: '2024-02-03T10:00:00.000Z', refundOf: 'pay-1', purpose: 'price_reduction' }),
    ];
    stubApiRoutes((call) => (call.method === 'GET' && call.path === `/api/orders/${ORDER_ID}` ? [200, makeDetail(reduced, { payments: entries })] : undefined));
    renderApp(`/orders/${ORDER_ID}/invoice`);
    const sheet = await screen.findByRole('article', { name: 'Invoice' });
    const totals = [...within(sheet).getByTestId('bill').querySelectorAll('div:not([data-bill-row])')].map((r) => rowText(r as HTMLElement));
    expect(totals).toEqual(['Total$110.00', 'Discounts\u2212$20.00', 'Amount Paid$90.00', 'Balance Due$0.00', 'Refunded$20.00']);
    expect(within(sheet).getByTestId('invoice-refunded')).toHaveAttribute('data-cents', '2000');
    expect(within(sheet).getByTestId('invoice-status')).toHaveTextContent('Paid in full');
  });

  it('is linked from the order page', async () => {
    stubApiRoutes((call) => (call.method === 'GET' && call.path === `/api/orders/${ORDER_ID}` ? [200, makeDetail(order, { payments })] : undefined));
    renderApp(`/orders/${ORDER_ID}`);
    expect(await screen.findByRole('link', { name: 'Print invoice' })).toHaveAttribute('href', `/orders/${ORDER_ID}/invoice`);
  });

  it('admin: the same sheet from the admin order, with the shop as every page names it (GET /api/shop)', async () => {
    resetFakeAuth(admin);
    const shop = { name: 'Hill Country Gunsmithing', phone: '(512) 555-0100', email: 'shop@example.com', address: '1200 Ranch Road 12\nWimberley, TX 78676' };
    const api = stubApiRoutes((call) => {
      if (call.path === '/api/me') return [200, { ...testProfile, id: 'admin-1', email: 'admin@example.com', role: 'admin' }];
      if (call.method === 'GET' && call.path === `/api/admin/orders/${ORDER_ID}`) return [200, makeDetail(order, { payments })];
      if (call.method === 'GET' && call.path === '/api/shop') return [200, shop];
      return undefined;
    });
    renderApp(`/admin/orders/${ORDER_ID}/invoice`);
    const sheet = await expectTheSheet();
    expect(sheet).toHaveTextContent('Hill Country Gunsmithing');
    expect(sheet).toHaveTextContent('(512) 555-0100');
    expect(await within(sheet).findByText('shop@example.com')).toBeInTheDocument();
    expect(sheet).toHaveTextContent('Wimberley, TX 78676');
    expect(api.calls.some((c) => c.path === `/api/orders/${ORDER_ID}`)).toBe(false);
  });

  it('a customer opening the admin invoice goes to the dashboard', async () => {
    stubApiRoutes(() => undefined);
    const { router } = renderApp(`/admin/orders/${ORDER_ID}/invoice`);
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
