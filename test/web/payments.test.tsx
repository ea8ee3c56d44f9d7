import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, Payment } from '@gs/shared/api-types';
import { customer, resetFakeAuth } from './fake-auth-client';
import { type ApiCall, stubApiRoutes } from './api-stub';
import { makeDetail, makeIntentState, makeOrder, makePayment, ORDER_ID, testConfig } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));
// Stripe.js cannot load in jsdom (loadStripe never settles): each test says what it does.
const loadStripe = vi.hoisted(() => vi.fn());
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe }));

const OTHER_ID = '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e';
const payable = makeOrder({ currentStatus: 'payment_needed' });
const other = makeOrder({
  id: OTHER_ID,
  orderNumber: 'GS-000005',
  firearmMake: 'Ruger',
  firearmModel: '10/22',
  currentStatus: 'work_complete',
  invoice: { ...makeOrder().invoice, invoiceId: 'inv-2', serviceCents: 7500, totalCents: 10000, balanceDueCents: 10000 },
});

type Handler = (call: ApiCall) => [number, unknown] | undefined;

function stubPayments({ orders = [payable, other], extra }: { orders?: Order[]; extra?: Handler } = {}) {
  return stubApiRoutes((call) => {
    const own = extra?.(call);
    if (own) return own;
    if (call.method === 'GET' && call.path === '/api/orders') return [200, { items: orders, cursor: null }];
    const detail = call.path.match(/^\/api\/orders\/([^/]+)$/);
    if (call.method === 'GET' && detail) {
      const order = orders.find((o) => o.id === detail[1]);
      return order ? [200, makeDetail(order)] : [404, { error: { code: 'not_found', message: 'Order not found' } }];
    }
    return undefined;
  });
}

const amountInput = () => screen.findByLabelText('Payment Amount ($)');
/** The card form's submit ("Pay" or "Pay $50.00"), not "Pay the full balance". */
const payButton = () => screen.getByRole('button', { name: /^Pay( \$[\d,.]+)?$/ });

describe('payments list', () => {
  beforeEach(() => resetFakeAuth(customer));

  it('lists only payable orders with their amount due, Pay Now links and a batch of the selection', async () => {
    const user = userEvent.setup();
    const closed = makeOrder({ id: 'c0c0c0c0-0000-4000-8000-000000000000', currentStatus: 'in_progress', firearmMake: 'Sig Sauer' });
    stubPayments({ orders: [payable, other, closed] });
    const { router } = renderApp('/payments');
    const list = await screen.findByRole('list', { name: 'Orders awaiting payment' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('$175.00');
    expect(within(items[0]).getByRole('link', { name: /Pay Now/ })).toHaveAttribute('href', `/orders/${ORDER_ID}/payment`);
    const paySelected = screen.getByRole('button', { name: 'Pay Selected' });
    expect(paySelected).toBeDisabled();
    await user.click(within(items[0]).getByRole('checkbox'));
    await user.click(within(items[1]).getByRole('checkbox'));
    await user.click(paySelected);
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/batch'));
    expect(router.state.location.search).toBe(`?orders=${ORDER_ID},${OTHER_ID}`);
  });

  it('says when nothing is due', async () => {
    stubPayments({ orders: [makeOrder({ currentStatus: 'payment_needed', invoice: { ...payable.invoice, balanceDueCents: 0, paymentStatus: 'paid' } })] });
    renderApp('/payments');
    expect(await screen.findByText('No payments due')).toBeInTheDocument();
  });
});

describe('single order payment', () => {
  beforeEach(() => resetFakeAuth(customer));

  it('starts at the balance, clamps a larger amount to it and refuses 0', async () => {
    const user = userEvent.setup();
    const api = stubPayments();
    renderApp(`/orders/${ORDER_ID}/payment`);
    const amount = await amountInput();
    expect(amount).toHaveValue(175);
    expect(amount).toHaveAttribute('min', '0.01');
    expect(amount).toHaveAttribute('max', '175.00');
    expect(amount).toHaveAttribute('step', '0.01');

    await user.clear(amount);
    await user.type(amount, '500');
    expect(amount).toHaveValue(175);

    await user.clear(amount);
    await user.type(amount, '0');
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.click(payButton());
    expect(await screen.findByText('Please enter a valid payment amount.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.path === '/api/payments/intents')).toBe(false);

    // Corrected: the error goes at once, before any new submit.
    await user.clear(amount);
    await user.type(amount, '50');
    expect(screen.queryByText('Please enter a valid payment amount.')).not.toBeInTheDocument();
    expect(amount).not.toHaveAttribute('aria-invalid');
    expect(payButton()).toHaveTextContent('Pay $50.00');
  });

  it("explains Stripe's $0.50 minimum before paying and offers the full balance instead of leaving less than $0.50 owing", async () => {
    const user = userEvent.setup();
    const api = stubPayments();
    renderApp(`/orders/${ORDER_ID}/payment`);
    const amount = await amountInput();
    // The rules are stated up front.
    expect(screen.getByText('You can pay part of the balance: at least $0.50, leaving at least $0.50 owing. Balance due: $175.00.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '174.75');
    expect(await screen.findByText('A partial payment must leave at least $0.50 owing. Pay the full balance of $175.00, or at most $174.50.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay the full balance ($175.00)' }));
    expect(amount).toHaveValue(175);
    expect(screen.queryByText(/must leave at least/)).not.toBeInTheDocument();

    // Below the minimum: said while typing, before any submit, with the same way out.
    await user.clear(amount);
    await user.type(amount, '0.25');
    expect(await screen.findByText('A card payment must be at least $0.50.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay the full balance ($175.00)' })).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.click(payButton());
    // Shown once, by the field (not again in the card form).
    expect(screen.getAllByText('A card payment must be at least $0.50.')).toHaveLength(1);
    expect(api.calls.some((c) => c.path === '/api/payments/intents')).toBe(false);

    await user.clear(amount);
    await user.type(amount, '1');
    expect(screen.queryByText('A card payment must be at least $0.50.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay the full balance/ })).not.toBeInTheDocument();
  });

  it('says a balance under $0.50 is paid at the shop, with no card form', async () => {
    const owing = makeOrder({ currentStatus: 'payment_needed', invoice: { ...makeOrder().invoice, amountPaidCents: 17_475, balanceDueCents: 25, paymentStatus: 'partially_paid' } });
    stubPayments({ orders: [owing] });
    renderApp(`/orders/${ORDER_ID}/payment`);
    expect(await screen.findByText('The balance of $0.25 is below the $0.50 minimum for a card payment. Please pay it at the shop.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Payment Amount ($)')).not.toBeInTheDocument();
  });

  it('shows the invoice and updates it when the shipping fee is unchecked', async () => {
    const user = userEvent.setup();
    const api = stubPayments({
      extra: (call) =>
        call.path === `/api/orders/${ORDER_ID}/invoice` && call.search.get('shipping') === 'false'
          ? [200, { ...payable.invoice, shippingCents: 0, totalCents: 15000, balanceDueCents: 15000 }]
          : undefined,
    });
    renderApp(`/orders/${ORDER_ID}/payment`);
    const summary = await screen.findByRole('region', { name: 'Invoice Summary' });
    expect(summary).toHaveTextContent('Shipping$25.00');
    expect(screen.getByTestId('balance-due')).toHaveTextContent('$175.00');
    const shipping = screen.getByRole('checkbox', { name: /Include return shipping fee/ });
    expect(shipping).toBeChecked();
    await user.click(shipping);
    await waitFor(() => expect(screen.getByTestId('balance-due')).toHaveTextContent('$150.00'));
    expect(await amountInput()).toHaveValue(150);
    expect(api.calls.some((c) => c.path.endsWith('/invoice') && c.search.get('shipping') === 'false')).toBe(true);
  });

  it('pays part of the balance with the test card once, then opens the confirmation with the new balance', async () => {
    const user = userEvent.setup();
    let paidCents = 0;
    const current = () => ({
      ...payable,
      invoice: { ...payable.invoice, amountPaidCents: paidCents, balanceDueCents: 17500 - paidCents, paymentStatus: paidCents ? 'partially_paid' : 'unpaid' },
    }) as Order;
    const paidEntry = makePayment({ paymentIntentId: 'pi_dev_1', amountCents: 5000 });
    const api = stubApiRoutes((call) => {
      if (call.method === 'GET' && call.path === `/api/orders/${ORDER_ID}`) return [200, makeDetail(current(), { payments: paidCents ? [paidEntry] : [] })];
      if (call.method === 'POST' && call.path === '/api/payments/intents') {
        return [201, { paymentIntentId: 'pi_dev_1', clientSecret: 'pi_dev_1_secret', amountCents: 5000, allocations: [{ orderId: ORDER_ID, amountCents: 5000 }], mode: 'dev' }];
      }
      if (call.method === 'POST' && call.path === '/api/dev/payments/pi_dev_1/confirm') {
        if ((call.body as { cardNumber: string }).cardNumber.replace(/\s/g, '') === '4000000000000002') {
          return [402, { error: { code: 'payment_failed', message: 'Your card was declined.' } }];
        }
        paidCents = 5000;
        return [200, { paymentIntentId: 'pi_dev_1', status: 'succeeded' }];
      }
      if (call.method === 'GET' && call.path === '/api/payments/intents/pi_dev_1') {
        return [200, makeIntentState({ paymentIntentId: 'pi_dev_1', status: 'succeeded', payments: [paidEntry] })];
      }
      return undefined;
    });
    const { router } = renderApp(`/orders/${ORDER_ID}/payment`);
    expect(await screen.findByText(/Test mode: no real card is charged\. Use 4242 4242 4242 4242; 4000 0000 0000 0002 is declined\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Expiry (MM/YY)')).toBeInTheDocument();
    expect(screen.getByLabelText('CVC')).toBeInTheDocument();
    const amount = await amountInput();
    await user.clear(amount);
    await user.type(amount, '50');

    // A declined card first: the message, and the same payment can be tried again.
    await user.type(screen.getByLabelText('Card number'), '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(await screen.findByText('Payment failed: Your card was declined.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    // A double click pays once: the form takes no second submit, and is gone at once.
    await user.dblClick(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Payment Amount ($)')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View payment confirmation' })).toHaveAttribute('href', `/payment-confirmation/${ORDER_ID}?payment_intent=pi_dev_1`);
    // The invoice is read again at once: the new balance, never the old one as payable.
    await waitFor(() => expect(screen.getByTestId('balance-due')).toHaveTextContent('$125.00'));
    // Then, 2 s later, the confirmation of that payment.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/payment-confirmation/${ORDER_ID}`));
    expect(router.state.location.search).toBe('?payment_intent=pi_dev_1');
    expect(await screen.findByRole('heading', { name: 'Thank You for Your Payment!' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    const confirms = api.calls.filter((c) => c.path === '/api/dev/payments/pi_dev_1/confirm');
    expect(confirms).toHaveLength(2); // the declined card, then the good one: once
    const intents = api.calls.filter((c) => c.path === '/api/payments/intents');
    expect(intents.at(-1)?.body).toEqual({ orderIds: [ORDER_ID], amountCents: 5000, includeShipping: true, confirmedBalanceCents: 17500 });
    // The confirmation reads the order after the payment: the new balance, never the old one.
    await waitFor(() => expect(screen.getByTestId('balance-due')).toHaveTextContent('$125.00'));
  });

  it('goes back to where the customer came from, else to the order', async () => {
    const user = userEvent.setup();
    stubPayments();
    const first = renderApp(`/orders/${ORDER_ID}/payment`);
    // Opened directly: nothing of ours to go back to, so Back leads to the order.
    const back = await screen.findByRole('link', { name: /Back/ });
    expect(back).toHaveAttribute('href', `/orders/${ORDER_ID}`);
    await user.click(back);
    await waitFor(() => expect(first.router.state.location.pathname).toBe(`/orders/${ORDER_ID}`));
    first.unmount();

    // Came from /payments: Back returns there.
    const { router } = renderApp('/payments');
    const list = await screen.findByRole('list', { name: 'Orders awaiting payment' });
    await user.click(within(list).getAllByRole('link', { name: /Pay Now/ })[0]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Make a Payment' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments'));
  });

  it('shows the load failure with the reason', async () => {
    stubPayments({ orders: [] });
    renderApp(`/orders/${ORDER_ID}/payment`);
    expect(
      await screen.findByText('Failed to load payment information: Order not found Please try again or contact support if the problem persists.'),
    ).toBeInTheDocument();
  });
});

describe('card entry in Stripe mode', () => {
  beforeEach(() => {
    resetFakeAuth(customer);
    testConfig.paymentsMode = 'stripe';
    testConfig.stripePublishableKey = 'pk_test_123' as never;
  });
  afterEach(() => {
    testConfig.paymentsMode = 'dev';
    testConfig.stripePublishableKey = null;
    loadStripe.mockReset();
  });

  it('shows the app error when Stripe.js cannot load, never a blank form', async () => {
    loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    stubPayments();
    renderApp(`/orders/${ORDER_ID}/payment`);
    expect(await screen.findByText('Failed to initialize payment. Please try again later.')).toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it('shows the same error when no publishable key is configured', async () => {
    testConfig.stripePublishableKey = null;
    stubPayments();
    renderApp(`/payments/batch?orders=${ORDER_ID}`);
    expect(await screen.findByText('Failed to initialize payment. Please try again later.')).toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
  });
});

describe('batch payment', () => {
  beforeEach(() => resetFakeAuth(customer));

  it('drops blank entries, lists each balance and the total, and pays them in one payment', async () => {
    const user = userEvent.setup();
    const api = stubPayments({
      extra: (call) => {
        if (call.method === 'POST' && call.path === '/api/payments/intents') {
          return [
            201,
            {
              paymentIntentId: 'pi_dev_2',
              clientSecret: 's',
              amountCents: 27500,
              allocations: [
                { orderId: ORDER_ID, amountCents: 17500 },
                { orderId: OTHER_ID, amountCents: 10000 },
              ],
              mode: 'dev',
            },
          ];
        }
        if (call.method === 'POST' && call.path === '/api/dev/payments/pi_dev_2/confirm') return [200, { paymentIntentId: 'pi_dev_2', status: 'succeeded' }];
        return undefined;
      },
    });
    const { router } = renderApp(`/payments/batch?orders=,${ORDER_ID},, ${OTHER_ID} ,`);
    const list = await screen.findByRole('list', { name: 'Orders in this payment' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('$175.00');
    expect(items[1]).toHaveTextContent('$100.00');
    expect(screen.getByTestId('batch-total')).toHaveTextContent('$275.00');

    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $275.00' }));
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    // What was paid, order by order, and the total, until the page goes back to /payments.
    const paidList = screen.getByRole('list', { name: 'Paid orders' });
    const paidItems = within(paidList).getAllByRole('listitem');
    expect(paidItems).toHaveLength(2);
    expect(paidItems[0]).toHaveTextContent('Order GS-000004');
    expect(paidItems[0]).toHaveTextContent('$175.00');
    expect(paidItems[1]).toHaveTextContent('Order GS-000005');
    expect(paidItems[1]).toHaveTextContent('$100.00');
    expect(screen.getByTestId('batch-paid-total')).toHaveTextContent('$275.00');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/payments/intents')?.body).toEqual({ orderIds: [ORDER_ID, OTHER_ID], includeShipping: true, confirmedBalanceCents: 27500 });
    // Back to /payments 3 s later.
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments'));
  });

  it('staff raised an estimate since the page loaded: nothing is charged, the new total and Pay button show, and paying again sends it', async () => {
    const user = userEvent.setup();
    let raised = false;
    const raisedOther = { ...other, invoice: { ...other.invoice, totalCents: 14000, balanceDueCents: 14000 } } as Order;
    const api = stubPayments({
      extra: (call) => {
        if (call.method === 'GET' && call.path === '/api/orders') return [200, { items: [payable, raised ? raisedOther : other], cursor: null }];
        if (call.method === 'POST' && call.path === '/api/payments/intents') {
          const body = call.body as { confirmedBalanceCents: number };
          if (body.confirmedBalanceCents !== 31500) {
            raised = true;
            return [409, { error: { code: 'bill_changed', message: 'The amount due changed from $275.00 to $315.00 since this page was loaded. Nothing was charged: please check the new amount and pay again.', fields: { confirmedBalanceCents: 'x' }, details: { balanceDueCents: 31500 } } }];
          }
          return [201, { paymentIntentId: 'pi_dev_3', clientSecret: 's', amountCents: 31500, allocations: [{ orderId: ORDER_ID, amountCents: 17500 }, { orderId: OTHER_ID, amountCents: 14000 }], mode: 'dev' }];
        }
        if (call.method === 'POST' && call.path === '/api/dev/payments/pi_dev_3/confirm') return [200, { paymentIntentId: 'pi_dev_3', status: 'succeeded' }];
        return undefined;
      },
    });
    renderApp(`/payments/batch?orders=${ORDER_ID},${OTHER_ID}`);
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $275.00' }));
    expect(await screen.findByText('The amount due changed from $275.00 to $315.00 since this page was loaded. Nothing was charged: please check the new amount and pay again.')).toBeInTheDocument();
    // The orders are read again: the new balance, total and button; no card was confirmed.
    await waitFor(() => expect(screen.getByTestId('batch-total')).toHaveTextContent('$315.00'));
    expect(within(screen.getByRole('list', { name: 'Orders in this payment' })).getAllByRole('listitem')[1]).toHaveTextContent('$140.00');
    expect(api.calls.some((c) => c.path.endsWith('/confirm'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Pay $315.00' }));
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(screen.getByTestId('batch-paid-total')).toHaveTextContent('$315.00');
    const intents = api.calls.filter((c) => c.path === '/api/payments/intents').map((c) => (c.body as { confirmedBalanceCents: number }).confirmedBalanceCents);
    expect(intents).toEqual([27500, 31500]);
  });

  it.each(['/payments/batch', '/payments/batch?orders=', '/payments/batch?orders=,%20,'])('%s: "No orders selected for payment."', async (path) => {
    const api = stubPayments();
    renderApp(path);
    expect(await screen.findByText('No orders selected for payment.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/orders')).toBe(false);
  });
});

describe('payment history', () => {
  beforeEach(() => resetFakeAuth(customer));

  const stubHistory = (items: Payment[] | 'error') =>
    stubApiRoutes((call) =>
      call.method === 'GET' && call.path === '/api/payments'
        ? items === 'error'
          ? [500, { error: { code: 'internal', message: 'boom' } }]
          : [200, { items, cursor: null }]
        : undefined,
    );

  it('shows the columns, order labels, amounts, methods, badges and receipts', async () => {
    stubHistory([
      makePayment({ receiptUrl: 'https://pay.stripe.com/receipts/r1' }),
      makePayment({ paymentId: 'pay-2', orderNumber: '', amountCents: undefined as never, paymentMethod: '', paymentStatus: 'pending' }),
      makePayment({ paymentId: 'pay-3', orderNumber: '', orderId: '', paymentStatus: 'refunded' as never }),
    ]);
    renderApp('/payment-history');
    expect(await screen.findByRole('heading', { name: 'Payment History' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Date',
      'Order ID',
      'Amount',
      'Payment Method',
      'Status',
      'Receipt',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Feb 1, 2024');
    expect(within(rows[0]).getByRole('link', { name: 'GS-000004' })).toHaveAttribute('href', `/orders/${ORDER_ID}`);
    expect(rows[0]).toHaveTextContent('$50.00');
    expect(rows[0]).toHaveTextContent('Credit Card');
    expect(within(rows[0]).getByText('Successful')).toBeInTheDocument();
    const receipt = within(rows[0]).getByRole('link', { name: /View Receipt/ });
    expect(receipt).toHaveAttribute('href', 'https://pay.stripe.com/receipts/r1');
    expect(receipt).toHaveAttribute('target', '_blank');

    expect(within(rows[1]).getByRole('link', { name: ORDER_ID.slice(0, 8) })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('$0.00');
    expect(rows[1]).toHaveTextContent('Credit Card');
    expect(within(rows[1]).getByText('Pending')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Not available');

    expect(rows[2]).toHaveTextContent('Unknown');
    expect(within(rows[2]).getByText('Failed')).toBeInTheDocument();
    expect(screen.queryByText(/Page \d of/)).not.toBeInTheDocument();
  });

  it('shows a refund as a negative amount and discounts and credits by their labels, with the three badges', async () => {
    stubHistory([
      makePayment({ paymentId: 'r-1', kind: 'refund', amountCents: 2000, paymentMethod: 'Refund (Credit Card)', refundOf: 'pay-1', reason: 'Part not needed' }),
      makePayment({ paymentId: 'a-1', kind: 'adjustment', amountCents: 1000, paymentMethod: 'Discount', paymentIntentId: '', reason: 'Loyal customer' }),
      makePayment({ paymentId: 'c-1', kind: 'credit', amountCents: 500, flag: 'overpayment' }),
      makePayment({ paymentId: 'f-1', paymentStatus: 'failed' }),
      makePayment({ paymentId: 'u-1', paymentStatus: 'pending', flag: 'unconfirmed' }),
    ]);
    renderApp('/payment-history');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByRole('cell', { name: '\u2212$20.00' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Refund (Credit Card)');
    expect(within(rows[0]).getByText('Successful')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('cell', { name: '$10.00' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Discount');
    expect(rows[2]).toHaveTextContent('$5.00');
    expect(rows[2]).toHaveTextContent('Credit, to be refunded');
    expect(within(rows[3]).getByText('Failed')).toBeInTheDocument();
    // A card success the provider did not confirm: honest, not "Pending" forever.
    expect(within(rows[4]).getByText('Under review by the shop')).toBeInTheDocument();
  });

  it('says it is loading', async () => {
    const { fetchMock } = stubHistory([]);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input).includes('/api/payments') ? new Promise<Response>(() => undefined) : answer(input, init),
    );
    renderApp('/payment-history');
    expect(await screen.findByText('Loading payment history...')).toBeInTheDocument();
  });

  it('pages 10 rows at a time with Previous/Next only when there is more than one page', async () => {
    const user = userEvent.setup();
    stubHistory(Array.from({ length: 11 }, (_, i) => makePayment({ paymentId: `pay-${i}`, orderNumber: `GS-${String(i).padStart(6, '0')}` })));
    renderApp('/payment-history');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('has exactly 10 rows and no pager for 10 payments', async () => {
    stubHistory(Array.from({ length: 10 }, (_, i) => makePayment({ paymentId: `pay-${i}` })));
    renderApp('/payment-history');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('shows the empty state and the load error', async () => {
    stubHistory([]);
    const first = renderApp('/payment-history');
    expect(await screen.findByText('No payment history found')).toBeInTheDocument();
    expect(screen.getByText('Once you make payments, they will appear here.')).toBeInTheDocument();
    first.unmount();
    stubHistory('error');
    renderApp('/payment-history');
    expect(await screen.findByText('Failed to load payment history. Please try again later.')).toBeInTheDocument();
  });
});

describe('payment confirmation', () => {
  beforeEach(() => resetFakeAuth(customer));

  it('waits while the payment is processing (no thanks yet), then shows the details, the invoice and the buttons', async () => {
    let polls = 0;
    stubPayments({
      extra: (call) => {
        if (call.method !== 'GET' || call.path !== '/api/payments/intents/pi_dev_123456789abc') return undefined;
        polls += 1;
        const done = polls > 1;
        return [
          200,
          makeIntentState({ status: done ? 'succeeded' : 'pending', payments: done ? [makePayment({ paymentIntentId: 'pi_dev_123456789abc' })] : [] }),
        ];
      },
    });
    renderApp(`/payment-confirmation/${ORDER_ID}?payment_intent=pi_dev_123456789abc&redirect_status=succeeded`);
    expect(await screen.findByRole('heading', { name: 'Payment Processing' })).toBeInTheDocument();
    expect(screen.getByText('Confirming your payment…')).toBeInTheDocument();
    expect(screen.queryByText(/Thank You/)).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Thank You for Your Payment!' })).toBeInTheDocument();
    expect(screen.queryByText('Confirming your payment…')).not.toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Payment Details' });
    expect(details).toHaveTextContent('pi_dev_12345');
    expect(details).not.toHaveTextContent('pi_dev_123456');
    expect(details).toHaveTextContent('$50.00');
    expect(details).toHaveTextContent('Feb 1, 2024');
    expect(details).toHaveTextContent('Credit Card');
    expect(details).toHaveTextContent('up to 24 hours');
    expect(await screen.findByRole('region', { name: 'Invoice Summary' })).toHaveTextContent('Total$175.00');
    expect(screen.getByRole('link', { name: 'Print Invoice' })).toHaveAttribute('href', `/orders/${ORDER_ID}/invoice`);
    expect(screen.getByRole('link', { name: 'Go to Order' })).toHaveAttribute('href', `/orders/${ORDER_ID}`);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('says so when the invoice cannot be read', async () => {
    stubPayments({ orders: [] });
    renderApp(`/payment-confirmation/${ORDER_ID}`);
    expect(await screen.findByText('Could not retrieve invoice data')).toBeInTheDocument();
  });
});

describe('Stripe.js errors the customer reads', () => {
  it("keeps Stripe's words for a declined card or a field to fix; never its developer text (another tab canceled the intent)", async () => {
    const { stripeConfirmMessage } = await import('@/features/payments/messages');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(stripeConfirmMessage({ type: 'card_error', code: 'card_declined', message: 'Your card was declined.' })).toBe('Payment failed: Your card was declined.');
    expect(stripeConfirmMessage({ type: 'validation_error', message: 'Your card number is incomplete.' })).toBe('Payment failed: Your card number is incomplete.');
    const raw = "This PaymentIntent's payment_method could not be updated because it has a status of canceled.";
    const race = stripeConfirmMessage({ type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: raw });
    expect(race).toBe('This payment was canceled or changed in another tab or window. Nothing was charged here: please reload the page and pay again.');
    expect(stripeConfirmMessage({ type: 'api_error', message: 'An unknown error occurred' })).toBe('Payment failed: We could not process your payment. Nothing was charged. Please try again.');
    // The provider's own text is logged, not shown.
    expect(warn).toHaveBeenCalledWith('the card provider refused the payment', expect.objectContaining({ message: raw }));
    warn.mockRestore();
  });
});
