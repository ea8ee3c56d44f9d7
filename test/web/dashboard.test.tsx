import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customer, resetFakeAuth } from './fake-auth-client';
import { stubApi, stubApiRoutes } from './api-stub';
import { makeOrder, testProfile } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

describe('dashboard shell', () => {
  beforeEach(() => resetFakeAuth(customer));

  it('shows the title, a Refresh button and the Customer Information card', async () => {
    const fetchMock = stubApi({ '/api/me': [200, testProfile] });
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: 'Customer Information' })).closest('section')!;
    expect(card).toHaveTextContent('Jane Doe');
    expect(card).toHaveTextContent('jane.doe@example.com');
    expect(card).toHaveTextContent('(555) 555-0123');
    expect(card).toHaveTextContent('customer');

    const meCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/me')!;
    expect(meCall[1]?.headers).toMatchObject({ Authorization: 'Bearer test-access-token' });
  });

  it('falls back to the part of the email before the @ and hides a missing phone', async () => {
    stubApi({ '/api/me': [200, { ...testProfile, firstName: null, lastName: '', phone: null }] });
    renderApp('/dashboard');
    const card = (await screen.findByRole('heading', { name: 'Customer Information' })).closest('section')!;
    expect(card).toHaveTextContent('jane.doe');
    expect(card).not.toHaveTextContent('Phone');
  });

  it('shows the inactive-account message', async () => {
    stubApi({
      '/api/me': [403, { error: { code: 'forbidden', message: 'Account Inactive - Please contact the shop for assistance.' } }],
    });
    renderApp('/dashboard');
    expect(await screen.findByText('Account Inactive - Please contact the shop for assistance.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Customer Information' })).not.toBeInTheDocument();
  });

  it('offers Try Again when the profile cannot be loaded', async () => {
    const user = userEvent.setup();
    stubApi({ '/api/me': [500, { error: { code: 'internal', message: 'Something broke on our side' } }] });
    renderApp('/dashboard');
    expect(await screen.findByText('Error Loading Dashboard')).toBeInTheDocument();
    expect(screen.getByText('Something broke on our side')).toBeInTheDocument();

    stubApi({ '/api/me': [200, testProfile] });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Customer Information' })).toBeInTheDocument();
  });
});

describe('dashboard orders, page by page', { timeout: 20_000 }, () => {
  beforeEach(() => resetFakeAuth(customer));

  const order = (n: number) => makeOrder({ id: `9a8b7c6d-0000-4000-8000-${String(n).padStart(12, '0')}`, firearmModel: `Model ${n}` });

  it('shows the first page of orders and "Load more" while the server has more', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 20 }, (_, i) => order(25 - i));
    const rest = Array.from({ length: 5 }, (_, i) => order(5 - i));
    const api = stubApiRoutes((call) => {
      if (call.method !== 'GET' || call.path !== '/api/orders') return undefined;
      return call.search.get('cursor') === 'next' ? [200, { items: rest, cursor: null }] : [200, { items: first, cursor: 'next' }];
    });
    renderApp('/dashboard');
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(within(list).getAllByRole('listitem').at(-1)).toHaveTextContent('Glock Model 1');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/orders').map((c) => c.search.get('cursor'))).toEqual([null, 'next']);
  });

  it('says so, and keeps what it shows, when the next page cannot be loaded', async () => {
    const user = userEvent.setup();
    stubApiRoutes((call) => {
      if (call.method !== 'GET' || call.path !== '/api/orders') return undefined;
      return call.search.get('cursor') === 'next' ? [500, { error: { code: 'internal', message: 'boom' } }] : [200, { items: [order(2)], cursor: 'next' }];
    });
    renderApp('/dashboard');
    const list = await screen.findByRole('list', { name: 'Orders' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Failed to load more orders. Please try again.')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });
});
