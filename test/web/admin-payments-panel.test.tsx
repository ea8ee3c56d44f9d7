import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order, OrderDetail, Payment } from '@gs/shared/api-types';
import { centsToInput, dollarsToCents } from '@gs/shared/money';
import { ledgerMessages } from '@gs/shared/payment-rules';
import { useAdminOrder } from '@/features/admin-orders/api/get-admin-order';
import { HeldCreditBanner, PAYMENT_FAILED, PaymentsPanel } from '@/features/admin-orders/components/payments-panel';
import { type RouteHandler, stubAdminApi } from './api-stub';
import { adminPaymentOf, baseOrder, invoice, ledgerEntry } from './fixtures';
import { renderWithClient } from './render';

const ORDER = `/api/admin/orders/${baseOrder.id}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function Panel() {
  const order = useAdminOrder(baseOrder.id);
  return order.data ? (
    <>
      <HeldCreditBanner order={order.data} />
      <PaymentsPanel order={order.data} />
    </>
  ) : (
    <p>Loading</p>
  );
}

interface State {
  order: Order;
  payments: Payment[];
}
type Change = (body: unknown, state: State) => [number, unknown] | Promise<[number, unknown]> | State;

/** Serves the order and its ledger from `state` (GET); a route may answer itself or change the state (then 201 { order, payment: the newest entry }). */
function serve(initial: State, routes: Record<string, Change> = {}) {
  let state = initial;
  const handlers: Record<string, RouteHandler> = {
    [`GET ${ORDER}`]: () => [200, { ...state.order, updates: [], payments: state.payments } satisfies OrderDetail],
  };
  for (const [route, fn] of Object.entries(routes)) {
    handlers[route] = ({ body }) => {
      const out = fn(body, state);
      if (Array.isArray(out) || out instanceof Promise) return out;
      state = out;
      return [201, { order: state.order, payment: adminPaymentOf(state.payments.at(-1)!) }];
    };
  }
  const api = stubAdminApi(handlers);
  renderWithClient(<Panel />);
  return { ...api, posts: () => api.calls.filter((c) => c.method === 'POST'), set: (next: State) => (state = next) };
}

const error = (status: number, message: string, fields: Record<string, string> = {}): [number, unknown] => [
  status,
  { error: { code: status >= 500 ? 'internal' : 'validation_failed', message, fields } },
];

const withInvoice = (over: Partial<typeof invoice>): Order => ({ ...baseOrder, invoice: { ...invoice, ...over } });

// Staff type amounts like any other money field: one conversion, the shared dollarsToCents (its
// exactness is tested in test/unit/money.test.ts); these are the amounts the ledger forms meet.
describe('amounts staff type (dollarsToCents, the one conversion)', () => {
  it('reads whole dollars, cents, a leading $ and thousands separators, exactly', () => {
    expect(dollarsToCents('20')).toBe(2000);
    expect(dollarsToCents(' $1,234.5 ')).toBe(123450);
    expect(dollarsToCents('.75')).toBe(75);
    expect(dollarsToCents('10.')).toBe(1000);
    // Where floating point goes wrong: 0.29 * 100 = 28.999…
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('4.35')).toBe(435);
  });

  it('rounds a third decimal half-up, and refuses anything that is not an amount', () => {
    expect(dollarsToCents('10.075')).toBe(1008);
    expect(dollarsToCents('10.074')).toBe(1007);
    for (const bad of ['', ' ', '.', '$', '-5', '+5', '1e3', 'abc', '12.3.4', '99999999999999999', 'NaN']) {
      expect(dollarsToCents(bad), bad).toBeNull();
    }
  });

  it('prefills amounts that read back as the same cents', () => {
    expect(centsToInput(2000)).toBe('20.00');
    expect(centsToInput(1005)).toBe('10.05');
    expect(centsToInput(7)).toBe('0.07');
    for (const cents of [0, 1, 29, 435, 100_000_000]) expect(dollarsToCents(centsToInput(cents))).toBe(cents);
  });
});

// Typing is slow on a busy machine: a test may take several seconds.
describe("an order's ledger for staff", { timeout: 20_000 }, () => {
  it('lists every entry oldest first with refunds negative, the failure reason, the refunded part, and the invoice numbers', async () => {
    const cash = ledgerEntry({ paymentId: 'cash-1', reason: 'R-1', refundedCents: 1000 });
    const card = ledgerEntry({
      paymentId: 'card-1',
      paymentDate: '2026-01-05T09:00:00.000Z',
      amountCents: 5000,
      paymentMethod: 'Credit Card',
      paymentIntentId: 'pi_dev_1',
      receiptUrl: 'https://pay.stripe.com/receipts/1',
    });
    const declined = ledgerEntry({ paymentId: 'fail-1', paymentDate: '2026-01-05T08:00:00.000Z', amountCents: 5000, paymentMethod: 'Credit Card', paymentStatus: 'failed', notes: 'Your card was declined.', paymentIntentId: 'pi_dev_0' });
    const discount = ledgerEntry({ paymentId: 'adj-1', paymentDate: '2026-01-06T11:00:00.000Z', kind: 'adjustment', amountCents: 500, paymentMethod: 'Discount', reason: 'Loyal customer' });
    const refund = ledgerEntry({ paymentId: 'ref-1', paymentDate: '2026-01-06T12:00:00.000Z', kind: 'refund', amountCents: 1000, paymentMethod: 'Refund (Cash)', refundOf: 'cash-1', reason: 'Overcharged' });
    serve({
      order: withInvoice({ amountPaidCents: 6000, adjustmentsCents: 500, balanceDueCents: 14500 - 500 - 6000 }),
      payments: [refund, cash, discount, card, declined],
    });

    const table = await screen.findByRole('table', { name: /Payments, refunds and adjustments/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['payment', 'payment', 'payment', 'adjustment', 'refund']);
    expect(rows.map((r) => within(r).getByTestId('ledger-amount').getAttribute('data-cents'))).toEqual(['5000', '5000', '2000', '500', '-1000']);

    const [failedRow, cardRow, cashRow, discountRow, refundRow] = rows;
    expect(failedRow).toHaveTextContent('Failed');
    expect(failedRow).toHaveTextContent('Your card was declined.');
    expect(within(failedRow).queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(within(cardRow).getByRole('link', { name: /View receipt/ })).toHaveAttribute('href', 'https://pay.stripe.com/receipts/1');
    expect(cashRow).toHaveTextContent('Cash');
    expect(cashRow).toHaveTextContent('Reference: R-1');
    expect(cashRow).toHaveTextContent('Refunded $10.00 of $20.00');
    expect(discountRow).toHaveTextContent('Discount');
    expect(discountRow).toHaveTextContent('Loyal customer');
    expect(within(discountRow).queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(within(refundRow).getByTestId('ledger-amount')).toHaveTextContent('\u2212$10.00');
    expect(refundRow).toHaveTextContent('Refund (Cash)');
    expect(refundRow).toHaveTextContent('Overcharged');
    expect(refundRow).toHaveTextContent('Refund of the Cash payment of $20.00');
    expect(within(refundRow).queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(within(cashRow).getByRole('button', { name: 'Refund Cash payment of $20.00' })).toBeEnabled();

    expect(screen.getByRole('region', { name: 'Ledger summary' }).querySelector('dl')).not.toBeNull();
    expect(screen.getByTestId('ledger-total')).toHaveTextContent('$145.00');
    expect(screen.getByTestId('ledger-adjustments')).toHaveTextContent('\u2212$5.00');
    expect(screen.getByTestId('ledger-paid')).toHaveTextContent('$60.00');
    expect(screen.getByTestId('ledger-credit')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('ledger-balance')).toHaveTextContent('$80.00');
    expect(screen.getByRole('link', { name: /Print invoice/ })).toHaveAttribute('href', `/admin/orders/${baseOrder.id}/invoice`);
  });

  it('records a cash payment in cents, sends the same requestId again on a retry after a 500, and shows the new entry', async () => {
    const user = userEvent.setup();
    let failNext = true;
    const { posts } = serve({ order: baseOrder, payments: [] }, {
      [`POST ${ORDER}/payments`]: (body, state) => {
        if (failNext) {
          failNext = false;
          return error(500, 'An unexpected error occurred');
        }
        const b = body as { amountCents: number; reference?: string; requestId: string };
        const entry = ledgerEntry({ paymentId: `shop_${b.requestId}`, amountCents: b.amountCents, reason: b.reference ?? null });
        return { order: withInvoice({ amountPaidCents: b.amountCents, balanceDueCents: 14500 - b.amountCents }), payments: [...state.payments, entry] };
      },
    });
    await screen.findByText('No payments recorded yet.');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record payment' });
    expect(within(dialog).getByLabelText('Amount ($)')).toHaveValue('145.00');
    expect(within(dialog).getAllByRole('option').map((o) => o.textContent)).toEqual(['Cash', 'Check', 'Card (in shop)']);
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'cash');
    await user.clear(within(dialog).getByLabelText('Amount ($)'));
    await user.type(within(dialog).getByLabelText('Amount ($)'), '20.00');
    await user.type(within(dialog).getByLabelText('Reference'), 'R-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    expect((await within(dialog).findByText(PAYMENT_FAILED)).closest('[role="alert"]')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [first, second] = posts().map((c) => c.body as { requestId: string });
    expect(first).toEqual({ requestId: expect.stringMatching(UUID), method: 'cash', amountCents: 2000, reference: 'R-1' });
    expect(second).toEqual(first);
    expect(screen.getByTestId('ledger-notice')).toHaveTextContent('Cash payment of $20.00 recorded.');
    expect(screen.getByTestId('ledger-balance')).toHaveTextContent('$125.00');
    expect(await screen.findByText('Reference: R-1')).toBeInTheDocument();

    // A new dialog is a new attempt.
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(posts()).toHaveLength(3));
    expect((posts()[2].body as { requestId: string }).requestId).not.toBe(first.requestId);
  });

  it("checks the form with the route's schema and shows the server's 400 under the field or as an alert", async () => {
    const user = userEvent.setup();
    const above = ledgerMessages.aboveBalance(14500);
    let reply: [number, unknown] = error(400, above, { amountCents: above });
    const { posts } = serve({ order: baseOrder, payments: [] }, { [`POST ${ORDER}/payments`]: () => reply });
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record payment' });
    const amount = within(dialog).getByLabelText('Amount ($)');

    // Not an amount, or none: the server's own words, and nothing is sent.
    await user.clear(amount);
    await user.type(amount, '12.3.4');
    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    expect(amount).toHaveAccessibleDescription(ledgerMessages.amountInvalid);
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    expect(amount).toHaveAccessibleDescription(ledgerMessages.amountInvalid);
    await user.type(within(dialog).getByLabelText('Reference'), 'x'.repeat(101));
    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    expect(within(dialog).getByLabelText('Reference')).toHaveAccessibleDescription(ledgerMessages.referenceTooLong);
    expect(posts()).toHaveLength(0);

    // A third decimal is rounded half-up, as in every money field; the server's 400 is shown at the field.
    await user.clear(within(dialog).getByLabelText('Reference'));
    await user.clear(amount);
    await user.type(amount, '200.075');
    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(above));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(posts()[0].body).toMatchObject({ method: 'cash', amountCents: 20008 });

    // A refusal about no field of the form is an alert; after a refusal the next try is a new attempt.
    reply = error(409, 'This order was changed by someone else. Reload it and apply your changes again.');
    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    expect((await within(dialog).findByText(/changed by someone else/)).closest('[role="alert"]')).toBeInTheDocument();
    const ids = posts().map((c) => (c.body as { requestId: string }).requestId);
    expect(ids).toHaveLength(2);
    expect(ids[1]).not.toBe(ids[0]);
  });

  it('a card payment in progress: the 409 says so in the dialog, and the order read again shows the card payment and what is still owed', async () => {
    const user = userEvent.setup();
    const inProgress = ledgerMessages.cardPaymentInProgress('succeeded');
    const card = ledgerEntry({ paymentId: 'pay_pi_1_o', paymentMethod: 'Credit Card', paymentIntentId: 'pi_1', amountCents: 14500 });
    const api = serve({ order: baseOrder, payments: [] }, {
      // The server recorded the customer's card payment on the spot and refused the shop's.
      [`POST ${ORDER}/payments`]: () => {
        api.set({ order: withInvoice({ amountPaidCents: 14500, balanceDueCents: 0, paymentStatus: 'paid' }), payments: [card] });
        return [409, { error: { code: 'conflict', message: inProgress } }];
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    expect((await within(dialog).findByText(inProgress)).closest('[role="alert"]')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('ledger-balance')).toHaveTextContent('$0.00'));
    expect(screen.getByTestId('ledger-paid')).toHaveTextContent('$145.00');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Record payment' })).toBeDisabled();
  });

  it('keeps the save button disabled while saving, so a double click records once', async () => {
    const user = userEvent.setup();
    let release: ((reply: [number, unknown]) => void) | undefined;
    const { posts, set } = serve({ order: baseOrder, payments: [] }, {
      [`POST ${ORDER}/adjustments`]: () => new Promise<[number, unknown]>((resolve) => (release = resolve)),
    });
    await user.click(await screen.findByRole('button', { name: 'Discount / write-off' }));
    const dialog = screen.getByRole('dialog', { name: 'Discount / write-off' });
    await user.type(within(dialog).getByLabelText('Amount ($)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(ledgerMessages.reasonRequired);
    expect(posts()).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'write_off');
    await user.type(within(dialog).getByLabelText('Reason'), '  Customer moved away  ');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(posts()).toHaveLength(1);
    expect(posts()[0].body).toEqual({ requestId: expect.stringMatching(UUID), kind: 'write_off', amountCents: 500, reason: 'Customer moved away' });
    const writeOff = ledgerEntry({ kind: 'adjustment', amountCents: 500, paymentMethod: 'Write-off', reason: 'Customer moved away' });
    set({ order: withInvoice({ adjustmentsCents: 500, balanceDueCents: 14000 }), payments: [writeOff] });
    await waitFor(() => expect(release).toBeDefined());
    release!([201, { order: withInvoice({ adjustmentsCents: 500, balanceDueCents: 14000 }), payment: adminPaymentOf(writeOff) }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('ledger-notice')).toHaveTextContent('Write-off of $5.00 recorded.');
    expect(screen.getByTestId('ledger-balance')).toHaveTextContent('$140.00');
  });

  it('refunds part of a cash payment in the shop: no card option, the rest prefilled, the refund listed negative', async () => {
    const user = userEvent.setup();
    const cash = ledgerEntry({ paymentId: 'cash-1', reason: 'R-1' });
    const { posts } = serve({ order: withInvoice({ amountPaidCents: 2000, balanceDueCents: 12500 }), payments: [cash] }, {
      [`POST ${ORDER}/payments/cash-1/refunds`]: (body, state) => {
        const b = body as { amountCents: number; reason: string; requestId: string };
        const refund = ledgerEntry({ paymentId: `refund_${b.requestId}`, paymentDate: '2026-01-07T10:00:00.000Z', kind: 'refund', amountCents: b.amountCents, paymentMethod: 'Refund (Cash)', refundOf: 'cash-1', reason: b.reason });
        return {
          order: withInvoice({ amountPaidCents: 2000 - b.amountCents, balanceDueCents: 12500 + b.amountCents }),
          payments: [{ ...cash, refundedCents: b.amountCents }, refund],
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Refund Cash payment of $20.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' });
    expect(dialog).toHaveTextContent('Not yet refunded: $20.00');
    expect(within(within(dialog).getByLabelText('Refund method')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Cash', 'Check', 'Card (in shop)']);
    // A payment's refund is a price reduction unless staff say the customer owes it again.
    expect(within(dialog).getByLabelText('What is this refund?')).toHaveValue('price_reduction');
    await user.selectOptions(within(dialog).getByLabelText('What is this refund?'), 'return');
    expect(within(dialog).getByLabelText('Refund method')).toHaveValue('cash');
    const amount = within(dialog).getByLabelText('Amount ($)');
    expect(amount).toHaveValue('20.00');
    await user.clear(amount);
    await user.type(amount, '10');
    await user.type(within(dialog).getByLabelText('Reason'), 'Part returned unused');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $10.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts()[0].body).toEqual({ requestId: expect.stringMatching(UUID), method: 'cash', amountCents: 1000, reason: 'Part returned unused', purpose: 'return' });
    expect(screen.getByTestId('ledger-balance')).toHaveTextContent('$135.00');
    const refundRow = (await screen.findByText('Part returned unused')).closest('tr')!;
    expect(within(refundRow).getByTestId('ledger-amount')).toHaveTextContent('\u2212$10.00');
    expect(screen.getByText('Refunded $10.00 of $20.00')).toBeInTheDocument();
  });

  it('offers the card for a card payment and shows why the provider refused', async () => {
    const user = userEvent.setup();
    const card = ledgerEntry({ paymentId: 'card-1', amountCents: 5000, paymentMethod: 'Credit Card', paymentIntentId: 'pi_dev_1' });
    const refused = 'Invalid request: Charge ch_1 has already been refunded.';
    const { posts } = serve({ order: withInvoice({ amountPaidCents: 5000, balanceDueCents: 9500 }), payments: [card] }, {
      [`POST ${ORDER}/payments/card-1/refunds`]: () => error(402, refused),
    });
    await user.click(await screen.findByRole('button', { name: 'Refund Credit Card payment of $50.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' });
    expect(within(dialog).getByLabelText('Refund method')).toHaveValue('card');
    expect(within(within(dialog).getByLabelText('Refund method')).getAllByRole('option')).toHaveLength(4);
    await user.clear(within(dialog).getByLabelText('Amount ($)'));
    await user.type(within(dialog).getByLabelText('Amount ($)'), '15.50');
    await user.type(within(dialog).getByLabelText('Reason'), 'Scope mount not fitted');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $15.50' }));
    expect((await within(dialog).findByText(refused)).closest('[role="alert"]')).toBeInTheDocument();
    expect(posts()[0].body).toEqual({ requestId: expect.stringMatching(UUID), method: 'card', amountCents: 1550, reason: 'Scope mount not fitted', purpose: 'price_reduction' });
  });

  it('shows a credit loudly with a one-click refund of what is left to the card', async () => {
    const user = userEvent.setup();
    const credit = ledgerEntry({ paymentId: 'credit-1', kind: 'credit', amountCents: 3000, refundedCents: 1000, paymentMethod: 'Credit Card', paymentIntentId: 'pi_dev_9', flag: 'overpayment' });
    const late = ledgerEntry({ paymentId: 'late-1', amountCents: 14500, paymentMethod: 'Credit Card', paymentIntentId: 'pi_dev_8', flag: 'order_archived' });
    const { posts } = serve({ order: withInvoice({ amountPaidCents: 14500, balanceDueCents: 0, creditCents: 2000, paymentStatus: 'paid' }), payments: [late, credit] }, {
      [`POST ${ORDER}/payments/credit-1/refunds`]: (body, state) => {
        const b = body as { amountCents: number; reason: string; requestId: string };
        const refund = ledgerEntry({ paymentId: `refund_${b.requestId}`, kind: 'refund', amountCents: b.amountCents, paymentMethod: 'Refund (Credit Card)', refundOf: 'credit-1', reason: b.reason, paymentIntentId: 'pi_dev_9' });
        return { order: withInvoice({ amountPaidCents: 14500, balanceDueCents: 0, creditCents: 0, paymentStatus: 'paid' }), payments: [late, { ...credit, refundedCents: 3000 }, refund] };
      },
    });
    const flag = await screen.findByRole('group', { name: 'Overpayment credit' });
    expect(flag).toHaveTextContent('A card payment exceeded the balance: $20.00 is held as a credit for staff to refund.');
    expect(screen.getByRole('group', { name: 'Paid after the order was archived' })).toHaveTextContent('A card payment of $145.00 arrived after this order was archived.');
    expect(within(screen.getByRole('group', { name: 'Paid after the order was archived' })).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByTestId('ledger-credit')).toHaveTextContent('$20.00');
    // Said at the top of the editor too, with a way to the panel.
    await user.click(screen.getByRole('button', { name: 'Show payments' }));
    expect(screen.getByRole('heading', { name: 'Payments and Refunds' })).toHaveFocus();
    // Nothing is due: only refunds are possible.
    expect(screen.getByRole('button', { name: 'Record payment' })).toBeDisabled();
    expect(screen.getByText(`${ledgerMessages.noBalanceDue}.`)).toBeInTheDocument();

    await user.click(within(flag).getByRole('button', { name: 'Refund $20.00 to card' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Overpayment credit' })).not.toBeInTheDocument());
    expect(posts().map((c) => c.body)).toEqual([{ requestId: expect.stringMatching(UUID), method: 'card', amountCents: 2000, reason: 'Overpayment refund', purpose: 'return' }]);
    expect(posts()[0].path).toBe(`${ORDER}/payments/credit-1/refunds`);
    expect(screen.getByTestId('ledger-notice')).toHaveTextContent('Refund (Credit Card): $20.00 refunded.');
    expect(screen.getByTestId('ledger-credit')).toHaveTextContent('$0.00');
    expect(screen.queryByRole('button', { name: 'Show payments' })).not.toBeInTheDocument();
    // The entry keeps its flag in the ledger.
    expect(screen.getAllByText('Overpayment credit').length).toBeGreaterThan(0);
  });

  it('shows a card success the provider did not confirm loudly: pending, under review, what the provider reports, no refund, nothing paid', async () => {
    const notes = 'The card provider reports $0.01 received of the $100.00 charged (status succeeded, currency USD). Not counted as paid until staff review it.';
    const review = ledgerEntry({ paymentId: 'pay_pi_x', amountCents: 10000, paymentStatus: 'pending', paymentMethod: 'Credit Card', paymentIntentId: 'pi_x', flag: 'unconfirmed', notes });
    serve({ order: withInvoice({ amountPaidCents: 0 }), payments: [review] });
    const flag = await screen.findByRole('group', { name: 'Needs review: not confirmed by the card provider' });
    expect(flag).toHaveTextContent(`A card payment of $100.00 was reported but not confirmed by the card provider. ${notes}`);
    expect(within(flag).queryByRole('button')).not.toBeInTheDocument();
    const row = screen.getAllByRole('row').find((r) => r.getAttribute('data-status') === 'pending')!;
    expect(row).toHaveTextContent('Under review by the shop');
    expect(row).toHaveTextContent('Needs review: not confirmed by the card provider');
    expect(within(row).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('ledger-paid')).toHaveTextContent('$0.00');
  });

  it('says a payment arrived after the order was deleted and retries a one-click refund with the same requestId', async () => {
    const user = userEvent.setup();
    const credit = ledgerEntry({ paymentId: 'credit-2', kind: 'credit', amountCents: 14500, paymentMethod: 'Credit Card', paymentIntentId: 'pi_dev_7', flag: 'order_deleted' });
    let calls = 0;
    const { posts } = serve({ order: withInvoice({ creditCents: 14500 }), payments: [credit] }, {
      [`POST ${ORDER}/payments/credit-2/refunds`]: () => (++calls === 1 ? error(502, 'Payment processing error: timeout') : [500, {}]),
    });
    const flag = await screen.findByRole('group', { name: 'Paid after the order was deleted' });
    expect(flag).toHaveTextContent('A card payment of $145.00 arrived after this order was deleted. It is held as a credit for staff to refund.');
    await user.click(within(flag).getByRole('button', { name: 'Refund $145.00 to card' }));
    expect(await within(flag).findByText('Failed to refund the payment. Please try again.')).toBeInTheDocument();
    await user.click(within(flag).getByRole('button', { name: 'Refund $145.00 to card' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    const [a, b] = posts().map((c) => c.body as { requestId: string });
    expect(b.requestId).toBe(a.requestId);
  });

  it("marks a refund made at the card provider as a price reduction in one step: the amount confirmed, a reason, once", async () => {
    const user = userEvent.setup();
    const card = ledgerEntry({ paymentId: 'card-1', amountCents: 11000, paymentMethod: 'Credit Card', paymentIntentId: 'pi_dev_1', refundedCents: 2000 });
    const dashboard = ledgerEntry({ paymentId: 'refund_re_1_card-1', paymentDate: '2026-01-07T10:00:00.000Z', kind: 'refund', amountCents: 2000, paymentMethod: 'Refund (Credit Card)', paymentIntentId: 'pi_dev_1', refundOf: 'card-1', purpose: 'return', fromProvider: true, reason: 'Refunded at the card provider' });
    const ours = ledgerEntry({ paymentId: 'ref-ours', paymentDate: '2026-01-08T10:00:00.000Z', kind: 'refund', amountCents: 500, paymentMethod: 'Refund (Cash)', refundOf: 'card-1', purpose: 'return' });
    const before = withInvoice({ totalCents: 11000, amountPaidCents: 9000 - 500, balanceDueCents: 2500, refundedCents: 2500 });
    const { posts } = serve({ order: before, payments: [card, dashboard, ours] }, {
      [`POST ${ORDER}/payments/refund_re_1_card-1/price-reduction`]: (_body, state) => {
        const marked = { ...dashboard, purpose: 'price_reduction' as const };
        const order = { ...state.order, invoice: { ...state.order.invoice, adjustmentsCents: 2000, balanceDueCents: 500 } };
        return [200, { order, payment: adminPaymentOf(marked) }];
      },
    });
    const table = await screen.findByRole('table', { name: /Payments, refunds and adjustments/ });
    // Only the dashboard's return of money can be marked: not a refund made in the portal.
    expect(within(table).getAllByRole('button', { name: /price reduction/ })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Mark the refund of $20.00 as a price reduction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as price reduction' });
    expect(dialog).toHaveTextContent('Was the price lowered by $20.00? A discount of $20.00 is added: the balance due goes down by $20.00');
    // The route's schema speaks first: a reason is required.
    await user.click(within(dialog).getByRole('button', { name: 'Mark $20.00 as price reduction' }));
    expect(await within(dialog).findByText(ledgerMessages.reasonRequired)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Sight not fitted');
    await user.click(within(dialog).getByRole('button', { name: 'Mark $20.00 as price reduction' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mark as price reduction' })).not.toBeInTheDocument());
    expect(posts().map((c) => c.body)).toEqual([{ reason: 'Sight not fitted' }]);
    expect(screen.getByTestId('ledger-notice')).toHaveTextContent('The refund of $20.00 made at the card provider was marked as a price reduction: the bill went down by $20.00.');
  });

  it("shows the server's refusal of a price reduction in the dialog", async () => {
    const user = userEvent.setup();
    const dashboard = ledgerEntry({ paymentId: 'refund_re_2_card-1', kind: 'refund', amountCents: 2000, paymentMethod: 'Refund (Credit Card)', paymentIntentId: 'pi_dev_1', refundOf: 'card-1', purpose: 'return', fromProvider: true });
    serve({ order: withInvoice({ balanceDueCents: 0 }), payments: [dashboard] }, {
      [`POST ${ORDER}/payments/refund_re_2_card-1/price-reduction`]: () => error(400, ledgerMessages.reductionAboveBalance(0)),
    });
    await user.click(await screen.findByRole('button', { name: 'Mark the refund of $20.00 as a price reduction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as price reduction' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Mark $20.00 as price reduction' }));
    expect(await within(dialog).findByText('This order has no balance due: the refund already left the bill as it was')).toBeInTheDocument();
  });
});
