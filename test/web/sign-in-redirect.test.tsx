import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { landingAfterSignIn, loginHrefFor, safeRedirect } from '@/features/auth/redirect';
import { admin, confirmSignInStep, customer, fakeAuth, resetFakeAuth, signIn } from './fake-auth-client';
import { stubApi } from './api-stub';
import { testProfile } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

describe('safeRedirect (the page /login returns to)', () => {
  it.each([
    ['/orders/3f2a9c1e', '/orders/3f2a9c1e'],
    ['/admin/orders/abc', '/admin/orders/abc'],
    ['/payments/batch?orders=a,b', '/payments/batch?orders=a,b'],
    ['/orders/abc#notes', '/orders/abc#notes'],
    ['/orders/abc/../def', '/orders/def'],
    ['/', '/'],
  ])('keeps the site path %s', (raw, kept) => {
    expect(safeRedirect(raw)).toBe(kept);
  });

  it.each([
    ['another site', 'https://evil.example/orders/1'],
    ['a protocol-relative address', '//evil.example/orders/1'],
    ['a backslash read as a slash', '/\\evil.example'],
    ['a backslash later on', '/orders\\..\\..\\/evil.example'],
    ['a tab dropped by the browser', '/\t/evil.example'],
    ['a newline', '/orders/1\n'],
    ['a script', 'javascript:alert(1)'],
    ['a scheme after a slash-less start', 'http:/evil.example'],
    ['a relative path without a slash', 'orders/1'],
    ['a dot path climbing out', '/../..//evil.example'],
    ['nothing', ''],
    ['not a string', undefined],
    ['too long', `/${'a'.repeat(2048)}`],
    ['the sign-in page itself', '/login?redirect=/orders/1'],
    ['registration', '/register'],
  ])('refuses %s', (_what, raw) => {
    expect(safeRedirect(raw)).toBeNull();
  });

  it('lands a customer named a staff page on their dashboard, staff on it, and anyone on a customer page', () => {
    expect(landingAfterSignIn('/admin/orders/abc', false)).toBe('/dashboard');
    expect(landingAfterSignIn('/admin', false)).toBe('/dashboard');
    expect(landingAfterSignIn('/admin/orders/abc', true)).toBe('/admin/orders/abc');
    expect(landingAfterSignIn('/orders/abc', false)).toBe('/orders/abc');
    // /administrator is not a staff page (and not a route): only /admin and below are.
    expect(landingAfterSignIn('/administrator', false)).toBe('/administrator');
    expect(landingAfterSignIn(null, false)).toBe('/dashboard');
    expect(landingAfterSignIn(null, true)).toBe('/dashboard');
  });

  it('puts the page in the sign-in address, and leaves out one that is not the site’s', () => {
    expect(loginHrefFor('/orders/abc?tab=notes')).toBe('/login?redirect=%2Forders%2Fabc%3Ftab%3Dnotes');
    expect(loginHrefFor('//evil.example')).toBe('/login');
  });
});

/** The next sign-in succeeds as `who`. */
function signsInAs(who: typeof customer) {
  signIn.mockImplementation(async () => {
    fakeAuth.user = who;
    return { status: 'signedIn', user: who };
  });
}

async function signInOnThePage(email: string, password: string) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'Sign In' });
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('signing in from a link to a page', () => {
  beforeEach(() => {
    resetFakeAuth();
    stubApi({ '/api/me': [200, testProfile] });
  });

  it('a signed-out visit to a protected page goes to /login remembering it, and signing in lands on it', async () => {
    const { router } = renderApp('/payment-history?from=sms');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/payment-history?from=sms');
    // Registration and the password reset keep it too.
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/register?redirect=%2Fpayment-history%3Ffrom%3Dsms');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password?redirect=%2Fpayment-history%3Ffrom%3Dsms');

    signsInAs(customer);
    await signInOnThePage('jane.doe@example.com', 'CustomerPass123!');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment History' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/payment-history?from=sms');
  });

  it('signing out from the header goes to a plain /login: the next person to sign in starts at their dashboard', async () => {
    resetFakeAuth(customer);
    const { router } = renderApp('/payment-history');
    await screen.findByRole('heading', { level: 1, name: 'Payment History' });
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Sign Out' })[0]);
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login');
    // A session that ends otherwise (another tab) still remembers the page.
    await router.navigate('/notifications');
    await vi.waitFor(() => expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/notifications'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('after the new-password step too', async () => {
    signIn.mockResolvedValue({ status: 'newPasswordRequired' });
    confirmSignInStep.mockImplementation(async () => {
      fakeAuth.user = customer;
      return { status: 'signedIn', user: customer };
    });
    const { router } = renderApp('/notifications');
    const user = await signInOnThePage('jane.doe@example.com', 'Temp1234!');
    await screen.findByRole('heading', { name: 'Choose Your Password' });
    await user.type(screen.getByLabelText('New Password'), 'MyOwnPass1!');
    await user.type(screen.getByLabelText('Confirm New Password'), 'MyOwnPass1!');
    await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notifications');
  });

  it('a customer sent to a staff page lands on their dashboard', async () => {
    const { router } = renderApp('/admin/archived-orders');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/admin/archived-orders');
    signsInAs(customer);
    await signInOnThePage('jane.doe@example.com', 'CustomerPass123!');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('staff sent to a staff page land on it', async () => {
    stubApi({ '/api/me': [200, { ...testProfile, id: 'admin-1', email: 'admin@example.com', role: 'admin' }] });
    const { router } = renderApp('/login?redirect=%2Fadmin%2Farchived-orders');
    signsInAs(admin);
    await signInOnThePage('admin@example.com', 'AdminPass123!');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/archived-orders'), { timeout: 10_000 });
  });

  it('an address of another site in the link is ignored: signing in lands on the dashboard', async () => {
    const { router } = renderApp('/login?redirect=%2F%2Fevil.example%2Forders');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/register');
    signsInAs(customer);
    await signInOnThePage('jane.doe@example.com', 'CustomerPass123!');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
