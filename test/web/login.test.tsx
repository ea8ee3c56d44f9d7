import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customer, admin, confirmSignInStep, fakeAuth, resetFakeAuth, signIn } from './fake-auth-client';
import { stubApi } from './api-stub';
import { testProfile } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

/** The next sign-in succeeds as `who`. */
function signsInAs(who: typeof customer) {
  signIn.mockImplementation(async () => {
    fakeAuth.user = who;
    return { status: 'signedIn', user: who };
  });
}

const adminProfile = { ...testProfile, id: 'admin-1', email: 'admin@example.com', role: 'admin' as const };

async function openLogin() {
  renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Sign In' });
  return userEvent.setup();
}

describe('sign-in page', () => {
  beforeEach(() => {
    resetFakeAuth();
    stubApi({ '/api/me': [200, testProfile] });
  });

  it('shows the access-required and security notices above the form', async () => {
    await openLogin();
    const access = screen.getByRole('heading', { name: 'Access Requires Shop-Issued Credentials' });
    const security = screen.getByRole('heading', { name: 'Security Notice' });
    const email = screen.getByLabelText('Email');
    expect(access.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(security.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('requires an email and a password', async () => {
    const user = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('rejects an invalid email address', async () => {
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('shows the fallback message when the credentials are wrong', async () => {
    signIn.mockRejectedValue(Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }));
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'jane.doe@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password. Please try again.');
    expect(signIn).toHaveBeenCalledWith({ email: 'jane.doe@example.com', password: 'wrong-password' });
  });

  it('shows the fallback message when the error has no message', async () => {
    signIn.mockRejectedValue({});
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'jane.doe@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password. Please try again.');
  });

  it.each([
    ['an unknown email', 'UserNotFoundException', 'User does not exist.', 'Invalid email or password. Please try again.'],
    ["the emulator's wrong password", 'InvalidPasswordException', 'Invalid password', 'Invalid email or password. Please try again.'],
    ['anything unexpected', 'InternalErrorException', 'Something broke', 'Invalid email or password. Please try again.'],
    ['a disabled (archived) account', 'NotAuthorizedException', 'User is disabled.', 'Account Inactive - Please contact the shop for assistance.'],
    ['too many wrong passwords', 'NotAuthorizedException', 'Password attempts exceeded', 'Too many sign-in attempts. Please wait a few minutes and try again.'],
    ['throttling', 'TooManyRequestsException', 'Rate exceeded', 'Too many sign-in attempts. Please wait a few minutes and try again.'],
    ['a lost connection', 'NetworkError', 'Network error', 'Could not reach the server. Check your connection and try again.'],
  ])('never tells whether an account exists: %s reads "%s" → the right message', async (_what, name, message, shown) => {
    signIn.mockRejectedValue(Object.assign(new Error(message), { name }));
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'jane.doe@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });

  it('goes to /dashboard after signing in', async () => {
    signsInAs(customer);
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email'), '  Jane.Doe@Example.COM ');
    await user.type(screen.getByLabelText('Password'), 'CustomerPass123!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(signIn).toHaveBeenCalledWith({ email: 'jane.doe@example.com', password: 'CustomerPass123!' });
  });

  it('sends an admin to /dashboard too, with Admin in the header', async () => {
    signsInAs(admin);
    stubApi({ '/api/me': [200, adminProfile] });
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'AdminPass123!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('a customer the shop created chooses their own password, then lands on the dashboard', async () => {
    signIn.mockResolvedValue({ status: 'newPasswordRequired' });
    confirmSignInStep.mockImplementation(async () => {
      fakeAuth.user = customer;
      return { status: 'signedIn', user: customer };
    });
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'jane.doe@example.com');
    await user.type(screen.getByLabelText('Password'), 'Temp1234!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Choose Your Password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription('Password must be at least 8 characters long');
    expect(confirmSignInStep).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'MyOwnPass1!');
    await user.type(screen.getByLabelText('Confirm New Password'), 'MyOwnPass1!');
    await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(confirmSignInStep).toHaveBeenCalledWith({ response: 'MyOwnPass1!' });
  });

  it('staff add the account to an authenticator app at first sign-in, then give a code at every sign-in', async () => {
    signIn.mockResolvedValue({ status: 'totpSetup', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Gunsmith%20Portal:admin%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Gunsmith%20Portal' });
    confirmSignInStep.mockRejectedValueOnce(Object.assign(new Error('Code mismatch'), { name: 'CodeMismatchException' }));
    confirmSignInStep.mockImplementationOnce(async () => {
      fakeAuth.user = admin;
      return { status: 'signedIn', user: admin };
    });
    stubApi({ '/api/me': [200, adminProfile] });
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'AdminPass123!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Set Up Two-Step Sign-In' })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(screen.getByRole('link', { name: 'Open in an authenticator app' })).toHaveAttribute('href', expect.stringMatching(/^otpauth:\/\/totp\//));
    await user.type(screen.getByLabelText('Authentication code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByLabelText('Authentication code')).toHaveAccessibleDescription('Please enter the 6-digit code');
    await user.type(screen.getByLabelText('Authentication code'), '6');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right. Enter the code your app shows now.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(confirmSignInStep).toHaveBeenLastCalledWith({ response: '654321' });
  });

  it('an expired step goes back to the password with a message', async () => {
    signIn.mockResolvedValue({ status: 'totpRequired' });
    confirmSignInStep.mockRejectedValue(Object.assign(new Error('Invalid session for the user, session is expired.'), { name: 'NotAuthorizedException' }));
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'AdminPass123!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your sign-in took too long. Please sign in again.');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
