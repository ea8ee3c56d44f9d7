import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmPasswordReset, customer, fakeAuth, requestPasswordReset, resetFakeAuth, signIn } from './fake-auth-client';
import { stubApi, stubApiRoutes, type ApiCall } from './api-stub';
import { testProfile } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const cognitoError = (name: string, message = name) => Object.assign(new Error(message), { name });

describe('forgot password', () => {
  beforeEach(() => {
    resetFakeAuth();
    stubApi();
  });

  it('from /login: the email, then the code and a new password, then back to sign in with a notice', async () => {
    const user = userEvent.setup();
    requestPasswordReset.mockResolvedValue({ destination: 'j***@e***' });
    confirmPasswordReset.mockResolvedValue();
    renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), '  Jane.Doe@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Email Me a Code' }));
    expect(requestPasswordReset).toHaveBeenCalledWith({ email: 'jane.doe@example.com' });
    expect(await screen.findByText(/If jane.doe@example.com has an account, a code is on its way there/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Code from the email'), ' 123456 ');
    await user.type(screen.getByLabelText('New Password'), 'NewPass123!');
    await user.type(screen.getByLabelText('Confirm New Password'), 'NewPass123!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(confirmPasswordReset).toHaveBeenCalledWith({ email: 'jane.doe@example.com', code: ' 123456 ', newPassword: 'NewPass123!' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your password has been reset. Sign in with your new password.');
  });

  it('reads the same for an email with no account', async () => {
    const user = userEvent.setup();
    requestPasswordReset.mockRejectedValue(cognitoError('UserNotFoundException', 'Username/client id combination not found.'));
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Email Me a Code' }));
    expect(await screen.findByText(/If nobody@example.com has an account, a code is on its way there/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("checks the fields first, then says what Cognito refused: a wrong or expired code, a weak password, too many tries", async () => {
    const user = userEvent.setup();
    requestPasswordReset.mockResolvedValue({ destination: null });
    renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Email Me a Code' }));
    // The form validates asynchronously (react-hook-form): wait for the message, however busy the machine.
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required'));
    await user.type(screen.getByLabelText('Email'), 'jane.doe@example.com');
    await user.click(screen.getByRole('button', { name: 'Email Me a Code' }));

    await user.type(await screen.findByLabelText('New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.getByLabelText('Code from the email')).toHaveAccessibleDescription('Please enter the code from the email'));
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription('Password must be at least 8 characters long');
    expect(screen.getByLabelText('Confirm New Password')).toHaveAccessibleDescription('Passwords do not match');
    expect(confirmPasswordReset).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Code from the email'), '000000');
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'NewPass123!');
    await user.type(screen.getByLabelText('Confirm New Password'), 'NewPass123!');
    for (const [error, field, text] of [
      [cognitoError('CodeMismatchException'), 'Code from the email', 'That code is not right. Check the email and try again.'],
      [cognitoError('ExpiredCodeException'), 'Code from the email', 'That code has expired. Send a new code and try again.'],
      [cognitoError('InvalidPasswordException', 'Password does not conform to policy: Password must have symbol characters'), 'New Password', 'Password does not conform to policy: Password must have symbol characters'],
    ] as const) {
      confirmPasswordReset.mockRejectedValueOnce(error);
      await user.click(screen.getByRole('button', { name: 'Reset Password' }));
      expect(await screen.findByLabelText(field)).toHaveAccessibleDescription(text);
    }
    confirmPasswordReset.mockRejectedValueOnce(cognitoError('NotAuthorizedException', 'User password cannot be reset in the current state.'));
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reset your password. Please try again.');
    confirmPasswordReset.mockRejectedValueOnce(cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'));
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a few minutes and try again.');

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(requestPasswordReset).toHaveBeenCalledTimes(2);
  });
});

/** Opens the profile and changes the password from CustomerPass123! to Another123!: the form. */
async function changeOnProfile(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/profile');
  const form = await screen.findByRole('form', { name: 'Change Password' });
  await user.type(within(form).getByLabelText('Current Password'), 'CustomerPass123!');
  await user.type(within(form).getByLabelText('New Password'), 'Another123!');
  await user.type(within(form).getByLabelText('Confirm New Password'), 'Another123!');
  await user.click(within(form).getByRole('button', { name: 'Change Password' }));
  return form;
}

describe('change password on the profile', () => {
  let calls: ApiCall[] = [];
  const answerPassword = (reply: [number, unknown]) => {
    calls = stubApiRoutes((call) => (call.method === 'POST' && call.path === '/api/me/password' ? reply : undefined)).calls;
  };
  beforeEach(() => {
    resetFakeAuth(customer);
    signIn.mockImplementation(async () => ({ status: 'signedIn', user: customer }));
  });

  it('changes it through the API with the current one, signs in again with the new one, and clears the fields', async () => {
    const user = userEvent.setup();
    answerPassword([204, null]);
    const form = await changeOnProfile(user);
    expect(await within(form).findByRole('status')).toHaveTextContent('Your password has been changed. You are still signed in here; every other session has ended.');
    expect(calls.filter((c) => c.path === '/api/me/password').map((c) => c.body)).toEqual([{ currentPassword: 'CustomerPass123!', newPassword: 'Another123!' }]);
    expect(signIn).toHaveBeenCalledWith({ email: customer.email, password: 'Another123!' });
    expect(within(form).getByLabelText('Current Password')).toHaveValue('');
  });

  it('sends the person to sign in, saying why, when signing in again with the new password does not go through', async () => {
    const user = userEvent.setup();
    answerPassword([204, null]);
    signIn.mockImplementation(async () => ({ status: 'totpRequired' }));
    const form = await changeOnProfile(user);
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(await screen.findByText('Your password was changed, so every session signed in with the old one has ended. Please sign in again with your new password.')).toBeInTheDocument();
    expect(fakeAuth.user).toBeNull();
  });

  it('says when the current password is wrong, and refuses the same password or a mismatch before asking', async () => {
    const user = userEvent.setup();
    answerPassword([400, { error: { code: 'validation_failed', message: 'Your current password is not correct.', fields: { currentPassword: 'Your current password is not correct.' } } }]);
    renderApp('/profile');
    const form = await screen.findByRole('form', { name: 'Change Password' });
    await user.type(within(form).getByLabelText('Current Password'), 'Same1234!');
    await user.type(within(form).getByLabelText('New Password'), 'Same1234!');
    await user.type(within(form).getByLabelText('Confirm New Password'), 'Other1234!');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(within(form).getByLabelText('New Password')).toHaveAccessibleDescription('Choose a password different from your current one.'));
    expect(within(form).getByLabelText('Confirm New Password')).toHaveAccessibleDescription('Passwords do not match');
    expect(calls.filter((c) => c.path === '/api/me/password')).toEqual([]);

    await user.clear(within(form).getByLabelText('New Password'));
    await user.type(within(form).getByLabelText('New Password'), 'Other1234!');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await within(form).findByText('Your current password is not correct.')).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('Could not change your password. Please try again.');
    expect(signIn).not.toHaveBeenCalled();
  });
});

describe('a session the API ended', () => {
  it('signs out and the sign-in page says why', async () => {
    resetFakeAuth(customer);
    stubApiRoutes((call) => (call.path === '/api/orders' ? [401, { error: { code: 'session_ended', message: 'Your session has ended. Please sign in again.' } }] : undefined));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(fakeAuth.user).toBeNull();
  });
});
