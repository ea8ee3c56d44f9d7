/**
 * The build's static render of the public pages (web/prerender/plugin.ts): the same routes and providers as the
 * browser (main.tsx), rendered with react-router's static handler for one path. Nothing here runs in the browser.
 *
 * The public routes have no loaders, so there is no hydration data to hand over (StaticRouterProvider's inline
 * <script>, which the CSP would refuse, is turned off with `hydrate={false}`): the browser's router, with the same
 * lazy routes loaded first (createHydrationRouter), renders the same tree.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { routes } from './app/router';

export interface RenderedPage {
  /** The inner HTML of #root. */
  html: string;
  /** The static handler's status for the path (200 for a page that rendered). */
  status: number;
}

export async function render(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`pre-render ${path}: the route answered ${context.status} (a redirect?)`);
  if (context.errors) throw new Error(`pre-render ${path}: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  return { html, status: context.statusCode };
}
