import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import qrcode from 'qrcode-generator';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { signInStepMessages as m } from '@/features/auth/messages';
import { stubAdminApi, type Reply } from './api-stub';
import { admin, confirmTotpSetup, customer, fakeAuth, getMfaStatus, resetFakeAuth, startTotpSetup, TOTP_CODE, TOTP_URI } from './fake-auth-client';
import { makeProfile, testProfile } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const ME = makeProfile({ id: 'admin-1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', phone: null, role: 'admin', createdAt: '2026-01-01T00:00:00.000Z' });
const NO_ORDERS: Reply = [200, { items: [], cursor: null }];
const MFA_REQUIRED: Reply = [403, { error: { code: 'mfa_required', message: 'Set up two-step sign-in to use the staff pages.' } }];
const SIGN_IN_AGAIN = 'Two-step sign-in is on. Please sign in again with your password and a code from your authenticator app.';
const LOST_PHONE = "Lost your phone? Ask whoever runs the portal's AWS account to reset two-step sign-in for you; you then set up your new phone here.";

/** The dark modules an SVG path of "M x y h n v1 h-n z" runs draws, as "row,col" (quiet zone removed). */
function darkCells(d: string, margin: number): Set<string> {
  const cells = new Set<string>();
  for (const [, x, y, n] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(n); i += 1) cells.add(`${Number(y) - margin},${Number(x) - margin + i}`);
  }
  return cells;
}

const enrollmentHeading = () => screen.findByRole('heading', { level: 1, name: 'Set Up Two-Step Sign-In' });

describe('staff two-step sign-in', () => {
  beforeEach(() => resetFakeAuth(admin));

  it('an admin without an authenticator app gets the enrollment in place of the staff page', async () => {
    fakeAuth.totpEnabled = false;
    const { calls } = stubAdminApi({ 'GET /api/me': [200, ME], 'GET /api/admin/orders': NO_ORDERS });
    renderApp('/admin/archived-orders');

    expect(await enrollmentHeading()).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Set Up Two-Step Sign-In \| /));
    expect(screen.getByText(/Staff pages need a code from an authenticator app/)).toBeInTheDocument();
    expect(screen.getByText(LOST_PHONE)).toBeInTheDocument();

    // The QR code: an inline SVG drawn from the QR matrix, black on a white quiet zone, with no inline style (CSP).
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    const size = Number(qr.getAttribute('viewBox')?.split(' ')[2]);
    expect(size).toBeGreaterThanOrEqual(21 + 8); // the smallest QR code and its 4-module margin on each side
    expect(qr.querySelector('rect')).toHaveAttribute('fill', '#fff');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
    expect(qr.querySelector('path')).toHaveAttribute('fill', '#000');
    // …and it is the QR code of the otpauth:// link.
    const expected = qrcode(0, 'M');
    expected.addData(TOTP_URI);
    expected.make();
    const count = expected.getModuleCount();
    expect(size).toBe(count + 8);
    const drawn = darkCells(qr.querySelector('path')!.getAttribute('d')!, 4);
    const dark = new Set<string>();
    for (let row = 0; row < count; row += 1) for (let col = 0; col < count; col += 1) if (expected.isDark(row, col)) dark.add(`${row},${col}`);
    expect(drawn).toEqual(dark);
    const page = qr.closest('form')!;
    expect(qr).not.toHaveAttribute('style');
    expect(page.querySelector('[style]')).toBeNull();

    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const link = screen.getByRole('link', { name: 'Open in an authenticator app' });
    expect(link.getAttribute('href')).toBe(TOTP_URI);
    expect(link.getAttribute('href')).toMatch(/^otpauth:\/\//);
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('maxlength', '6');

    expect(screen.queryByRole('heading', { name: 'Archived Orders' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(false);
    expect(startTotpSetup).toHaveBeenCalledTimes(1);
  });

  it('asks for six digits, and says when the code is wrong', async () => {
    fakeAuth.totpEnabled = false;
    stubAdminApi({ 'GET /api/me': [200, ME], 'GET /api/admin/orders': NO_ORDERS });
    const user = userEvent.setup();
    renderApp('/admin/archived-orders');
    await enrollmentHeading();
    const code = await screen.findByLabelText('Authentication code');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(m.codeRequired)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await user.type(code, '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(m.codeRequired)).toBeInTheDocument();
    expect(confirmTotpSetup).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(m.codeWrong)).toBeInTheDocument();
    expect(confirmTotpSetup).toHaveBeenLastCalledWith('000000');
    expect(screen.getByRole('heading', { level: 1, name: 'Set Up Two-Step Sign-In' })).toBeInTheDocument();
    // Still the same key: a wrong code does not ask Cognito for a new one.
    expect(startTotpSetup).toHaveBeenCalledTimes(1);
  });

  it('the right code turns it on: the API records it, and the admin signs in again with password and code', async () => {
    fakeAuth.totpEnabled = false;
    const { calls } = stubAdminApi({ 'GET /api/me': [200, ME], 'GET /api/admin/orders': NO_ORDERS, 'POST /api/me/two-step-sign-in': [204, null] });
    const user = userEvent.setup();
    renderApp('/admin/archived-orders');
    await enrollmentHeading();

    await user.type(await screen.findByLabelText('Authentication code'), TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(await screen.findByText(SIGN_IN_AGAIN)).toHaveAttribute('role', 'status');
    expect(confirmTotpSetup).toHaveBeenCalledWith(TOTP_CODE);
    expect(calls.filter((c) => c.path === '/api/me/two-step-sign-in').map((c) => c.method)).toEqual(['POST']);
    // The password-only session never reached a staff route, and this browser forgot it.
    expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(false);
    expect(fakeAuth.user).toBeNull();
  });

  it('an admin with an authenticator app sees the staff page directly', async () => {
    stubAdminApi({ 'GET /api/me': [200, ME], 'GET /api/admin/orders': NO_ORDERS });
    renderApp('/admin/archived-orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Archived Orders' })).toBeInTheDocument();
    expect(await screen.findByText('No archived orders found')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Set Up Two-Step Sign-In' })).not.toBeInTheDocument();
    expect(startTotpSetup).not.toHaveBeenCalled();
  });

  it('a staff member this browser has seen with the app on gets the staff page without asking Cognito again; a no is never remembered', async () => {
    stubAdminApi({ 'GET /api/me': [200, ME], 'GET /api/admin/orders': NO_ORDERS });
    const first = renderApp('/admin/archived-orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Archived Orders' })).toBeInTheDocument();
    expect(getMfaStatus).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('gs.staffTotp.admin-1')).toBe('1');
    first.unmount();

    // The next visit: no identity client, no wait for Cognito.
    renderApp('/admin/archived-orders', { queryClient: createQueryClient() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Archived Orders' })).toBeInTheDocument();
    expect(getMfaStatus).toHaveBeenCalledTimes(1);
  });

  it('a remembered yes the API contradicts (mfa_required) is read again and forgotten: the enrollment replaces the page', async () => {
    localStorage.setItem('gs.staffTotp.admin-1', '1');
    fakeAuth.totpEnabled = false;
    stubAdminApi({ 'GET /api/me': [200, ME], 'GET /api/admin/orders': MFA_REQUIRED });
    renderApp('/admin/archived-orders', { queryClient: createQueryClient() });
    expect(await enrollmentHeading()).toBeInTheDocument();
    expect(getMfaStatus).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('gs.staffTotp.admin-1')).toBeNull();
  });

  it('a customer page never asks for the two-step status', async () => {
    resetFakeAuth(customer);
    stubAdminApi({ 'GET /api/me': [200, testProfile], 'GET /api/orders': NO_ORDERS });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(getMfaStatus).not.toHaveBeenCalled();
  });

  it('an mfa_required answer from the API re-reads the status, and the enrollment replaces the page', async () => {
    // Cognito said "on" when the page opened; the API (and now Cognito) say otherwise, e.g. after a reset.
    getMfaStatus.mockResolvedValueOnce({ totpEnabled: true });
    fakeAuth.totpEnabled = false;
    stubAdminApi({ 'GET /api/me': [200, ME], 'GET /api/admin/orders': () => (fakeAuth.totpEnabled ? NO_ORDERS : MFA_REQUIRED) });
    const user = userEvent.setup();
    renderApp('/admin/archived-orders', { queryClient: createQueryClient() });

    expect(await enrollmentHeading()).toBeInTheDocument();
    expect(getMfaStatus).toHaveBeenCalledTimes(2);

    // Enrolling ends this session: the admin signs in again.
    await user.type(await screen.findByLabelText('Authentication code'), TOTP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SIGN_IN_AGAIN)).toBeInTheDocument();
  });
});
