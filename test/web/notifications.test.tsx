import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@gs/shared/api-types';
import { customer, resetFakeAuth } from './fake-auth-client';
import { stubApiRoutes } from './api-stub';
import { makeDetail, makeNotification, ORDER_ID } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

/** The API's paging: newest first (as given), 20 a page, the cursor being the last id of the page. */
const PAGE_SIZE = 20;

function stubNotifications(initial: Notification[], { unreadCount }: { unreadCount?: number } = {}) {
  const items = initial.map((n) => ({ ...n }));
  const extraUnread = unreadCount === undefined ? 0 : unreadCount - items.filter((n) => !n.read).length;
  return stubApiRoutes((call) => {
    if (call.method === 'GET' && call.path === '/api/notifications') {
      const cursor = call.search.get('cursor');
      const start = cursor ? items.findIndex((n) => n.id === cursor) + 1 : 0;
      const page = items.slice(start, start + PAGE_SIZE);
      const more = start + PAGE_SIZE < items.length;
      return [200, { items: page, unreadCount: items.filter((n) => !n.read).length + extraUnread, cursor: more ? page[page.length - 1].id : null }];
    }
    const read = call.path.match(/^\/api\/notifications\/([^/]+)\/read$/);
    if (call.method === 'POST' && read) {
      const n = items.find((i) => i.id === read[1]);
      if (!n) return undefined;
      n.read = true;
      return [200, n];
    }
    if (call.method === 'GET' && call.path === `/api/orders/${ORDER_ID}`) return [200, makeDetail()];
    if (call.method === 'GET' && call.path === '/api/orders') return [200, { items: [], cursor: null }];
    return undefined;
  });
}

/** `count` notifications, newest first: n-<count> … n-1. */
const many = (count: number, over: Partial<Notification> = {}) =>
  Array.from({ length: count }, (_, i) =>
    makeNotification({ id: `n-${count - i}`, title: `Status Update ${count - i}`, createdAt: new Date(Date.UTC(2024, 0, 1) + (count - i) * 60_000).toISOString(), ...over }),
  );

const unread = makeNotification();
const older = makeNotification({ id: 'n-0', title: 'Your Order Has Shipped', message: 'It is on its way.', read: true, createdAt: '2024-01-02T09:00:00.000Z' });

const bell = () => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /^Notifications/ });

describe('notifications', () => {
  beforeEach(() => resetFakeAuth(customer));

  it('lists notifications linking to their orders, with a dot on unread ones and the count on the bell', async () => {
    stubNotifications([unread, older]);
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('link')).toHaveAttribute('href', `/orders/${ORDER_ID}`);
    expect(within(items[0]).getByTestId('unread-dot')).toBeInTheDocument();
    expect(within(items[1]).queryByTestId('unread-dot')).not.toBeInTheDocument();
    expect(within(items[0]).getByRole('button', { name: 'Mark as read' })).toBeInTheDocument();
    expect(within(items[1]).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
    // The bell reads its own query (and loads with the signed-in header): wait for it, as a person would.
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(screen.getAllByTestId('unread-badge')[0]).toHaveTextContent('1');
  });

  it('names the firearm and order under each title, so two approval requests are told apart', async () => {
    const other = makeNotification({ id: 'n-2', orderId: 'other-order', context: 'Colt Python · GS-000123', createdAt: '2024-01-07T10:00:00.000Z' });
    const legacy = makeNotification({ id: 'n-0', title: 'Payment Received', message: 'Thank you!', kind: null, context: null, read: true, createdAt: '2024-01-01T09:00:00.000Z' });
    stubNotifications([other, unread, legacy]);
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    // The spec's title twice, each with its own context line.
    expect(within(items[0]).getByText('Action Required: Additional Costs')).toBeInTheDocument();
    expect(within(items[1]).getByText('Action Required: Additional Costs')).toBeInTheDocument();
    expect(within(items[0]).getByTestId('notification-context')).toHaveTextContent('Colt Python · GS-000123');
    expect(within(items[1]).getByTestId('notification-context')).toHaveTextContent('Glock 19 Gen 5 · GS-000004');
    // A notification stored before contexts existed shows none.
    expect(within(items[2]).queryByTestId('notification-context')).not.toBeInTheDocument();
    expect(within(items[0]).queryByRole('link', { name: /Track package/ })).not.toBeInTheDocument();
    // A phone breaks the line around an order number, never at its dash.
    const number = within(items[0]).getByText('GS-000123');
    expect(number.tagName).toBe('SPAN');
    expect(number).toHaveClass('whitespace-nowrap');
  });

  it("shows a shipped notification's Track package link to the carrier's page, in a new tab, apart from the order link", async () => {
    const shipped = makeNotification({
      id: 'n-3',
      kind: 'status_changed',
      essential: true,
      title: 'Shipped: Glock 19 Gen 5 (GS-000004)',
      message: 'Your Glock 19 Gen 5 (order GS-000004) has shipped via UPS, tracking number 1Z999AA10123456784.',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      carrier: 'UPS',
    });
    const unknownCarrier = makeNotification({ id: 'n-4', title: 'Shipped: Glock 19 Gen 5 (GS-000004)', message: 'Your Glock 19 Gen 5 (order GS-000004) has shipped, tracking number LOCAL-42.', trackingUrl: null, carrier: null, read: true });
    stubNotifications([shipped, unknownCarrier]);
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = within(list).getAllByRole('listitem');
    const track = within(first).getByRole('link', { name: /Track package/ });
    expect(track).toHaveAccessibleName(/^Track package \(UPS\) ?\(opens in a new tab\)$/);
    expect(track).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(track).toHaveAttribute('target', '_blank');
    expect(track).toHaveAttribute('rel', 'noopener noreferrer');
    // Not inside the order's link (a link cannot hold another): that one still opens the order.
    const order = within(first).getByRole('link', { name: /^Unread: ?Shipped: Glock 19 Gen 5/ });
    expect(order).toHaveAttribute('href', `/orders/${ORDER_ID}`);
    expect(order).not.toContainElement(track);
    expect(within(first).getByText(/has shipped via UPS, tracking number 1Z999AA10123456784\./)).toBeInTheDocument();
    // No known carrier: the number in the message, no link.
    expect(within(second).getByText(/tracking number LOCAL-42/)).toBeInTheDocument();
    expect(within(second).queryByRole('link', { name: /Track package/ })).not.toBeInTheDocument();
  });

  it('marks a notification read and the bell count drops', async () => {
    const user = userEvent.setup();
    const api = stubNotifications([unread, older]);
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const first = within(list).getAllByRole('listitem')[0];
    const mark = within(first).getByRole('button', { name: 'Mark as read' });
    // The button appears on hover and on keyboard focus.
    fireEvent.mouseOver(first);
    mark.focus();
    expect(mark).toHaveFocus();
    await user.click(mark);

    await vi.waitFor(() => expect(within(first).queryByTestId('unread-dot')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/n-1/read')).toBe(true);
    await vi.waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('opening an unread notification marks it read and shows the order', async () => {
    const user = userEvent.setup();
    const api = stubNotifications([unread]);
    const { router } = renderApp('/notifications');
    await user.click(await screen.findByRole('link', { name: /Action Required: Additional Costs/ }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`));
    expect(await screen.findByRole('heading', { level: 1, name: /Glock 19 Gen 5/ })).toBeInTheDocument();
    await vi.waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/n-1/read')).toBe(true));
    await vi.waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
  });

  it('shows the empty state', async () => {
    stubNotifications([]);
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { name: 'No Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the first page, and "Load more" fetches the next one with the cursor until there is none', async () => {
    const user = userEvent.setup();
    const api = stubNotifications(many(45));
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Status Update 45');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(40));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(45));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    // Newest first, each once, and each page asked for with the previous page's cursor.
    const titles = within(list).getAllByRole('listitem').map((li) => within(li).getByText(/^Status Update \d+$/).textContent);
    expect(titles).toEqual(many(45).map((n) => n.title));
    const cursors = api.calls.filter((c) => c.method === 'GET' && c.path === '/api/notifications').map((c) => c.search.get('cursor'));
    expect(cursors).toContain('n-26');
    expect(cursors).toContain('n-6');
  });

  it('the bell shows the true unread count, not the number of notifications loaded', async () => {
    stubNotifications(many(20), { unreadCount: 1234 });
    renderApp('/notifications');
    await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1234 unread'));
    expect(screen.getAllByTestId('unread-badge')[0]).toHaveTextContent('99+');
    expect(screen.getByText('You have 1234 unread notifications.')).toBeInTheDocument();
  });

  it('marking one read on a later page lowers the true count by one', async () => {
    const user = userEvent.setup();
    const api = stubNotifications(many(25), { unreadCount: 300 });
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 300 unread'));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));

    const last = within(list).getAllByRole('listitem')[24];
    await user.click(within(last).getByRole('button', { name: 'Mark as read' }));
    await vi.waitFor(() => expect(within(last).queryByTestId('unread-dot')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/n-1/read')).toBe(true);
    await vi.waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 299 unread'));
    // Both pages are still there after the list is read again.
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
  });

  it('does not ask for notifications when signed out', async () => {
    resetFakeAuth(null);
    const api = stubNotifications([unread]);
    renderApp('/');
    await screen.findByRole('heading', { name: 'Track Your Firearm Repair With Confidence' });
    expect(api.calls.some((c) => c.path === '/api/notifications')).toBe(false);
  });
});
