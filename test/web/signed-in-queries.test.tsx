// react-query is loaded with the signed-in pages (web/src/app/query-provider.tsx), not by the
// app shell: what the shell still relies on it for must keep working.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@/lib/auth/types';
import { customer, fakeAuth, resetFakeAuth, signIn } from './fake-auth-client';
import { stubApiRoutes } from './api-stub';
import { makeNotification, testProfile } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const mainNav = () => screen.findByRole('navigation', { name: 'Main' });
const customerCard = async () => (await screen.findByRole('heading', { name: 'Customer Information' })).closest('section')!;

describe('signed-in data outside the signed-in pages', () => {
  beforeEach(() => resetFakeAuth(customer));

  it('shows the unread count on the bell on the landing page', async () => {
    const api = stubApiRoutes((call) =>
      call.path === '/api/notifications' ? [200, { items: [makeNotification()], unreadCount: 1, cursor: null }] : undefined,
    );
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Track Your Firearm Repair With Confidence' });
    expect(await within(await mainNav()).findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.getAllByTestId('unread-badge')[0]).toHaveTextContent('1');
    expect(api.calls.some((c) => c.path === '/api/notifications')).toBe(true);
  });

  it("does not show the previous user's cached data to the next user who signs in", async () => {
    let profile = testProfile;
    stubApiRoutes((call) => {
      if (call.path === '/api/me') return [200, profile];
      if (call.path === '/api/orders') return [200, { items: [], cursor: null }];
      if (call.path === '/api/notifications') return [200, { items: [], unreadCount: 0, cursor: null }];
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/dashboard');
    expect(await customerCard()).toHaveTextContent('Jane Doe');

    await user.click(within(await mainNav()).getByRole('button', { name: 'Sign Out' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });

    const next: AuthUser = { id: 'user-2', email: 'john.roe@example.com', role: 'customer' };
    profile = { ...testProfile, id: 'user-2', email: next.email, firstName: 'John', lastName: 'Roe' };
    signIn.mockImplementation(async () => {
      fakeAuth.user = next;
      return { status: 'signedIn', user: next };
    });
    await user.type(screen.getByLabelText('Email'), next.email);
    await user.type(screen.getByLabelText('Password'), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    // A cache kept across users would show Jane's profile at once (while refetching): it must be gone.
    await screen.findByRole('heading', { level: 1, name: 'My Orders' });
    expect(screen.queryByText(/Jane Doe/)).not.toBeInTheDocument();
    const card = await customerCard();
    await vi.waitFor(() => expect(card).toHaveTextContent('John Roe'));
    expect(card).not.toHaveTextContent('Jane Doe');
  });
});
