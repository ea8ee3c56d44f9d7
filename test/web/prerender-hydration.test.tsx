/**
 * The pre-rendered public pages (web/prerender/plugin.ts, web/src/entry-server.tsx) hydrate without a mismatch:
 * the build's static render and the browser's first render (main.tsx: createHydrationRouter + hydrateRoot) produce
 * the same HTML, whatever the browser knows that the build did not (a stored session, a dark theme, the shop's name
 * from an earlier visit). React's development build reports every mismatch (text, attributes, elements) through
 * console.error or onRecoverableError: either fails these tests. The DOM nodes of the page survive hydration.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { AppRouter, createHydrationRouter } from '@/app/router';
import { render as prerender } from '@/entry-server';
import { DEFAULT_SHOP, type ShopIdentity } from '@gs/shared/shop';
import { pageDocument } from '../../web/prerender/page-document';
import { stubApi, stubFetch } from './api-stub';
import { customer, resetFakeAuth } from './fake-auth-client';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const PAGES: Array<{ path: string; heading: string }> = [
  { path: '/', heading: 'Track Your Firearm Repair With Confidence' },
  { path: '/shipping-policy', heading: 'Shipping Policy' },
  { path: '/login', heading: 'Sign In' },
  { path: '/register', heading: 'Create Account' },
  { path: '/forgot-password', heading: 'Reset Your Password' },
];

/** The SPA shell's parts the publish fills (web/index.html has more; these are what it needs). */
const SHELL = '<!doctype html><html lang="en"><head><title>Gunsmith Portal</title></head><body><div id="root"></div></body></html>';

const HILL_COUNTRY: ShopIdentity = { name: 'Hill Country Gunsmithing', phone: '(512) 555-0142', email: 'service@hillcountry.example', address: '1200 Ranch Road 12\nWimberley, TX 78676', fflNumber: '' };

let root: Root | null = null;
let errors: unknown[] = [];

beforeEach(() => {
  resetFakeAuth();
  stubApi();
  errors = [];
  const original = console.error;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
    original(...args);
  });
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  document.head.querySelectorAll('title').forEach((t) => t.remove());
  vi.restoreAllMocks();
});

/**
 * What the build writes for `renderedFor` (rendered here with nothing in the browser: no session, no stored theme or
 * shop, as in Node at build time), then `browser()` sets up what the visitor's browser knows, and the page, served at
 * `servedAt`, is hydrated as main.tsx does.
 */
async function serveAndHydrate(
  renderedFor: string,
  { servedAt = renderedFor, browser = () => undefined, shop = DEFAULT_SHOP }: { servedAt?: string; browser?: () => void; shop?: ShopIdentity } = {},
) {
  const { html, status } = await prerender(renderedFor, shop);
  expect(status).toBe(200);
  browser();
  // As the publish does (web/prerender/page-document.ts): the page's <title> goes to <head>, the shop to #root.
  const doc = new DOMParser().parseFromString(pageDocument(SHELL, { path: renderedFor, html, preload: [], css: [], shop }), 'text/html');
  document.head.innerHTML = doc.head.innerHTML;
  document.body.innerHTML = doc.body.innerHTML;
  window.history.replaceState(null, '', servedAt);
  const container = document.getElementById('root')!;
  const before = container.querySelector('h1');
  const router = await createHydrationRouter();
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <AppProvider>
          <AppRouter router={router} />
        </AppProvider>
      </StrictMode>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  return { container, before };
}

/** GET /api/shop answers when `reply` resolves; everything else is the contract's 404. */
function stubFetchShop(reply: Promise<[number, unknown]>) {
  stubFetch((call) => (call.path === '/api/shop' ? reply : undefined));
}

describe('pre-rendered pages hydrate', () => {
  it.each(PAGES)('$path: same HTML as the first client render, no hydration error, the page\'s nodes kept', async ({ path, heading }) => {
    const { container, before } = await serveAndHydrate(path);
    expect(before).toHaveTextContent(heading);
    // Hydrated in place: the very node the server sent, not a client re-render.
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBe(before);
    expect(errors).toEqual([]);
    // After hydration the signed-out header offers Sign In (empty in the HTML: the build knows no session).
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(container.querySelector('[data-testid="session-slot"]')).not.toBeNull();
  });

  it('a signed-in visitor with a dark theme and a known shop: hydrates, then the header and toggle follow the browser', async () => {
    stubApi({ '/api/shop': [200, HILL_COUNTRY] });
    const { container } = await serveAndHydrate('/', {
      browser: () => {
        resetFakeAuth(customer);
        localStorage.setItem('theme', 'dark');
        localStorage.setItem('gs.shop', JSON.stringify(HILL_COUNTRY));
        document.documentElement.classList.add('dark'); // theme-init.js, before the page paints
      },
    });
    const slot = container.querySelector('[data-testid="session-slot"]')!;
    expect(errors).toEqual([]);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    // The slot is the one the server sent: Sign Out took the place reserved for it.
    expect(within(nav).getByRole('button', { name: 'Sign Out' }).parentElement).toBe(slot);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    // A page still carrying the build's defaults (not yet published): the server's answer brings the shop's own.
    await waitFor(() => expect(screen.getAllByText('Hill Country Gunsmithing').length).toBeGreaterThan(0));
    expect(document.documentElement).toHaveClass('dark');
    expect(errors).toEqual([]);
  });

  it.each(PAGES)("$path published with the shop's identity: the HTML shows it, hydration keeps it, no default name ever shows", async ({ path }) => {
    // What the browser knows is older (another name stored on an earlier visit), and the API is slow to answer.
    let answer: (reply: [number, unknown]) => void = () => undefined;
    stubFetchShop(new Promise((resolve) => (answer = resolve)));
    const seen = new Set<string>();
    const observer = new MutationObserver(() => seen.add(document.body.textContent ?? ''));
    const { container, before } = await serveAndHydrate(path, {
      shop: HILL_COUNTRY,
      browser: () => localStorage.setItem('gs.shop', JSON.stringify({ ...DEFAULT_SHOP, name: 'Old Name Gunsmiths' })),
    });
    expect(container.getAttribute('data-shop')).toBe(JSON.stringify(HILL_COUNTRY));
    expect(document.title).toMatch(/Hill Country Gunsmithing$/);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    // In the HTML as served, and after hydration, the header names the shop.
    expect(screen.getByRole('banner')).toHaveTextContent('Hill Country Gunsmithing');
    expect(screen.getByRole('heading', { level: 1 })).toBe(before);
    await act(async () => answer([200, HILL_COUNTRY]));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    observer.disconnect();
    expect(errors).toEqual([]);
    expect(screen.getByRole('banner')).toHaveTextContent('Hill Country Gunsmithing');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Hill Country Gunsmithing. All rights reserved.');
    for (const text of seen) {
      expect(text).not.toContain('Old Name Gunsmiths');
      expect(text).not.toContain(DEFAULT_SHOP.name);
    }
  });

  it('a pre-rendered page hydrated at another path is reported (what main.tsx avoids by checking data-prerendered)', async () => {
    await serveAndHydrate('/login', { servedAt: '/shipping-policy' });
    await waitFor(() => expect(errors.length).toBeGreaterThan(0));
  });
});
