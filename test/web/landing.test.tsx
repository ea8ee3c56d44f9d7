import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from './api-stub';
import { renderApp } from './render';
import { resetFakeAuth } from './fake-auth-client';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

describe('landing page', () => {
  beforeEach(() => {
    resetFakeAuth();
    stubApi();
  });

  it('shows the headline, feature cards, How It Works and the call to action', async () => {
    renderApp('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Track Your Firearm Repair With Confidence' }),
    ).toBeInTheDocument();

    for (const title of ['Expert Gunsmithing', 'Real-Time Tracking', 'Secure & Transparent Pricing']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }

    const how = screen.getByRole('heading', { level: 2, name: 'How It Works' }).closest('section')!;
    const steps = within(how).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    expect(steps[0]).toHaveTextContent(/call the shop.*quote and shipping instructions/i);
    expect(steps[1]).toHaveTextContent(/ship your firearm/i);
    expect(steps[2]).toHaveTextContent(/login credentials/i);
    expect(steps[3]).toHaveTextContent(/track the progress.*ship your firearm back with tracking information/i);

    const cta = screen.getByRole('link', { name: 'Track Your Order Now' });
    expect(cta).toHaveAttribute('href', '/login');
  });

  it("names the shop from its settings (GET /api/shop): header, access line, footer and title, without a sign-in", async () => {
    const fetchMock = stubApi({ '/api/shop': [200, { name: 'Hill Country Gunsmithing', phone: '(512) 555-0142', email: 'service@hc.example', address: '1200 Ranch Road 12\nWimberley, TX 78676' }] });
    renderApp('/');
    const access = (await screen.findByRole('heading', { name: 'Access Requires Shop-Issued Credentials' })).closest('aside')!;
    expect(await within(access).findByRole('link', { name: '(512) 555-0142' })).toHaveAttribute('href', 'tel:+15125550142');
    expect(within(screen.getByRole('banner')).getByText('Hill Country Gunsmithing')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('Wimberley, TX 78676');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Hill Country Gunsmithing. All rights reserved.`);
    expect(document.title).toContain('Hill Country Gunsmithing');
    const shopCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/shop')!;
    expect(shopCall[1]?.headers).not.toHaveProperty('Authorization');
  });

  it('shows a returning visitor the shop last seen before the server answers', async () => {
    localStorage.setItem('gs.shop', JSON.stringify({ name: 'Cached Gunworks', phone: '(512) 555-0100', email: '', address: '' }));
    stubApi({ '/api/shop': [500, { error: { code: 'internal', message: 'down' } }] });
    renderApp('/');
    expect(within(await screen.findByRole('banner')).getByText('Cached Gunworks')).toBeInTheDocument();
    const access = screen.getByRole('heading', { name: 'Access Requires Shop-Issued Credentials' }).closest('aside')!;
    expect(within(access).getByRole('link', { name: '(512) 555-0100' })).toBeInTheDocument();
  });

  it('shows the access notice with the phone line and the security notice', async () => {
    renderApp('/');
    const access = (await screen.findByRole('heading', { name: 'Access Requires Shop-Issued Credentials' })).closest('aside')!;
    expect(access).toHaveTextContent(/credentials issued by our shop/i);
    expect(within(access).getByRole('link', { name: '(555) 010-0199' })).toHaveAttribute('href', 'tel:+15550100199');

    const security = screen.getByRole('heading', { name: 'Security Notice' }).closest('aside')!;
    expect(security).toHaveTextContent(/private property/i);
    expect(security).toHaveTextContent(/access attempts are monitored/i);
    expect(security).toHaveTextContent(/unauthorized access .*will be prosecuted/i);
  });

  it('has a footer with the tagline, the current year, a dead Contact Us link and the shipping policy', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent('Expert gunsmithing, tracked from the day it ships to the day it comes home.');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Gunsmith Portal`);

    const contact = within(footer).getByRole('link', { name: 'Contact Us' });
    await user.click(contact);
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.hash).toBe('');

    await user.click(within(footer).getByRole('link', { name: 'Shipping Policy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipping Policy' })).toBeInTheDocument();
    for (const section of [
      'Shipping Your Firearm to Us',
      'Return Delivery',
      'Insurance and Tracking',
      'Legal Compliance',
      'Hold-Harmless Waiver',
      'Release Only After Full Payment',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }
  });

  it('shows only Sign In and the theme toggle in the header when signed out', async () => {
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('button', { name: /switch to (dark|light) theme/i })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });
});
