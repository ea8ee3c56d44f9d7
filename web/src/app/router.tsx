import { useState, type ComponentType } from 'react';
import { Navigate, RouterProvider, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { AdminRoute, GuestOnlyRoute, ProtectedRoute } from '../features/auth/components/route-guards';
import { RootLayout } from './layout/root-layout';
import { RouteErrorScreen } from './routes/route-error';

type RouteModule = { default: ComponentType };

const toRoute = ({ default: Component }: RouteModule) => ({ Component });

const placeholder = (title: string) => () =>
  import('./routes/placeholder').then(({ placeholderPage }) => ({ Component: placeholderPage(title) }));

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    HydrateFallback: PageSpinner,
    children: [
      { index: true, lazy: () => import('./routes/landing').then(toRoute) },
      { path: paths.shippingPolicy.path, lazy: () => import('./routes/shipping-policy').then(toRoute) },
      {
        element: <GuestOnlyRoute />,
        children: [
          { path: paths.auth.login.path, lazy: () => import('./routes/auth/login').then(toRoute) },
          { path: paths.auth.register.path, lazy: () => import('./routes/auth/register').then(toRoute) },
          { path: paths.auth.forgotPassword.path, lazy: () => import('./routes/auth/forgot-password').then(toRoute) },
        ],
      },
      {
        // react-query (and the QueryClientProvider) load with the signed-in routes, not on the
        // public pages (the landing page's initial JS budget, test/unit/spa-budget.test.ts).
        lazy: () => import('./query-provider').then(({ QueryLayout }) => ({ Component: QueryLayout })),
        children: [
          {
            element: <ProtectedRoute />,
            children: [
              {
                // A deactivated account sees the inactive text on every page (loaded with the signed-in routes: react-query).
                lazy: () => import('./layout/active-account').then(({ ActiveAccountOnly }) => ({ Component: ActiveAccountOnly })),
                children: [
                  { path: paths.app.dashboard.path, lazy: () => import('./routes/app/dashboard').then(toRoute) },
                  { path: paths.app.orders.path, lazy: () => import('./routes/app/orders').then(toRoute) },
                  { path: paths.app.legacyOrder.path, lazy: () => import('./routes/app/legacy-order').then(toRoute) },
                  { path: paths.app.order.path, lazy: () => import('./routes/app/order').then(toRoute) },
                  { path: paths.app.orderPayment.path, lazy: () => import('./routes/app/order-payment').then(toRoute) },
                  { path: paths.app.orderInvoice.path, lazy: () => import('./routes/app/order-invoice').then(toRoute) },
                  { path: paths.app.payments.path, lazy: () => import('./routes/app/payments').then(toRoute) },
                  { path: paths.app.batchPayment.path, lazy: () => import('./routes/app/batch-payment').then(toRoute) },
                  { path: paths.app.paymentConfirmation.path, lazy: () => import('./routes/app/payment-confirmation').then(toRoute) },
                  { path: paths.app.paymentHistory.path, lazy: () => import('./routes/app/payment-history').then(toRoute) },
                  { path: paths.app.notifications.path, lazy: () => import('./routes/app/notifications').then(toRoute) },
                  { path: paths.app.profile.path, lazy: () => import('./routes/app/profile').then(toRoute) },
                  {
                    element: <AdminRoute />,
                    children: [
                      {
                        // Staff need two-step sign-in: until an admin has set up an authenticator app, every staff
                        // page is the enrollment (the API refuses them with mfa_required).
                        lazy: () => import('./layout/staff-two-step').then(({ StaffTwoStepOnly }) => ({ Component: StaffTwoStepOnly })),
                        children: [
                          { path: paths.admin.root.path, lazy: () => import('./routes/admin/dashboard').then(toRoute) },
                          { path: paths.admin.manageOrders.path, lazy: () => import('./routes/admin/manage-orders').then(toRoute) },
                          { path: paths.admin.orderInvoice.path, lazy: () => import('./routes/admin/order-invoice').then(toRoute) },
                          { path: paths.admin.claimTag.path, lazy: () => import('./routes/admin/claim-tag').then(toRoute) },
                          // Pages of the counter (owner and front desk) and of the owner alone: other roles go to the staff home.
                          {
                            lazy: () => import('@/lib/staff-role').then(({ CounterPages }) => ({ Component: CounterPages })),
                            children: [
                              { path: paths.admin.customers.path, lazy: () => import('./routes/admin/customers').then(toRoute) },
                              { path: paths.admin.inbox.path, lazy: () => import('./routes/admin/inbox').then(toRoute) },
                              { path: paths.admin.overdue.path, lazy: () => import('./routes/admin/overdue').then(toRoute) },
                              { path: paths.admin.bench.path, lazy: () => import('./routes/admin/bench').then(toRoute) },
                              { path: paths.admin.turnaround.path, lazy: () => import('./routes/admin/turnaround').then(toRoute) },
                              { path: paths.admin.payments.path, lazy: () => import('./routes/admin/payments').then(toRoute) },
                              { path: paths.admin.receivables.path, lazy: () => import('./routes/admin/receivables').then(toRoute) },
                              { path: paths.admin.book.path, lazy: () => import('./routes/admin/book').then(toRoute) },
                              { path: paths.admin.bookPrint.path, lazy: () => import('./routes/admin/book-print').then(toRoute) },
                              { path: paths.admin.bookMissing.path, lazy: () => import('./routes/admin/book-missing').then(toRoute) },
                              { path: paths.admin.bookAwaitingIntake.path, lazy: () => import('./routes/admin/book-awaiting-intake').then(toRoute) },
                              { path: paths.admin.archivedOrders.path, lazy: () => import('./routes/admin/archived-orders').then(toRoute) },
                              { path: paths.admin.deletedOrders.path, lazy: () => import('./routes/admin/deleted-orders').then(toRoute) },
                            ],
                          },
                          {
                            lazy: () => import('@/lib/staff-role').then(({ OwnerPages }) => ({ Component: OwnerPages })),
                            children: [
                              { path: paths.admin.settings.path, lazy: () => import('./routes/admin/settings').then(toRoute) },
                              { path: paths.admin.invoiceRefresh.path, lazy: () => import('./routes/admin/invoice-refresh').then(toRoute) },
                            ],
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      // Unknown paths (including /admin/anything-else) go home.
      { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
    ],
  },
];

type BrowserRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The router for hydrating a pre-rendered page (main.tsx): the lazy routes matching the page are loaded first, as the
 * build's static render loaded them (web/src/entry-server.tsx), so the first render is the page itself, not the
 * HydrateFallback spinner. Their chunks are already on their way: the pre-rendered HTML preloads them.
 */
export async function createHydrationRouter(): Promise<BrowserRouter> {
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((m) => typeof m.route.lazy === 'function');
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
  return createBrowserRouter(routes);
}

export function AppRouter({ router: given }: { router?: BrowserRouter }) {
  const [router] = useState(() => given ?? createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
