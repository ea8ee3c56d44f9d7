import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customer, admin, fakeAuth, resetFakeAuth, signIn } from './fake-auth-client';
import { stubApi } from './api-stub';
import { testProfile } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

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
    signIn.mockImplementation(async () => {
      fakeAuth.user = customer;
      return customer;
    });
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email'), '  Jane.Doe@Example.COM ');
    await user.type(screen.getByLabelText('Password'), 'CustomerPass123!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(signIn).toHaveBeenCalledWith({ email: 'jane.doe@example.com', password: 'CustomerPass123!' });
  });

  it('sends an admin to /dashboard too, with Admin in the header', async () => {
    signIn.mockImplementation(async () => {
      fakeAuth.user = admin;
      return admin;
    });
    stubApi({ '/api/me': [200, { ...testProfile, id: 'admin-1', email: 'admin@example.com', role: 'admin' }] });
    const user = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'AdminPass123!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });
});
