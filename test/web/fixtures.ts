// The SPA tests' data, shaped as the API returns it (the contract's types in shared/src/api-types.ts):
// orders, lines, approval requests, history, notifications, ledger entries, payment intents, the
// profile and /config.json. Two sample orders: the customer's (makeOrder) and the one the staff
// tests open (baseOrder); every builder takes overrides.
import type {
  AdminListOrder,
  AdminPayment,
  ApprovalRequest,
  ExtraLine,
  Invoice,
  Notification,
  Order,
  OrderDetail,
  Payment,
  PaymentIntentState,
  Profile,
  StatusUpdate,
} from '@gs/shared/api-types';

export const testConfig = {
  apiUrl: '/api',
  region: 'us-east-1',
  userPoolId: 'us-east-1_test',
  userPoolClientId: 'test-client',
  cognitoEndpoint: 'http://localhost:9229',
  paymentsMode: 'dev',
  stripePublishableKey: null,
};

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'user-1',
    email: 'jane.doe@example.com',
    firstName: 'Jane',
    lastName: 'Doe',
    phone: '+15555550123',
    address: null,
    enableSmsNotifications: false,
    emailOptionalNotifications: true,
    isActive: true,
    role: 'customer',
    createdAt: '2024-01-05T10:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/me of the signed-in customer. */
export const testProfile = makeProfile();

export const ORDER_ID = '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f';

/** $150 service and $25 shipping, nothing paid: $175.00 due. */
export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    invoiceId: 'inv-1',
    invoiceNumber: 'INV-GS-000004',
    adjustmentsCents: 0,
    creditCents: 0,
    refundedCents: 0,
    disputedCents: 0,
    serviceCents: 15000,
    partsCents: 0,
    laborCents: 0,
    minimumFeeCents: 0,
    taxCents: 0,
    taxRatePpm: 77_500,
    shippingCents: 2500,
    totalCents: 17500,
    amountPaidCents: 0,
    balanceDueCents: 17500,
    paymentStatus: 'unpaid',
    pendingApprovalCents: 0,
    lastUpdated: '2024-01-06T15:30:00.000Z',
    ...overrides,
  };
}

/** The customer's order: a Glock 19 Gen 5 in repair. */
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
    firearmType: null,
    firearmImporter: null,
    returnName: null,
    returnAddress: null,
    customerAddress: null,
    intake: null,
    release: null,
    missingFromBook: false,
    promisedDate: null,
    assignedTo: null,
    assignedToName: null,
    inboxSince: null,
    boxReceivedAt: null,
    intakeDueAt: null,
    readyAt: null,
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
    invoice: makeInvoice(),
    ...overrides,
  };
}

/** The staff tests' invoice: $120 service and $25 shipping, $145.00 due. */
export const invoice: Invoice = makeInvoice({
  invoiceNumber: 'INV-000001',
  serviceCents: 12000,
  totalCents: 14500,
  balanceDueCents: 14500,
  lastUpdated: '2026-01-05T10:00:00.000Z',
});

/** The order the staff tests open: a Glock 19, GS-000042, version 3. */
export const baseOrder: Order = makeOrder({
  id: '0f1e2d3c-4b5a-4978-8877-665544332211',
  orderNumber: 'GS-000042',
  customerPhone: '+15555550123',
  firearmModel: '19',
  serialNumber: 'ABC123',
  description: 'Trigger reset issue',
  estimatedCostCents: 12000,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  version: 3,
  invoice,
});

/** An order as the admin lists show it (with the list's balance and payment status). */
export const listOrder = (overrides: Partial<AdminListOrder> = {}): AdminListOrder => ({
  ...baseOrder,
  invoiceBalanceDueCents: baseOrder.invoice.balanceDueCents,
  invoicePaymentStatus: 'payment_due',
  overdue: false,
  ...overrides,
});

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
    hours: null,
    rateCents: null,
    serviceTypeId: null,
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
  updatesCursor: null,
  payments: [],
  ...extra,
});

/** `count` status updates, newest first (ids `h<n>`, one a minute, the newest last written), e.g. a page of history. */
export const makeHistory = (count: number, { from = count, orderId = ORDER_ID }: { from?: number; orderId?: string } = {}): StatusUpdate[] =>
  Array.from({ length: count }, (_, i) => {
    const n = from - i;
    const at = new Date(Date.UTC(2024, 0, 6, 8, n)).toISOString();
    return makeUpdate({ id: `h${n}`, orderId, notes: `History entry ${n}`, createdAt: at, updatedAt: at });
  });

/** A staff status update (a customer note with `status: 'customer_note', isCustomerNote: true`). */
export function makeUpdate(overrides: Partial<StatusUpdate> = {}): StatusUpdate {
  return {
    id: 'upd-1',
    orderId: ORDER_ID,
    status: 'in_progress',
    notes: 'Status updated to Work In Progress - Admin',
    createdBy: 'admin-1',
    authorLabel: 'Admin',
    isCustomerNote: false,
    internal: false,
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
    kind: 'approval_requested',
    essential: false,
    context: 'Glock 19 Gen 5 · GS-000004',
    trackingUrl: null,
    carrier: null,
    ...overrides,
  };
}

/** The card checkout the payment tests confirm. */
export const INTENT_ID = 'pi_dev_123456789abc';

/** A ledger entry: a $50.00 card payment on the customer's order unless told otherwise. */
export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    paymentId: 'pay-1',
    orderId: ORDER_ID,
    orderNumber: 'GS-000004',
    amountCents: 5000,
    paymentDate: '2024-02-01T10:00:00.000Z',
    paymentMethod: 'Credit Card',
    paymentStatus: 'successful',
    paymentIntentId: INTENT_ID,
    receiptUrl: null,
    notes: null,
    kind: 'payment',
    refundedCents: 0,
    refundOf: null,
    reason: null,
    flag: null,
    purpose: null,
    fromProvider: false,
    dispute: null,
    ...overrides,
  };
}

/** One entry of the staff order's ledger (a $20.00 cash payment unless told otherwise). */
export const ledgerEntry = (overrides: Partial<Payment> = {}): Payment =>
  makePayment({
    orderId: baseOrder.id,
    orderNumber: baseOrder.orderNumber,
    amountCents: 2000,
    paymentDate: '2026-01-06T10:00:00.000Z',
    paymentMethod: 'Cash',
    paymentIntentId: '',
    ...overrides,
  });

/** A ledger entry as the admin routes present it: with the order's customer and firearm. */
export const adminPaymentOf = (payment: Payment, order: Order = baseOrder): AdminPayment => ({
  ...payment,
  customerName: order.customerName,
  customerEmail: order.customerEmail,
  firearmMake: order.firearmMake,
  firearmModel: order.firearmModel,
  serialNumber: order.serialNumber,
});

/** GET /api/payments/intents/{id}: a $50.00 checkout the webhook has not recorded yet. */
export function makeIntentState(overrides: Partial<PaymentIntentState> = {}): PaymentIntentState {
  return {
    paymentIntentId: INTENT_ID,
    status: 'pending',
    amountCents: 5000,
    receiptUrl: null,
    allocations: [{ orderId: ORDER_ID, amountCents: 5000 }],
    payments: [],
    failureMessage: null,
    createdAt: '2024-02-01T10:00:00.000Z',
    updatedAt: '2024-02-01T10:00:00.000Z',
    ...overrides,
  };
}
