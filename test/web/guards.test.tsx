import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { admin, customer, fakeAuth, resetFakeAuth } from './fake-auth-client';
import { stubApi } from './api-stub';
import { testProfile } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

describe('route guards', () => {
  beforeEach(() => {
    resetFakeAuth();
    stubApi({ '/api/me': [200, testProfile] });
  });

  it('shows a spinner while authentication is loading', async () => {
    fakeAuth.hang = true;
    renderApp('/dashboard');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My Orders' })).not.toBeInTheDocument();
  });

  it.each(['/dashboard', '/payments', '/payment-history', '/notifications', '/orders/abc', '/admin', '/admin/archived-orders'])(
    'sends a signed-out visitor from %s to /login',
    async (path) => {
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it.each(['/admin', '/admin/customers', '/admin/archived-orders'])('sends a customer from %s to /dashboard', async (path) => {
    resetFakeAuth(customer);
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lets an admin open admin pages', async () => {
    resetFakeAuth(admin);
    stubApi({ '/api/me': [200, { ...testProfile, role: 'admin', staffRole: 'front_desk' }] });
    const { router } = renderApp('/admin/archived-orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Archived Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/archived-orders');
  });

  it.each([
    ['gunsmith', '/admin/archived-orders'],
    ['gunsmith', '/admin/customers'],
    ['front_desk', '/admin/settings'],
  ] as const)('sends a %s from %s, which their role may not use, to the staff home', async (staffRole, path) => {
    resetFakeAuth(admin);
    stubApi({ '/api/me': [200, { ...testProfile, role: 'admin', staffRole }] });
    const { router } = renderApp(path);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('lets a signed-in customer open customer pages', async () => {
    resetFakeAuth(customer);
    renderApp('/payment-history');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment History' })).toBeInTheDocument();
  });

  it('sends a signed-in user from /login to /dashboard', async () => {
    resetFakeAuth(customer);
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('follows a sign-out in another tab', async () => {
    resetFakeAuth(customer);
    const { router } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'My Orders' });

    fakeAuth.user = null;
    window.dispatchEvent(new StorageEvent('storage', { key: 'CognitoIdentityServiceProvider.client.LastAuthUser' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('redirects an unknown path to /', async () => {
    const { router } = renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Track Your Firearm Repair With Confidence' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
