import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, Payment } from '@gs/shared/api-types';
import { customer, resetFakeAuth } from './fake-auth-client';
import { stubApiRoutes } from './api-stub';
import { INTENT_ID, makeDetail, makeIntentState, makeOrder, makePayment, ORDER_ID } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

// The confirmation page tells the truth about the payment: it thanks only for one that succeeded.

const THANKS = 'Thank You for Your Payment!';

const unpaid = makeOrder({ currentStatus: 'payment_needed' });
const partlyPaid = makeOrder({
  currentStatus: 'payment_needed',
  invoice: { ...unpaid.invoice, amountPaidCents: 5000, balanceDueCents: 12500, paymentStatus: 'partially_paid' },
});

function stub({ order, payments = [], intentReply }: { order: Order; payments?: Payment[]; intentReply?: () => [number, unknown] }) {
  return stubApiRoutes((call) => {
    if (call.method === 'GET' && call.path === `/api/orders/${ORDER_ID}`) return [200, makeDetail(order, { payments })];
    if (call.method === 'GET' && call.path === `/api/payments/intents/${INTENT_ID}` && intentReply) return intentReply();
    return undefined;
  });
}

const open = (query = '') => renderApp(`/payment-confirmation/${ORDER_ID}${query}`);

describe('payment confirmation', () => {
  beforeEach(() => resetFakeAuth(customer));

  it('none: no payment named and none on the order: no thanks, the balance and a way to pay', async () => {
    stub({ order: unpaid, payments: [makePayment({ paymentStatus: 'failed' })] });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'No Payment to Confirm' })).toBeInTheDocument();
    expect(screen.getByText('There is no payment to confirm for this order.')).toBeInTheDocument();
    expect(screen.getByText(/Balance due on Glock 19 Gen 5/)).toHaveTextContent('$175.00');
    expect(screen.getByRole('link', { name: 'Make Payment' })).toHaveAttribute('href', `/orders/${ORDER_ID}/payment`);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText(/Thank You/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment Details' })).not.toBeInTheDocument();
  });

  it('none: a payment id that is not found (or is another order’s) is not thanked for', async () => {
    stub({ order: unpaid, intentReply: () => [404, { error: { code: 'not_found', message: 'Payment not found' } }] });
    const first = open(`?payment_intent=${INTENT_ID}&redirect_status=succeeded`);
    expect(await screen.findByText('This payment could not be found for this order.')).toBeInTheDocument();
    expect(screen.queryByText(/Thank You/)).not.toBeInTheDocument();
    first.unmount();

    stub({ order: unpaid, intentReply: () => [200, makeIntentState({ status: 'succeeded', allocations: [{ orderId: 'someone-else', amountCents: 5000 }] })] });
    open(`?payment_intent=${INTENT_ID}`);
    expect(await screen.findByText('This payment could not be found for this order.')).toBeInTheDocument();
    expect(screen.queryByText(/Thank You/)).not.toBeInTheDocument();
  });

  it('pending: waits and keeps asking, with no thanks', async () => {
    const api = stub({ order: unpaid, intentReply: () => [200, makeIntentState({ status: 'processing' })] });
    open(`?payment_intent=${INTENT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Processing' })).toBeInTheDocument();
    expect(screen.getByText('Your payment is being processed. This page updates on its own.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your payment…');
    expect(screen.getByText(/Payment of \$50\.00 for Glock 19 Gen 5/)).toBeInTheDocument();
    // It polls (every 2 s) while the payment settles.
    await waitFor(() => expect(api.calls.filter((c) => c.path === `/api/payments/intents/${INTENT_ID}`).length).toBeGreaterThan(1));
    expect(screen.queryByText(/Thank You/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Print Invoice' })).not.toBeInTheDocument();
  });

  it('failed: the failure message and a way back to pay, no thanks', async () => {
    stub({ order: unpaid, intentReply: () => [200, makeIntentState({ status: 'failed', failureMessage: 'Your card was declined.' })] });
    const first = open(`?payment_intent=${INTENT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Not Completed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Payment failed: Your card was declined.');
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', `/orders/${ORDER_ID}/payment`);
    expect(screen.queryByText(/Thank You/)).not.toBeInTheDocument();
    first.unmount();

    // A canceled checkout says what to do; the provider's failed redirect is believed while the server has not heard.
    stub({ order: unpaid, intentReply: () => [200, makeIntentState({ status: 'failed', failureMessage: 'This payment was canceled. Please start the payment again.' })] });
    const second = open(`?payment_intent=${INTENT_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This payment was canceled\. Please start the payment again\.$/);
    second.unmount();

    stub({ order: unpaid, intentReply: () => [200, makeIntentState({ status: 'pending' })] });
    const third = open(`?payment_intent=${INTENT_ID}&redirect_status=failed`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment was not completed successfully');
    expect(screen.queryByText(/Thank You/)).not.toBeInTheDocument();
    third.unmount();

    // Even on an order paid before: a failed return is not thanked for.
    stub({ order: partlyPaid, payments: [makePayment()] });
    open('?redirect_status=failed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Not Completed' })).toBeInTheDocument();
    expect(screen.queryByText(/Thank You/)).not.toBeInTheDocument();
  });

  it('under review: says the provider has not confirmed it, stops asking, no thanks and no way to pay twice', async () => {
    const message = 'Under review by the shop: the card provider has not confirmed this payment, so it is not counted as paid yet. The shop will look into it.';
    const api = stub({ order: unpaid, intentReply: () => [200, makeIntentState({ status: 'under_review', failureMessage: message })] });
    open(`?payment_intent=${INTENT_ID}&redirect_status=succeeded`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Under Review' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByText('The shop has been alerted and will look into it. Please do not pay again before the shop contacts you.')).toBeInTheDocument();
    expect(screen.queryByText(/Thank You/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Make Payment' })).not.toBeInTheDocument();
    expect(screen.queryByText('Confirming your payment…')).not.toBeInTheDocument();
    // Settled: it does not poll (one read, whatever the wait).
    await new Promise((r) => setTimeout(r, 2_500));
    expect(api.calls.filter((c) => c.path === `/api/payments/intents/${INTENT_ID}`)).toHaveLength(1);
  });

  it('succeeded: the thanks, the payment (id to 12 characters), the receipt, the invoice and the buttons', async () => {
    stub({
      order: partlyPaid,
      payments: [makePayment()],
      intentReply: () => [200, makeIntentState({ status: 'succeeded', receiptUrl: 'https://pay.stripe.com/receipts/r1', payments: [makePayment()] })],
    });
    open(`?payment_intent=${INTENT_ID}&redirect_status=succeeded`);
    expect(await screen.findByRole('heading', { level: 1, name: THANKS })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Payment Details' });
    expect(details).toHaveTextContent('pi_dev_12345');
    expect(details).not.toHaveTextContent('pi_dev_123456');
    expect(details).toHaveTextContent('$50.00');
    expect(details).toHaveTextContent('Credit Card');
    expect(screen.getByRole('link', { name: /View Receipt/ })).toHaveAttribute('href', 'https://pay.stripe.com/receipts/r1');
    const summary = await screen.findByRole('region', { name: 'Invoice Summary' });
    expect(summary).toHaveTextContent('Balance Due$125.00');
    expect(screen.getByRole('link', { name: 'Print Invoice' })).toHaveAttribute('href', `/orders/${ORDER_ID}/invoice`);
    expect(screen.getByRole('link', { name: 'Go to Order' })).toHaveAttribute('href', `/orders/${ORDER_ID}`);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('succeeded without a payment id: the order’s latest successful payment', async () => {
    stub({
      order: partlyPaid,
      payments: [
        makePayment({ paymentId: 'old', amountCents: 1000, paymentDate: '2024-01-20T10:00:00.000Z', paymentIntentId: 'pi_dev_oldoldoldold' }),
        makePayment({ paymentId: 'declined', amountCents: 9900, paymentDate: '2024-02-03T10:00:00.000Z', paymentStatus: 'failed', paymentIntentId: 'pi_dev_declinedxxx' }),
        makePayment({ paymentId: 'cash', amountCents: 4000, paymentDate: '2024-02-02T10:00:00.000Z', paymentMethod: 'Cash', paymentIntentId: '' }),
      ],
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: THANKS })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Payment Details' });
    expect(details).toHaveTextContent('$40.00');
    expect(details).toHaveTextContent('Cash');
    expect(details).toHaveTextContent('Feb 2, 2024');
    expect(details).not.toHaveTextContent('$99.00');
  });
});
