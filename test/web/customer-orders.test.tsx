import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@gs/shared/api-types';
import { customer, resetFakeAuth } from './fake-auth-client';
import { stubApiRoutes } from './api-stub';
import { makeDetail, makeLine, makeOrder, makeRequest, makeUpdate, ORDER_ID, pendingOrder } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const OTHER_ID = '9a8b7c6d-0000-4000-8000-000000000001';
const paidOrder = (() => {
  const o = makeOrder({ id: OTHER_ID, firearmMake: 'Smith & Wesson', firearmModel: 'Model 686', currentStatus: 'shipped' });
  o.invoice = { ...o.invoice, amountPaidCents: 17500, balanceDueCents: 0, paymentStatus: 'paid' };
  return o;
})();

function stubOrders(orders: Order[] | [number, unknown]) {
  return stubApiRoutes((call) => {
    if (call.method === 'GET' && call.path === '/api/orders') {
      return Array.isArray(orders) && typeof orders[0] === 'number'
        ? (orders as [number, unknown])
        : [200, { items: orders, cursor: null }];
    }
    const updates = call.path.match(/^\/api\/orders\/([^/]+)\/updates$/);
    if (updates) return [200, { items: [makeUpdate({ orderId: updates[1] })], cursor: null }];
    const invoice = call.path.match(/^\/api\/orders\/([^/]+)\/invoice$/);
    if (invoice) {
      const base = makeOrder().invoice;
      return [200, call.search.get('shipping') === 'false' ? { ...base, shippingCents: 0, totalCents: 15000, balanceDueCents: 15000 } : base];
    }
    return undefined;
  });
}

describe('customer dashboard orders', { timeout: 20_000 }, () => {
  beforeEach(() => resetFakeAuth(customer));

  it('shows a collapsed card per order with short id, date-time and badges', async () => {
    stubOrders([pendingOrder(), paidOrder]);
    renderApp('/dashboard');
    const toggle = await screen.findByRole('button', { name: /Glock 19 Gen 5/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent('#3f2a9c1e');
    expect(toggle).toHaveTextContent(/Jan 5, 2024 \d{1,2}:\d{2} (AM|PM)/);
    expect(toggle).toHaveTextContent('Parts Needed');
    expect(toggle).toHaveTextContent('Action Required');
    const paid = screen.getByRole('button', { name: /Smith & Wesson Model 686/ });
    expect(paid).toHaveTextContent('Paid');
    expect(paid).toHaveTextContent('Shipped');
    // Customer Information stays on the page.
    expect(screen.getByRole('heading', { name: 'Customer Information' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Firearm Orders' })).toHaveAttribute('href', '/orders');
  });

  it('expands into banners, firearm and service details, history and approval', async () => {
    const user = userEvent.setup();
    stubOrders([makeOrder({ currentStatus: 'payment_needed', firearmCaliber: '9mm', inboundTrackingNumber: '9400111899223856918854' })]);
    renderApp('/dashboard');
    const toggle = await screen.findByRole('button', { name: /Glock 19 Gen 5/ });
    expect(toggle).toHaveTextContent('Payment Required');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const card = screen.getByRole('article', { name: 'Glock 19 Gen 5' });
    expect(within(card).getByText(/Payment Required:/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Make Payment' })).toHaveAttribute('href', `/orders/${ORDER_ID}/payment`);
    const firearm = within(card).getByRole('region', { name: 'Firearm Details' });
    for (const text of ['Glock', '19 Gen 5', 'BXKL552', '9mm']) expect(firearm).toHaveTextContent(text);
    const tracking = within(firearm).getByRole('link', { name: /9400111899223856918854/ });
    expect(tracking).toHaveAttribute('href', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223856918854');
    expect(tracking).toHaveAttribute('target', '_blank');
    expect(tracking.getAttribute('rel')).toContain('noopener');

    const service = within(card).getByRole('region', { name: 'Service Details' });
    expect(service).toHaveTextContent('Repair');
    expect(service).toHaveTextContent('$150.00');
    expect(within(service).getByTestId('invoice-total')).toHaveTextContent('$175.00');
    expect(within(card).getByRole('region', { name: 'Status History & Communication' })).toBeInTheDocument();
    expect(await within(card).findByText('Status updated to Work In Progress - Admin')).toBeInTheDocument();
  });

  it('bills the approved work line by line, the rows adding up to the total, and lists work awaiting approval apart', async () => {
    const user = userEvent.setup();
    // Approved: two parts and labor billed, tax on the parts. Waiting: a new $45.00 request.
    const approved = pendingOrder({}, { status: 'approved' });
    const waiting = makeLine({ id: 'l-bushing', name: 'Barrel bushing', unitCents: 4500, state: 'pending', needsApproval: true, requestId: 'req-2' });
    const order = {
      ...approved,
      lines: [...approved.lines, waiting],
      approvalRequests: [...approved.approvalRequests, makeRequest([waiting], { id: 'req-2', reason: 'Bushing is cracked' })],
      additionalCostApprovalStatus: 'pending' as const,
      additionalCostCents: 4500,
      invoice: { ...approved.invoice, pendingApprovalCents: 4500 },
    };
    stubOrders([order]);
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: /Glock 19 Gen 5/ }));
    const service = screen.getByRole('region', { name: 'Service Details' });
    const bill = within(service).getByTestId('bill');
    const rows = Array.from(bill.querySelectorAll('[data-bill-row]')).map((r) => r.textContent);
    expect(rows).toEqual(['Service$150.00', 'Extractor$45.00', 'Firing pin spring$15.00', 'Install and test fire$65.00', 'Tax (7.75% on parts)$4.65', 'Shipping$25.00']);
    const sum = Array.from(bill.querySelectorAll('[data-bill-row] dd')).reduce((s, dd) => s + Number(dd.getAttribute('data-cents')), 0);
    expect(sum).toBe(order.invoice.totalCents);
    expect(within(service).getByTestId('invoice-total')).toHaveTextContent('$304.65');
    expect(bill).not.toHaveTextContent('Barrel bushing');
    expect(within(service).getByRole('group', { name: 'Awaiting approval: $45.00' })).toHaveTextContent('Barrel bushing$45.00');
  });

  it('never bills rejected work', async () => {
    const user = userEvent.setup();
    stubOrders([pendingOrder({}, { status: 'rejected', reason: 'Too expensive' })]);
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: /Glock 19 Gen 5/ }));
    const service = screen.getByRole('region', { name: 'Service Details' });
    expect(service).not.toHaveTextContent('Extractor');
    expect(within(service).getByTestId('invoice-total')).toHaveTextContent('$175.00');
    expect(within(service).queryByTestId('awaiting-approval')).not.toBeInTheDocument();
  });

  it('previews the total from the server when the shipping fee is unchecked', async () => {
    const user = userEvent.setup();
    const api = stubOrders([makeOrder()]);
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: /Glock 19 Gen 5/ }));
    const service = screen.getByRole('region', { name: 'Service Details' });
    const box = within(service).getByRole('checkbox', { name: /Include return shipping fee \(\$25\.00\)/ });
    expect(box).toBeChecked();
    await user.click(box);
    await vi.waitFor(() => expect(within(service).getByTestId('invoice-total')).toHaveTextContent('$150.00'));
    const preview = api.calls.find((c) => c.path === `/api/orders/${ORDER_ID}/invoice`);
    expect(preview?.search.get('shipping')).toBe('false');
    await user.click(box);
    expect(within(service).getByTestId('invoice-total')).toHaveTextContent('$175.00');
  });

  it('shows "No Orders Yet" without orders', async () => {
    stubOrders([]);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'No Orders Yet' })).toBeInTheDocument();
  });

  it('shows "Error Loading Dashboard" with Try Again when the orders cannot be loaded', async () => {
    const user = userEvent.setup();
    stubOrders([500, { error: { code: 'internal', message: 'boom' } }]);
    renderApp('/dashboard');
    expect(await screen.findByText('Error Loading Dashboard')).toBeInTheDocument();
    expect(screen.getByText('Failed to load your orders. Please try again.')).toBeInTheDocument();
    stubOrders([makeOrder()]);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: /Glock 19 Gen 5/ })).toBeInTheDocument();
  });

  it('shows the inactive-account message when the orders are refused', async () => {
    stubApiRoutes((call) =>
      call.path === '/api/orders'
        ? [403, { error: { code: 'forbidden', message: 'Account Inactive - Please contact the shop for assistance.' } }]
        : undefined,
    );
    renderApp('/dashboard');
    expect(await screen.findByText('Account Inactive - Please contact the shop for assistance.')).toBeInTheDocument();
  });
});

describe('My Firearm Orders', () => {
  beforeEach(() => resetFakeAuth(customer));

  it('lists the order cards', async () => {
    stubOrders([pendingOrder({}, { status: 'approved' }), paidOrder]);
    renderApp('/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Firearm Orders' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(within(list).getByText('$150.00 + $125.00 additional')).toBeInTheDocument();
  });

  it('shows "No Orders Found" with advice to contact the shop', async () => {
    stubOrders([]);
    renderApp('/orders');
    expect(await screen.findByRole('heading', { name: 'No Orders Found' })).toBeInTheDocument();
    expect(screen.getByText(/contact the shop/)).toBeInTheDocument();
  });
});

describe('order detail', () => {
  beforeEach(() => resetFakeAuth(customer));

  function stubDetail(reply: [number, unknown]) {
    return stubApiRoutes((call) => {
      if (call.method === 'GET' && call.path === `/api/orders/${ORDER_ID}`) return reply;
      if (call.path === `/api/orders/${ORDER_ID}/updates`) return [200, { items: [], cursor: null }];
      return undefined;
    });
  }

  it('is titled by make, model and short id, with the timeline, details and payment panel', async () => {
    stubDetail([200, makeDetail(makeOrder({ currentStatus: 'evaluating', outboundTrackingNumber: '9400111899223856931442' }))]);
    renderApp(`/orders/${ORDER_ID}`);
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('Glock 19 Gen 5 #3f2a9c1e');
    const progress = screen.getByRole('progressbar', { name: 'Order progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Gunsmith Review in Progress').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Delivered')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /9400111899223856931442/ })).toHaveAttribute(
      'href',
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223856931442',
    );
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('$175.00');
    expect(within(payment).getByRole('link', { name: 'Make Payment' })).toHaveAttribute('href', `/orders/${ORDER_ID}/payment`);
  });

  it("links a tracking number to its carrier's page (a UPS 1Z number to UPS, never USPS); an unknown one is shown without a link", async () => {
    stubDetail([200, makeDetail(makeOrder({ currentStatus: 'shipped', inboundTrackingNumber: 'DROPPED-OFF-42', outboundTrackingNumber: '1Z999AA10123456784' }))]);
    renderApp(`/orders/${ORDER_ID}`);
    const ups = await screen.findByRole('link', { name: /1Z999AA10123456784/ });
    expect(ups).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(ups).toHaveAccessibleName(/^1Z999AA10123456784 ?\(opens UPS tracking in a new tab\)$/);
    expect(ups.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('DROPPED-OFF-42')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /DROPPED-OFF-42/ })).not.toBeInTheDocument();
  });

  it('hides the payment panel once the order is closed', async () => {
    stubDetail([200, makeDetail(makeOrder({ currentStatus: 'order_closed' }))]);
    renderApp(`/orders/${ORDER_ID}`);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Payment' })).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Order progress' })).toHaveAttribute('aria-valuenow', '100');
  });

  it("says the order does not exist or is someone else's on a 404", async () => {
    stubDetail([404, { error: { code: 'not_found', message: 'Order not found' } }]);
    renderApp(`/orders/${ORDER_ID}`);
    expect(await screen.findByText("This order does not exist or you don't have permission to view it.")).toBeInTheDocument();
  });

  it('redirects /order/{id} to /orders/{id}', async () => {
    stubDetail([200, makeDetail()]);
    const { router } = renderApp(`/order/${ORDER_ID}`);
    await screen.findByRole('heading', { level: 1, name: /Glock 19 Gen 5/ });
    expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`);
  });
});

describe('a customer with many orders', () => {
  beforeEach(() => resetFakeAuth(customer));

  /** `count` orders, newest first (ids end in their number), the oldest one with a balance due. */
  const manyOrders = (count: number) =>
    Array.from({ length: count }, (_, i) => {
      const n = count - i;
      return makeOrder({
        id: `9a8b7c6d-0000-4000-8000-${String(n).padStart(12, '0')}`,
        firearmModel: `Model ${n}`,
        currentStatus: n === 1 ? 'payment_needed' : 'in_progress',
        createdAt: new Date(Date.UTC(2024, 0, n)).toISOString(),
      });
    });

  /** The server's paging: `limit` orders a page (20 unless told) behind cursors "p1", "p2", … */
  function stubPaged(all: Order[]) {
    return stubApiRoutes((call) => {
      if (call.method !== 'GET' || call.path !== '/api/orders') return undefined;
      const limit = Number(call.search.get('limit') ?? 20);
      const from = Number(call.search.get('cursor')?.slice(1) ?? 0);
      const next = from + limit;
      return [200, { items: all.slice(from, next), cursor: next < all.length ? `p${next}` : null }];
    });
  }

  it('My Firearm Orders shows the first page and "Load more" until every order is there', async () => {
    const user = userEvent.setup();
    const api = stubPaged(manyOrders(45));
    renderApp('/orders');
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(within(list).getAllByRole('article')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(40));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(45));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(within(list).getAllByRole('article').at(-1)).toHaveTextContent('Model 1');
    expect(api.calls.filter((c) => c.path === '/api/orders').map((c) => c.search.get('cursor'))).toEqual([null, 'p20', 'p40']);
  });

  it('has no "Load more" when one page holds every order', async () => {
    stubPaged(manyOrders(3));
    renderApp('/orders');
    expect(within(await screen.findByRole('list', { name: 'Orders' })).getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('the payments page reads every page, so an unpaid order beyond the first is listed', async () => {
    const api = stubPaged(manyOrders(130));
    renderApp('/payments');
    expect(await screen.findByText('Glock Model 1')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/orders').map((c) => [c.search.get('limit'), c.search.get('cursor')])).toEqual([
      ['100', null],
      ['100', 'p100'],
    ]);
  });
});
