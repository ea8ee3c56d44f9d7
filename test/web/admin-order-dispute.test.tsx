import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EditOrderModal } from '@/features/admin-orders/components/edit-order-modal';
import { stubAdminApi } from './api-stub';
import { baseOrder, invoice, ledgerEntry } from './fixtures';
import { renderWithClient } from './render';

const ORDER_PATH = `/api/admin/orders/${baseOrder.id}`;

/** The order editor as staff open it, on the API's answer for an order whose card payment is disputed (or not). */
async function openEditor({ disputedCents, status }: { disputedCents: number; status: string }) {
  const card = ledgerEntry({
    paymentId: 'card-1',
    amountCents: 11000,
    paymentMethod: 'Credit Card',
    paymentIntentId: 'pi_dev_1',
    dispute: { disputeId: 'dp_pi_dev_1', status, amountCents: 11000, reason: 'fraudulent', updatedAt: '2026-01-07T10:00:00.000Z' },
  });
  stubAdminApi({
    [`GET ${ORDER_PATH}`]: [200, { ...baseOrder, invoice: { ...invoice, amountPaidCents: 11000, disputedCents }, updates: [], updatesCursor: null, payments: [card] }],
    [`GET ${ORDER_PATH}/updates`]: [200, { items: [], cursor: null }],
    [`GET ${ORDER_PATH}/notifications`]: [200, { items: [], cursor: null }],
  });
  renderWithClient(<EditOrderModal orderId={baseOrder.id} onClose={() => undefined} onSaved={() => undefined} />);
  return screen.findByRole('dialog', { name: `Edit Order ${baseOrder.orderNumber}` });
}

describe("the order editor's dispute banner", { timeout: 20_000 }, () => {
  it('an open dispute: "Payment disputed", its amount and status, and why the release waits', async () => {
    const dialog = await openEditor({ disputedCents: 11000, status: 'needs_response' });
    const banner = (await within(dialog).findByText('Payment disputed')).closest('[role="alert"]') as HTMLElement;
    expect(banner).not.toBeNull();
    expect(within(banner).getByTestId('order-dispute')).toHaveTextContent('Disputed $110.00 · Needs response');
    expect(banner).toHaveTextContent('it does not count as received until the dispute is won, and the firearm is not released without an override');
    // The ledger entry says the same, in the same words.
    expect(within(dialog).getByTestId('entry-dispute')).toHaveTextContent('Disputed $110.00 · Needs response');
  });

  it('a dispute won: no banner, the entry says it was won', async () => {
    const dialog = await openEditor({ disputedCents: 0, status: 'won' });
    expect(await within(dialog).findByTestId('entry-dispute')).toHaveTextContent('Dispute won $110.00');
    expect(within(dialog).queryByText('Payment disputed')).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId('order-dispute')).not.toBeInTheDocument();
  });
});
