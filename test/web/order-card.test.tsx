import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Order } from '@gs/shared/api-types';
import { OrderCard } from '@/features/orders/components/order-card';
import { makeOrder, ORDER_ID, pendingOrder } from './fixtures';

function OrderPage() {
  return <p>Order page {useParams().orderId}</p>;
}

function renderCard(order: Order) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <OrderCard order={order} /> },
      { path: '/orders/:orderId', element: <OrderPage /> },
      { path: '/orders/:orderId/payment', element: <p>Payment page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, card: screen.getByRole('article') };
}

describe('order card', () => {
  it('shows make and model, the creation date, service type and estimate with the status badge', () => {
    const { card } = renderCard(makeOrder({ createdAt: '2024-01-05T15:30:00.000Z' }));
    expect(within(card).getByRole('link', { name: 'Glock 19 Gen 5' })).toHaveAttribute('href', `/orders/${ORDER_ID}`);
    expect(card).toHaveTextContent('Jan 5, 2024');
    expect(card).toHaveTextContent('Repair');
    expect(card).toHaveTextContent('$150.00');
    expect(card).not.toHaveTextContent('additional');
    expect(within(card).getByText('Work In Progress')).toHaveAttribute('data-tone', 'primary');
  });

  it('appends the billed extra work to the estimate', () => {
    const { card } = renderCard(pendingOrder({}, { status: 'approved' }));
    expect(card).toHaveTextContent('$150.00 + $125.00 additional');
    expect(card).not.toHaveTextContent('awaiting approval');
  });

  it('shows extra work awaiting approval apart, never as additional', () => {
    const { card } = renderCard(pendingOrder());
    expect(card).toHaveTextContent('$150.00');
    expect(card).not.toHaveTextContent(/\+ \$[\d.,]+ additional/);
    expect(card).toHaveTextContent('$125.00 awaiting approval');
  });

  it('never shows rejected extra work', () => {
    const { card } = renderCard(pendingOrder({}, { status: 'rejected', reason: 'Too much' }));
    expect(card).not.toHaveTextContent(/\+ \$[\d.,]+ additional/);
    expect(card).not.toHaveTextContent('$125.00');
    expect(card).not.toHaveTextContent('awaiting approval');
  });

  it('defaults the service type and shows "Processing" without a status', () => {
    const { card } = renderCard(makeOrder({ serviceType: '', currentStatus: '' }));
    expect(card).toHaveTextContent('Gunsmithing Service');
    expect(within(card).getByText('Processing')).toBeInTheDocument();
  });

  it('colours the status badge from the shared catalogue', () => {
    const { card } = renderCard(makeOrder({ currentStatus: 'payment_needed' }));
    expect(within(card).getByText('Payment Needed')).toHaveAttribute('data-tone', 'red');
  });

  it('shows the approval banner and Action Required for a pending additional cost', () => {
    const { card } = renderCard(pendingOrder());
    expect(within(card).getByText('Action required: Approval needed for additional costs')).toBeInTheDocument();
    expect(within(card).getByText('Action Required')).toBeInTheDocument();
    expect(within(card).queryByText('Payment Required')).not.toBeInTheDocument();
  });

  it('shows Make Payment and Payment Required only when payment is needed', async () => {
    const user = userEvent.setup();
    const due = renderCard(makeOrder({ currentStatus: 'work_complete' }));
    expect(within(due.card).getByText('Payment Required')).toBeInTheDocument();
    const pay = within(due.card).getByRole('link', { name: 'Make Payment' });
    expect(pay).toHaveAttribute('href', `/orders/${ORDER_ID}/payment`);
    await user.click(pay);
    expect(await screen.findByText('Payment page')).toBeInTheDocument();
  });

  it('hides Make Payment while work is going on or when nothing is due', () => {
    const working = renderCard(makeOrder({ currentStatus: 'in_progress' }));
    expect(within(working.card).queryByRole('link', { name: 'Make Payment' })).not.toBeInTheDocument();
    cleanup();

    const paid = makeOrder({ currentStatus: 'payment_needed' });
    paid.invoice = { ...paid.invoice, amountPaidCents: 17500, balanceDueCents: 0, paymentStatus: 'paid' };
    const { card } = renderCard(paid);
    expect(within(card).queryByRole('link', { name: 'Make Payment' })).not.toBeInTheDocument();
    expect(within(card).getByText('Paid')).toBeInTheDocument();
  });

  it('shows Partially Paid', () => {
    const order = makeOrder({ currentStatus: 'payment_needed' });
    order.invoice = { ...order.invoice, amountPaidCents: 5000, balanceDueCents: 12500, paymentStatus: 'partially_paid' };
    const { card } = renderCard(order);
    expect(within(card).getByText('Partially Paid')).toBeInTheDocument();
    expect(within(card).getByText('Payment Required')).toBeInTheDocument();
  });

  it('opens the order when the card is clicked', async () => {
    const user = userEvent.setup();
    const { router } = renderCard(makeOrder());
    await user.click(screen.getByRole('link', { name: 'Glock 19 Gen 5' }));
    expect(await screen.findByText(`Order page ${ORDER_ID}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`);
  });
});
