// Orders, updates and notifications shaped as the customer API returns them, plus a fetch
// stub that answers by method and path (the api boundary of the SPA).
import { vi } from 'vitest';
import type { ApprovalRequest, ExtraLine, Order, OrderDetail, StatusUpdate } from '../../web/src/features/orders/types';
import type { Notification } from '../../web/src/features/notifications/types';
import { testConfig, testProfile } from './render-app';

export const ORDER_ID = '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f';

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    orderNumber: 'GS-000004',
    customerId: 'user-1',
    customerName: 'Jane Doe',
    customerEmail: 'jane.doe@example.com',
    customerPhone: null,
    firearmMake: 'Glock',
    firearmModel: '19 Gen 5',
    serialNumber: 'BXKL552',
    firearmCaliber: '9mm',
    serviceType: 'Repair',
    description: 'Intermittent failure to extract.',
    estimatedCostCents: 15000,
    additionalCostCents: 0,
    additionalCostReason: null,
    additionalCostApprovalStatus: 'not_required',
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
    createdAt: '2024-01-05T15:30:00.000Z',
    updatedAt: '2024-01-06T15:30:00.000Z',
    version: 1,
    invoice: {
      invoiceId: 'inv-1',
      invoiceNumber: 'INV-GS-000004',
      adjustmentsCents: 0,
      creditCents: 0,
      serviceCents: 15000,
      partsCents: 0,
      laborCents: 0,
      taxCents: 0,
      taxRatePpm: 77_500,
      shippingCents: 2500,
      totalCents: 17500,
      amountPaidCents: 0,
      balanceDueCents: 17500,
      paymentStatus: 'unpaid',
      pendingApprovalCents: 0,
      lastUpdated: '2024-01-06T15:30:00.000Z',
    },
    ...overrides,
  };
}

export function makeLine(overrides: Partial<ExtraLine> = {}): ExtraLine {
  const line: ExtraLine = {
    id: 'line-1',
    kind: 'part',
    name: 'Extractor',
    description: null,
    unitCents: 4500,
    quantity: 1,
    lineTotalCents: 4500,
    taxable: true,
    state: 'billed',
    needsApproval: false,
    requestId: null,
    createdAt: '2024-01-06T15:30:00.000Z',
    createdBy: 'admin-1',
    ...overrides,
  };
  return { ...line, lineTotalCents: overrides.lineTotalCents ?? line.unitCents * line.quantity, taxable: line.kind === 'part' };
}

/** A request for `lines`, with its subtotal, tax on the parts at 7.75 % and total, as the server presents it. */
export function makeRequest(lines: ExtraLine[], overrides: Partial<ApprovalRequest> = {}): ApprovalRequest {
  const subtotalCents = lines.reduce((s, l) => s + l.lineTotalCents, 0);
  const parts = lines.filter((l) => l.kind === 'part').reduce((s, l) => s + l.lineTotalCents, 0);
  const taxCents = Math.round((parts * 775) / 10_000);
  return {
    id: 'req-1',
    reason: 'Replacement extractor and firing pin spring',
    status: 'pending',
    lines: lines.map(({ id, kind, name, unitCents, quantity, lineTotalCents }) => ({ id, kind, name, unitCents, quantity, lineTotalCents })),
    subtotalCents,
    taxCents,
    totalCents: subtotalCents + taxCents,
    requestedAt: '2024-01-07T09:00:00.000Z',
    decidedAt: null,
    rejectionReason: null,
    ...overrides,
  };
}

/** The lines of the seeded pending request: two parts and labor, $125.00 before tax ($4.65 on the parts). */
export const requestedLines = (state: ExtraLine['state'] = 'pending') => [
  makeLine({ id: 'l-extractor', name: 'Extractor', unitCents: 4500, state, needsApproval: true, requestId: 'req-1' }),
  makeLine({ id: 'l-spring', name: 'Firing pin spring', unitCents: 1500, state, needsApproval: true, requestId: 'req-1' }),
  makeLine({ id: 'l-labor', kind: 'labor', name: 'Install and test fire', unitCents: 6500, state, needsApproval: true, requestId: 'req-1' }),
];

/**
 * The seeded "pending additional cost" order: a request of $125.00 (+ $4.65 tax) waiting for the
 * customer, not in the total. `decided` turns it into the approved (billed) or rejected order.
 */
export function pendingOrder(overrides: Partial<Order> = {}, decided?: { status: 'approved' | 'rejected'; reason?: string }): Order {
  const base = makeOrder();
  if (!decided) {
    const lines = requestedLines('pending');
    return makeOrder({
      currentStatus: 'parts_needed',
      lines,
      approvalRequests: [makeRequest(lines)],
      additionalCostCents: 12500,
      additionalCostReason: 'Replacement extractor and firing pin spring',
      additionalCostApprovalStatus: 'pending',
      additionalCostApprovalNote: 'Replacement extractor and firing pin spring',
      invoice: { ...base.invoice, pendingApprovalCents: 12500 },
      ...overrides,
    });
  }
  const approved = decided.status === 'approved';
  const lines = requestedLines(approved ? 'billed' : 'rejected');
  const request = makeRequest(lines, { status: decided.status, decidedAt: '2024-01-08T10:00:00.000Z', rejectionReason: decided.reason ?? null });
  const invoice = approved
    ? { ...base.invoice, partsCents: 6000, laborCents: 6500, taxCents: 465, totalCents: 17500 + 12500 + 465, balanceDueCents: 17500 + 12500 + 465 }
    : base.invoice;
  return makeOrder({
    currentStatus: 'parts_needed',
    lines,
    approvalRequests: [request],
    additionalCostCents: 12500,
    additionalCostReason: request.reason,
    additionalCostApprovalStatus: decided.status,
    additionalCostApprovalDate: request.decidedAt,
    additionalCostApprovalNote: approved ? 'Customer approved additional costs' : request.reason,
    additionalCostRejectionReason: request.rejectionReason,
    additionalCostApproved: approved,
    invoice,
    ...overrides,
  });
}

export const makeDetail = (order: Order = makeOrder(), extra: Partial<OrderDetail> = {}): OrderDetail => ({
  ...order,
  updates: [],
  payments: [],
  ...extra,
});

export function makeUpdate(overrides: Partial<StatusUpdate> = {}): StatusUpdate {
  return {
    id: 'upd-1',
    orderId: ORDER_ID,
    status: 'in_progress',
    notes: 'Status updated to Work In Progress - Admin',
    createdBy: 'admin-1',
    authorLabel: 'Admin',
    isCustomerNote: false,
    createdAt: '2024-01-06T15:30:00.000Z',
    updatedAt: '2024-01-06T15:30:00.000Z',
    ...overrides,
  };
}

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n-1',
    orderId: ORDER_ID,
    title: 'Action Required: Additional Costs',
    message: 'Your order requires approval for additional costs: Replacement extractor and firing pin spring',
    read: false,
    createdAt: '2024-01-07T09:00:00.000Z',
    ...overrides,
  };
}

type Reply = [number, unknown] | undefined;
export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Stubs fetch: /config.json and GET /api/me answer by default; `handler` answers everything
 * else (undefined → 404). Returns the API calls made, in order.
 */
export function stubApiRoutes(handler: (call: ApiCall) => Reply) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    if (url.pathname === '/config.json') return json(200, testConfig);
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const reply = handler(call) ?? (call.method === 'GET' && call.path === '/api/me' ? [200, testProfile] : undefined);
    if (reply) return json(reply[0], reply[1]);
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
