import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customer, resetFakeAuth } from './fake-auth-client';
import { stubApi } from './api-stub';
import { testProfile } from './fixtures';
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
    expect(card).toHaveTextContent('+15555550123');
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
