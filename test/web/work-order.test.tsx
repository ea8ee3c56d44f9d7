import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SHOP } from '@gs/shared/shop';
import { AUTHORIZATION_TEXT, WorkOrderSheet } from '@/components/work-order/work-order-sheet';
import { customer, resetFakeAuth } from './fake-auth-client';
import { stubApiRoutes } from './api-stub';
import { makeDetail, makeInvoice, makeOrder, makePayment, makeUpdate, ORDER_ID } from './fixtures';
import { renderApp, renderWithClient } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const SHOP = { ...DEFAULT_SHOP, name: 'Iron Sights Gunsmithing', address: '12 Main St\nSpringfield, IL 62701', fflNumber: '1-23-456-07-8A-12345' };

const received = makeOrder({
  firearmType: 'pistol',
  firearmImporter: 'Century Arms',
  customerAddress: { line1: '9 Oak Ave', line2: 'Apt 2', city: 'Austin', state: 'TX', postalCode: '78701' },
  returnName: 'Jane Doe',
  returnAddress: { line1: '400 Ranch Rd', line2: null, city: 'Wimberley', state: 'TX', postalCode: '78676' },
  intake: {
    receivedOn: '2026-11-02',
    from: 'licensee',
    fromName: 'Valley Arms LLC',
    fromLicense: '5-74-123-01-2B-54321',
    fromAddress: null,
    conditionNotes: 'Holster wear on the slide.',
    itemsReceived: 'Hard case, 2 magazines',
    recordedAt: '2026-11-02T15:00:00.000Z',
  },
  invoice: makeInvoice({ amountPaidCents: 5000, balanceDueCents: 12500 }),
});

describe('the work order', () => {
  it('prints the shop with its FFL number, the customer and return addresses, the firearm as the book has it, the intake, payments and the authorization line', () => {
    const detail = makeDetail(received, {
      payments: [makePayment({ paymentId: 'p1', amountCents: 5000, paymentMethod: 'Cash', paymentDate: '2026-11-03T10:00:00.000Z' })],
      updates: [1, 2, 3, 4].map((n) => makeUpdate({ id: `u${n}`, status: 'in_progress', notes: `note ${n}` })),
    });
    renderWithClient(<WorkOrderSheet order={detail} shop={SHOP} />);
    const sheet = screen.getByRole('article', { name: `Work Order ${received.orderNumber}` });
    for (const text of [
      'FFL 1-23-456-07-8A-12345',
      '9 Oak Ave',
      'Austin, TX 78701',
      'Ship back',
      '400 Ranch Rd',
      'Wimberley, TX 78676',
      'TypePistol',
      'ImporterCentury Arms',
      'Valley Arms LLC, FFL 5-74-123-01-2B-54321',
      'Holster wear on the slide.',
      'Came WithHard case, 2 magazines',
      'Cash',
      '$50.00',
      'Balance Due$125.00',
      '+ 1 more update',
      AUTHORIZATION_TEXT,
      'Customer signature',
    ])
      expect(sheet).toHaveTextContent(text);
    expect(within(sheet).getAllByText(/^note /)).toHaveLength(3);
  });

  it('says so before the firearm is received, and for a pickup shows no ship-to address', () => {
    renderWithClient(<WorkOrderSheet order={makeDetail(makeOrder({ shippingSelected: false }))} shop={DEFAULT_SHOP} />);
    const sheet = screen.getByRole('article');
    expect(sheet).toHaveTextContent('Not received yet.');
    expect(sheet).toHaveTextContent('Pick up in person');
    expect(sheet).not.toHaveTextContent('Ship to');
    expect(sheet).not.toHaveTextContent('FFL');
  });

  it('the customer prints it from their order page', async () => {
    const user = userEvent.setup();
    resetFakeAuth(customer);
    stubApiRoutes((call) => (call.path === `/api/orders/${ORDER_ID}` ? [200, makeDetail(received)] : call.path.startsWith(`/api/orders/${ORDER_ID}/`) ? [200, { items: [], cursor: null }] : undefined));
    renderApp(`/orders/${ORDER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Print work order' }));
    const preview = await screen.findByRole('dialog', { name: 'Work Order Preview' });
    expect(within(preview).getByRole('article', { name: `Work Order ${received.orderNumber}` })).toHaveTextContent('Hard case, 2 magazines');
    expect(within(preview).getByRole('button', { name: 'Print' })).toBeEnabled();
  });
});
