import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, createHydrationRouter } from './app/router';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const app = (router?: Awaited<ReturnType<typeof createHydrationRouter>>) => (
  <StrictMode>
    <AppProvider>
      <AppRouter router={router} />
    </AppProvider>
  </StrictMode>
);

// A pre-rendered public page (web/prerender/: `/`, /shipping-policy, /login, …) carries its HTML and the path it was
// rendered for: React hydrates it. Every other route gets the empty SPA shell (index.html) and renders from scratch,
// and so does a pre-rendered page served at another path (it would not match what the router renders there).
const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

function renderFromScratch(target: HTMLElement) {
  target.textContent = '';
  const root = createRoot(target);
  // A transition: React renders the first screen in slices, yielding to the browser between them, instead of in one
  // long task (Lighthouse's total blocking time).
  startTransition(() => root.render(app()));
}

const prerendered = container.dataset.prerendered;
if (prerendered !== undefined && prerendered === trimSlash(window.location.pathname)) {
  createHydrationRouter().then(
    (router) => hydrateRoot(container, app(router)),
    // The route's chunk did not load (a network error): render as any other page, whose router shows the error screen.
    () => renderFromScratch(container),
  );
} else {
  renderFromScratch(container);
}
