import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customer, fakeAuth, resetFakeAuth, signUp, confirmSignUpAndSignIn } from './fake-auth-client';
import { stubApi } from './api-stub';
import { testProfile } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

async function openRegister() {
  renderApp('/register');
  await screen.findByRole('heading', { level: 1, name: 'Create Account' });
  return userEvent.setup();
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
}

const VALID = {
  'First Name': '  Jane ',
  'Last Name': ' Doe',
  Email: 'jane.doe@example.com',
  'Phone (optional)': '(555) 555-0123',
  Password: 'CustomerPass123!',
  'Confirm Password': 'CustomerPass123!',
};

describe('registration page', () => {
  beforeEach(() => {
    resetFakeAuth();
    stubApi({ '/api/me': [200, testProfile] });
  });

  it('links back to sign in', async () => {
    await openRegister();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows every required-field message', async () => {
    const user = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid phone number')).not.toBeInTheDocument();
    expect(signUp).not.toHaveBeenCalled();
  });

  it('checks the email, password length, confirmation and phone', async () => {
    const user = await openRegister();
    await fill(user, {
      ...VALID,
      Email: 'jane@',
      'Phone (optional)': '555-0123',
      Password: 'short',
      'Confirm Password': 'different',
    });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(signUp).not.toHaveBeenCalled();
  });

  it('signs up with trimmed names and an E.164 phone, then opens the dashboard', async () => {
    signUp.mockImplementation(async () => {
      fakeAuth.user = customer;
      return { status: 'signedIn', user: customer };
    });
    const user = await openRegister();
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(signUp).toHaveBeenCalledWith({
      email: 'jane.doe@example.com',
      password: 'CustomerPass123!',
      firstName: 'Jane',
      lastName: 'Doe',
      phone: '+15555550123',
    });
  });

  it('asks for the emailed code when the pool requires confirmation', async () => {
    signUp.mockResolvedValue({ status: 'confirmationRequired', destination: 'j***@e***' });
    confirmSignUpAndSignIn.mockImplementation(async () => {
      fakeAuth.user = customer;
      return customer;
    });
    const user = await openRegister();
    await fill(user, { ...VALID, 'Phone (optional)': '' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Check your email')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and Sign In' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(confirmSignUpAndSignIn).toHaveBeenCalledWith({
      email: 'jane.doe@example.com',
      password: 'CustomerPass123!',
      code: '123456',
    });
    expect(signUp.mock.calls[0][0].phone).toBeUndefined();
  });

  it('shows the fallback when sign-up fails without a message', async () => {
    signUp.mockRejectedValue({});
    const user = await openRegister();
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed. Please try again.');
  });
});
