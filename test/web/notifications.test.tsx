import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@gs/shared/api-types';
import { customer, resetFakeAuth } from './fake-auth-client';
import { stubApiRoutes } from './api-stub';
import { makeDetail, makeNotification, ORDER_ID } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

function stubNotifications(initial: Notification[]) {
  const items = initial.map((n) => ({ ...n }));
  return stubApiRoutes((call) => {
    if (call.method === 'GET' && call.path === '/api/notifications') {
      return [200, { items, unreadCount: items.filter((n) => !n.read).length, cursor: null }];
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
  });

  it('does not ask for notifications when signed out', async () => {
    resetFakeAuth(null);
    const api = stubNotifications([unread]);
    renderApp('/');
    await screen.findByRole('heading', { name: 'Track Your Firearm Repair With Confidence' });
    expect(api.calls.some((c) => c.path === '/api/notifications')).toBe(false);
  });
});
