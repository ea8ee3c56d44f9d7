import { useSyncExternalStore } from 'react';

/**
 * Pre-rendered pages (docs/architecture.md, "Pre-rendered public pages") are built without a browser, so while React
 * hydrates one its first render must produce exactly that HTML. `useHydrated()` is false on the server and during
 * hydration, true in every other render (and from the first render of a page started with createRoot).
 */
const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
