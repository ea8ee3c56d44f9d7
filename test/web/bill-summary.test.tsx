import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BillSummary } from '@/components/billing/bill-summary';
import { makeLine, makeOrder } from './fixtures';

/** The statement rows' amounts (data-cents), in order. */
const rowCents = (bill: HTMLElement) => Array.from(bill.querySelectorAll('[data-bill-row] dd')).map((dd) => Number(dd.getAttribute('data-cents')));
const rowLabels = (bill: HTMLElement) => Array.from(bill.querySelectorAll('[data-bill-row] dt')).map((dt) => dt.textContent);

// Service $150, billed: a part 2 × $15.00 and labor $31.00; waiting: a $45.00 part; a rejected
// $20.00 part and a draft $10.00 charge. Tax 7.75 % on the billed part: $2.33 (2.325 rounded up).
const lines = [
  makeLine({ id: 'a', name: 'Hand spring', unitCents: 1500, quantity: 2, state: 'billed' }),
  makeLine({ id: 'b', kind: 'labor', name: 'Fit and test', unitCents: 3100, state: 'billed' }),
  makeLine({ id: 'c', name: 'Barrel bushing', unitCents: 4500, state: 'pending', needsApproval: true, requestId: 'r2' }),
  makeLine({ id: 'd', name: 'Ivory grips', unitCents: 2000, state: 'rejected', needsApproval: true, requestId: 'r1' }),
  makeLine({ id: 'e', kind: 'other', name: 'Rush fee', unitCents: 1000, state: 'draft', needsApproval: true }),
];
const invoice = {
  ...makeOrder().invoice,
  partsCents: 3000,
  laborCents: 3100,
  taxCents: 233,
  totalCents: 15000 + 3000 + 3100 + 233 + 2500,
  amountPaidCents: 5000,
  balanceDueCents: 15000 + 3000 + 3100 + 233 + 2500 - 5000,
  paymentStatus: 'partially_paid' as const,
  pendingApprovalCents: 4500,
};

describe('the bill', () => {
  it('lists service, each billed line, tax at the order rate and shipping, and the rows add up to the total', () => {
    render(<BillSummary invoice={invoice} lines={lines} />);
    const bill = screen.getByTestId('bill');
    expect(rowLabels(bill)).toEqual(['Service', 'Hand spring × 2', 'Fit and test', 'Tax (7.75% on parts)', 'Shipping']);
    expect(rowCents(bill)).toEqual([15000, 3000, 3100, 233, 2500]);
    expect(rowCents(bill).reduce((a, b) => a + b, 0)).toBe(invoice.totalCents);
    expect(within(bill).getByTestId('invoice-total')).toHaveTextContent('$238.33');
    expect(bill).toHaveTextContent('Amount Paid$50.00');
    expect(within(bill).getByTestId('balance-due')).toHaveTextContent('$188.33');
  });

  it('shows lines awaiting approval apart, never in the total, and leaves rejected and draft lines off', () => {
    render(<BillSummary invoice={invoice} lines={lines} />);
    const bill = screen.getByTestId('bill');
    expect(bill).not.toHaveTextContent('Barrel bushing');
    const waiting = screen.getByRole('group', { name: 'Awaiting approval: $45.00' });
    expect(waiting).toHaveTextContent('Barrel bushing$45.00');
    expect(waiting).toHaveTextContent('Not included in the total until approved.');
    expect(screen.queryByText(/Ivory grips/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Rush fee/)).not.toBeInTheDocument();
  });

  it('labels the tax with the order rate, and leaves it off when nothing taxable is billed', () => {
    const { unmount } = render(<BillSummary invoice={{ ...invoice, taxRatePpm: 82_500 }} lines={lines} />);
    expect(screen.getByText('Tax (8.25% on parts)')).toBeInTheDocument();
    unmount();
    const plain = makeOrder().invoice;
    render(<BillSummary invoice={plain} lines={[]} />);
    expect(rowLabels(screen.getByTestId('bill'))).toEqual(['Service', 'Shipping']);
    expect(screen.queryByText(/Tax/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('awaiting-approval')).not.toBeInTheDocument();
  });
});
