import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeAuth } from './fake-auth-client';
import { media } from './media';
import { stubApi } from './api-stub';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const html = document.documentElement;

async function toggle() {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav).getByRole('button', { name: /switch to (dark|light) theme/i });
}

describe('theme', () => {
  beforeEach(() => {
    resetFakeAuth();
    stubApi();
  });

  it('starts as "system" and follows the OS preference', async () => {
    media.prefersDark = true;
    renderApp('/');
    expect(await toggle()).toHaveAccessibleName('Switch to light theme');
    expect(html).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('uses light when the OS does not prefer dark', async () => {
    renderApp('/');
    expect(await toggle()).toHaveAccessibleName('Switch to dark theme');
    expect(html).not.toHaveClass('dark');
  });

  it('toggles between dark and light and keeps the choice in localStorage', async () => {
    const user = userEvent.setup();
    renderApp('/');

    await user.click(await toggle());
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(html).toHaveClass('dark');

    await user.click(await toggle());
    expect(localStorage.getItem('theme')).toBe('light');
    expect(html).not.toHaveClass('dark');
  });

  it('restores the stored choice on the next visit, whatever the OS prefers', async () => {
    localStorage.setItem('theme', 'dark');
    const first = renderApp('/');
    await toggle();
    expect(html).toHaveClass('dark');
    first.unmount();

    localStorage.setItem('theme', 'light');
    media.prefersDark = true;
    renderApp('/');
    await toggle();
    expect(html).not.toHaveClass('dark');
  });
});
