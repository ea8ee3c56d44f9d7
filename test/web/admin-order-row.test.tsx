import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderRow } from '@/features/admin-orders/components/order-row';
import { invoice, listOrder } from './fixtures';
import { renderWithClient } from './render';

const actions = { edit: () => undefined, print: () => undefined, archive: () => undefined, remove: () => undefined };

describe('an active order row', () => {
  it('shows the estimate plus the billed extra work, and work awaiting approval apart', () => {
    renderWithClient(
      <ul>
        <OrderRow order={listOrder({ invoice: { ...invoice, partsCents: 2500, laborCents: 3600, pendingApprovalCents: 4500 } })} actions={actions} />
      </ul>,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('Estimated $120.00 + $61.00 additional ($45.00 awaiting approval)');
  });

  it('never counts rejected or unrequested work', () => {
    renderWithClient(
      <ul>
        <OrderRow order={listOrder({ additionalCostCents: 2000, additionalCostApprovalStatus: 'rejected' })} actions={actions} />
      </ul>,
    );
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent('Estimated $120.00 · Owes: $145.00');
    expect(item).toHaveTextContent('Customer rejected additional costs - Needs attention');
  });

  it("offers a gunsmith Edit and Print only: archiving and deleting are the counter's", () => {
    const row = (staffRole: 'gunsmith' | 'front_desk') =>
      renderWithClient(
        <ul>
          <OrderRow order={listOrder()} actions={actions} />
        </ul>,
        { staffRole },
      );
    const bench = row('gunsmith');
    expect(screen.getByRole('group').textContent).toBe('EditPrint');
    bench.unmount();
    row('front_desk');
    expect(screen.getByRole('group').textContent).toBe('EditArchiveDeletePrint');
  });
});
