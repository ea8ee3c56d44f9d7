import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from '@/app/layout/header';
import { admin, customer, resetFakeAuth, signOut } from './fake-auth-client';
import { stubApi } from './api-stub';
import { testProfile } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

async function mainNav() {
  return screen.findByRole('navigation', { name: 'Main' });
}

describe('header', () => {
  beforeEach(() => {
    stubApi({ '/api/me': [200, testProfile] });
  });

  it('shows the customer entries and no admin links to a customer', async () => {
    resetFakeAuth(customer);
    renderApp('/dashboard');
    const nav = await mainNav();
    await screen.findByRole('heading', { name: 'My Orders' });

    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/payments');
    expect(within(nav).getByRole('link', { name: 'Payment History' })).toHaveAttribute('href', '/payment-history');
    expect(within(nav).getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
    expect(within(nav).getByRole('button', { name: /switch to (dark|light) theme/i })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();

    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Archived Orders' })).not.toBeInTheDocument();
  });

  it('adds Admin and Archived Orders for an admin', async () => {
    resetFakeAuth(admin);
    stubApi({ '/api/me': [200, { ...testProfile, role: 'admin', staffRole: 'owner' }] });
    renderApp('/dashboard');
    const nav = await mainNav();
    expect(await within(nav).findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(await within(nav).findByRole('link', { name: 'Archived Orders' })).toHaveAttribute('href', '/admin/archived-orders');
  });

  it("gives a gunsmith Admin (their bench) but not the archive, which is the counter's", async () => {
    resetFakeAuth(admin);
    stubApi({ '/api/me': [200, { ...testProfile, role: 'admin', staffRole: 'gunsmith' }] });
    renderApp('/dashboard');
    const nav = await mainNav();
    expect(await within(nav).findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    await screen.findByRole('heading', { name: 'My Orders' });
    expect(within(nav).queryByRole('link', { name: 'Archived Orders' })).not.toBeInTheDocument();
  });

  it('has a collapsible mobile menu with the same entries', async () => {
    resetFakeAuth(admin);
    stubApi({ '/api/me': [200, { ...testProfile, role: 'admin', staffRole: 'owner' }] });
    const user = userEvent.setup();
    renderApp('/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    await within(await mainNav()).findByRole('link', { name: 'Archived Orders' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(menu).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toBeVisible();
    const mobile = within(menu);
    for (const name of ['Dashboard', 'Payments', 'Payment History', 'Notifications', 'Admin', 'Archived Orders']) {
      expect(mobile.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(mobile.getByRole('button', { name: /switch to (dark|light) theme/i })).toBeInTheDocument();
    expect(mobile.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();

    await user.click(mobile.getByRole('link', { name: 'Payments' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('signs out and goes to the sign-in page', async () => {
    resetFakeAuth(customer);
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');
    await user.click(within(await mainNav()).getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(within(await mainNav()).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('hides the unread badge at 0 and announces the count otherwise', () => {
    const { rerender } = render(
      <MemoryRouter>
        <NotificationBell unreadCount={0} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();

    rerender(
      <MemoryRouter>
        <NotificationBell unreadCount={3} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('3');
  });

  it('caps the badge at 99+ but announces the whole count', () => {
    render(
      <MemoryRouter>
        <NotificationBell unreadCount={2718} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Notifications, 2718 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('99+');
  });
});
