import { useSyncExternalStore } from 'react';
import { DEFAULT_SHOP, type ShopIdentity } from '@gs/shared/shop';
import { SHOP_ATTRIBUTE } from '../../prerender/page-document';
import { api } from './api-client';

/**
 * The shop's identity for every page, public ones included: read once per visit from GET /api/shop and kept in
 * localStorage; a pre-rendered page first shows the identity it carries (`data-shop`), until GET /api/shop answers
 * something newer (docs/architecture.md, "Pre-rendered public pages"). Not react-query: the public pages load
 * without it (the landing page's JS budget).
 */

const STORAGE_KEY = 'gs.shop';

const isShop = (value: unknown): value is ShopIdentity =>
  !!value &&
  typeof value === 'object' &&
  (['name', 'phone', 'email', 'address'] as const).every((k) => typeof (value as Record<string, unknown>)[k] === 'string') &&
  (value as ShopIdentity).name.trim() !== '';

function stored(): ShopIdentity {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    return isShop(value) ? value : DEFAULT_SHOP;
  } catch {
    return DEFAULT_SHOP;
  }
}

let embedded: ShopIdentity | null | undefined;

/** The identity the served page was rendered with (#root's data-shop), or null on the plain SPA shell. */
function embeddedShop(): ShopIdentity | null {
  if (embedded !== undefined) return embedded;
  try {
    const value: unknown = JSON.parse(document.getElementById('root')?.getAttribute(SHOP_ATTRIBUTE) ?? 'null');
    embedded = isShop(value) ? value : null;
  } catch {
    embedded = null;
  }
  return embedded;
}

/** Set only while the server render (web/src/entry-server.tsx) renders a page: the identity it renders with. */
let rendering: ShopIdentity | null = null;

/** Runs a server render (synchronous, renderToString) with `shop` as every component's shop. */
export function renderWithShop<T>(shop: ShopIdentity, render: () => T): T {
  const before = rendering;
  rendering = shop;
  try {
    return render();
  } finally {
    rendering = before;
  }
}

let current: ShopIdentity | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Replaces the shop everywhere on the page (and for the next visit). */
export function setShop(next: ShopIdentity) {
  current = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the page still shows it.
  }
  for (const listener of listeners) listener();
}

/** Asks the server once per page load; a failure keeps what is shown (the last known shop, else the defaults). */
export function loadShop(): Promise<void> {
  loading ??= api
    .get<unknown>('/shop', { auth: false })
    .then((shop) => {
      if (isShop(shop)) setShop(shop);
    })
    .catch(() => undefined);
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  void loadShop();
  return () => listeners.delete(listener);
}

const snapshot = () => (current ??= embeddedShop() ?? stored());
/** What the page was rendered with: the server render's shop, or in the browser the identity the page carries. */
const serverSnapshot = () => rendering ?? embeddedShop() ?? DEFAULT_SHOP;

/** The shop as last known; re-renders when the server's answer (or a save in Settings) changes it. */
export function useShop(): ShopIdentity {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/** Tests only: forget the loaded shop, as a new page load would. */
export function resetShopForTests() {
  current = null;
  loading = null;
  embedded = undefined;
}
