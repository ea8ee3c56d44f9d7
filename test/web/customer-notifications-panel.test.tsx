import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderNotification } from '@gs/shared/api-types';
import { deliveryInFlight } from '@/features/admin-orders/api/get-order-notifications';
import { CustomerNotificationsPanel } from '@/features/admin-orders/components/customer-notifications-panel';
import { resetFakeAuth } from './fake-auth-client';
import { stubApiRoutes } from './api-stub';
import { renderWithClient } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const ORDER = 'order-42';
const PATH = `/api/admin/orders/${ORDER}/notifications`;

const note = (id: string, delivery: OrderNotification['delivery'], title = `Shipped ${id}`): OrderNotification => ({
  id,
  orderId: ORDER,
  title,
  message: 'm',
  read: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  kind: 'status_changed',
  essential: false,
  context: null,
  trackingUrl: null,
  carrier: null,
  delivery,
});
const at = '2026-03-01T10:00:05.000Z';

beforeEach(() => resetFakeAuth());
afterEach(() => vi.unstubAllGlobals());

describe('CustomerNotificationsPanel', () => {
  it("lists the order's notifications with each channel's delivery, and pages with Load more", async () => {
    const calls = stubApiRoutes((call) => {
      if (call.method !== 'GET' || call.path !== PATH) return undefined;
      if (!call.search.get('cursor'))
        return [
          200,
          {
            items: [
              note('a', { email: { status: 'sent', attempts: 1, at, reason: null }, sms: { status: 'skipped', attempts: 0, at, reason: 'sms_off' } }),
              note('b', { email: { status: 'failed', attempts: 2, at, reason: 'ThrottlingException' }, sms: null }),
            ],
            cursor: 'next',
          },
        ];
      return [200, { items: [note('c', { email: { status: 'skipped', attempts: 0, at, reason: 'optional_email_off' }, sms: { status: 'sending', attempts: 1, at, reason: null } })], cursor: null }];
    }).calls;
    renderWithClient(<CustomerNotificationsPanel orderId={ORDER} />);
    const panel = screen.getByRole('region', { name: 'Customer notifications' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Shipped a')).toBeTruthy();
    expect(within(items[0]).getByText('Email: Sent')).toBeTruthy();
    expect(within(items[0]).getByText('SMS: Skipped: SMS off')).toBeTruthy();
    expect(within(items[1]).getByText('Email: Failed — retrying (2 attempts)')).toBeTruthy();
    expect(within(items[1]).getByText('SMS: Not sent yet')).toBeTruthy();

    await userEvent.click(within(panel).getByRole('button', { name: 'Load more' }));
    expect(await within(panel).findByText('Email: Skipped: optional emails off')).toBeTruthy();
    expect(within(panel).getByText('SMS: Sending…')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.filter((c) => c.path === PATH).map((c) => c.search.get('cursor'))).toEqual([null, 'next']);
  });

  it('says when nothing was sent yet, and shows a load error with Try Again', async () => {
    let fail = true;
    stubApiRoutes((call) => (call.path === PATH ? (fail ? [500, { error: { code: 'internal', message: 'boom' } }] : [200, { items: [], cursor: null }]) : undefined));
    renderWithClient(<CustomerNotificationsPanel orderId={ORDER} />);
    expect(await screen.findByText('Failed to load customer notifications. Please try again.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No notifications sent about this order yet.')).toBeTruthy();
  });

  it('reads a delivery under way again within seconds, until every channel is settled', { timeout: 30_000 }, async () => {
    const fresh = new Date().toISOString();
    let reads = 0;
    stubApiRoutes((call) => {
      if (call.path !== PATH) return undefined;
      reads += 1;
      const sent = { status: 'sent' as const, attempts: 1, at: fresh, reason: null };
      const delivery = reads === 1 ? { email: null, sms: null } : { email: sent, sms: { status: 'skipped' as const, attempts: 0, at: fresh, reason: 'sms_off' } };
      return [200, { items: [{ ...note('fresh', delivery), createdAt: fresh }], cursor: null }];
    });
    renderWithClient(<CustomerNotificationsPanel orderId={ORDER} />);
    expect(await screen.findByText('Email: Not sent yet')).toBeTruthy();
    // Far sooner than the panel's 30 s refresh.
    expect(await screen.findByText('Email: Sent', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('SMS: Skipped: SMS off')).toBeTruthy();
    const settled = reads;
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(reads).toBe(settled);
  });

  it('does not wait on an old notification that was never sent', () => {
    const old = note('old', { email: null, sms: null });
    expect(deliveryInFlight(old, Date.parse(old.createdAt) + 60_000)).toBe(true);
    expect(deliveryInFlight(old, Date.parse(old.createdAt) + 11 * 60_000)).toBe(false);
    const done = note('done', { email: { status: 'sent', attempts: 1, at, reason: null }, sms: { status: 'skipped', attempts: 0, at, reason: 'no_phone' } });
    expect(deliveryInFlight(done, Date.parse(done.createdAt) + 1_000)).toBe(false);
  });
});
