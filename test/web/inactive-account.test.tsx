import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { customer, resetFakeAuth } from './fake-auth-client';
import { stubFetch, type Reply } from './api-stub';
import { makeNotification, testProfile } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const INACTIVE = 'Account Inactive - Please contact the shop for assistance.';
const inactive: Reply = [403, { error: { code: 'forbidden', message: INACTIVE } }];

describe('a deactivated account', () => {
  beforeEach(() => resetFakeAuth(customer));

  it.each(['/payments', '/payment-history', '/notifications', '/orders', '/profile', '/dashboard'])('%s shows the inactive text, never a load error', async (url) => {
    stubFetch((call) => (call.path.startsWith('/api/') && call.path !== '/api/shop' ? inactive : undefined));
    renderApp(url);
    expect(await screen.findByText(INACTIVE)).toBeInTheDocument();
    expect(screen.queryByText(/Failed to load|Error Loading|Try Again/i)).not.toBeInTheDocument();
  });

  it('deactivated while on a page: the next refused request brings the inactive text', async () => {
    let archived = false;
    const unread = makeNotification({ id: 'n-1', read: false });
    stubFetch((call) => {
      if (archived && call.path.startsWith('/api/') && call.path !== '/api/shop') return inactive;
      if (call.path === '/api/me') return [200, testProfile];
      if (call.path === '/api/notifications') return [200, { items: [unread], unreadCount: 1, cursor: null }];
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/notifications');
    const mark = await screen.findByRole('button', { name: 'Mark as read' });
    archived = true;
    await user.click(mark);
    expect(await screen.findByText(INACTIVE)).toBeInTheDocument();
  });
});
