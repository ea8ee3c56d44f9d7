import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { Invoice, Order, Payment } from '@gs/shared/api-types';
import { ToastProvider } from '../../web/src/components/ui/toast';
import { testConfig } from './render-app';

export type Reply = [number, unknown] | Promise<[number, unknown]>;
export type RouteHandler = Reply | ((req: { url: URL; body: unknown }) => Reply);

function json([status, body]: [number, unknown]): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs fetch by "METHOD /path" (query string ignored); unknown routes are 404. */
export function stubAdminApi(routes: Record<string, RouteHandler>) {
  const calls: { method: string; path: string; url: URL; body: unknown }[] = [];
  const handler = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    if (url.pathname === '/config.json') return json([200, testConfig]);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, url, body });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return json([404, { error: { code: 'not_found', message: 'Not found' } }]);
    const reply = typeof route === 'function' ? route({ url, body }) : route;
    return json(await reply);
  });
  vi.stubGlobal('fetch', handler);
  return { fetch: handler, calls };
}

/** Renders a feature component with a fresh query client and the toast region. */
export function renderWithClient(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{ui}</ToastProvider>
      </QueryClientProvider>,
    ),
  };
}

export const invoice: Invoice = {
  invoiceId: 'inv-1',
  invoiceNumber: 'INV-000001',
  adjustmentsCents: 0,
  creditCents: 0,
  serviceCents: 12000,
  partsCents: 0,
  laborCents: 0,
  taxCents: 0,
  taxRatePpm: 77_500,
  shippingCents: 2500,
  totalCents: 14500,
  amountPaidCents: 0,
  balanceDueCents: 14500,
  paymentStatus: 'unpaid',
  pendingApprovalCents: 0,
  lastUpdated: '2026-01-05T10:00:00.000Z',
};

export const baseOrder: Order = {
  id: '0f1e2d3c-4b5a-4978-8877-665544332211',
  orderNumber: 'GS-000042',
  customerId: 'user-1',
  customerName: 'Jane Doe',
  customerEmail: 'jane.doe@example.com',
  customerPhone: '+15555550123',
  firearmMake: 'Glock',
  firearmModel: '19',
  serialNumber: 'ABC123',
  firearmCaliber: '9mm',
  serviceType: 'Repair',
  description: 'Trigger reset issue',
  estimatedCostCents: 12000,
  additionalCostCents: 0,
  additionalCostReason: null,
  additionalCostApprovalStatus: 'not_required' as const,
  additionalCostApprovalDate: null,
  additionalCostApprovalNote: null,
  additionalCostRejectionReason: null,
  additionalCostApproved: false,
  lines: [],
  approvalRequests: [],
  currentStatus: 'in_progress',
  inboundTrackingNumber: null,
  outboundTrackingNumber: null,
  shippingSelected: true,
  isArchived: false,
  archivedAt: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  version: 3,
  invoice,
};

/** One entry of an order's ledger (a $20.00 cash payment unless told otherwise). */
export function ledgerEntry(over: Partial<Payment> = {}): Payment {
  return {
    paymentId: 'pay-1',
    orderId: baseOrder.id,
    orderNumber: baseOrder.orderNumber,
    amountCents: 2000,
    paymentDate: '2026-01-06T10:00:00.000Z',
    paymentMethod: 'Cash',
    paymentStatus: 'successful',
    paymentIntentId: '',
    receiptUrl: null,
    notes: null,
    kind: 'payment',
    refundedCents: 0,
    refundOf: null,
    reason: null,
    flag: null,
    ...over,
  };
}
