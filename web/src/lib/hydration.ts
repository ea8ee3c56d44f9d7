import { useSyncExternalStore } from 'react';

/**
 * Pre-rendered pages (web/prerender/, docs/architecture.md "Pre-rendered public pages") are built once, without a
 * browser: no localStorage, no session, no system theme. While React hydrates such a page its first render must
 * produce exactly that HTML, and only then may it show what the browser knows.
 *
 * `useHydrated()` is false on the server and during hydration, true in every other render (React re-renders the
 * hydrated components right after hydration, with the client value). A page started with createRoot (the plain
 * SPA shell) is never hydrating, so it is true from the first render.
 */
const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
