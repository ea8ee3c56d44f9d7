import { cachedEntity } from './cache.ts'
import { searchTextOf, serialKeyOf } from '#functions/domain/search.ts'
import { storedAddressProperties } from './address.ts'
import { gsi } from './gsi.ts'
import { hasPendingApproval, isOpenWork, NO_PROMISED_DATE_KEY } from '@gs/shared/work-dates'

const now = () => new Date().toISOString()

/** What the admin order lists' text search reads of an order (its stored `searchText`). */
const SEARCHED = ['customerName', 'customerEmail', 'customerPhone', 'firearmMake', 'firearmModel', 'serialNumber', 'firearmCaliber', 'description', 'orderNumber', 'orderId'] as const

const requiredString = { type: 'string', required: true } as const
const requiredNumber = { type: 'number', required: true } as const
/** A line as a request keeps it (RequestedLine); a line on the order has these and more. */
const requestedLineProperties = {
  lineId: requiredString,
  kind: { type: ['part', 'labor', 'other'], required: true },
  name: requiredString,
  unitCents: requiredNumber,
  quantity: requiredNumber,
  /** Labor by the hour: hundredths of an hour and the rate (cents) it was billed at; unitCents is their product. */
  hoursHundredths: { type: 'number' },
  rateCents: { type: 'number' },
  /** As the line's service type said (absent: by kind, parts only). */
  taxable: { type: 'boolean' },
} as const

/**
 * An order, with its invoice summary kept on the same item (one invoice per
 * order), so lists show balances without a second read and the webhook can
 * update order and invoice in one conditional write.
 */
export const orderSchema = {
  model: { entity: 'order', version: '1', service: 'gunsmith' },
  attributes: {
    orderId: { type: 'string', required: true },
    orderNumber: { type: 'string', required: true },
    customerId: { type: 'string', required: true },
    customerName: { type: 'string', default: '' },
    customerEmail: { type: 'string', default: '' },
    customerPhone: { type: 'string' },
    firearmMake: { type: 'string', required: true },
    firearmModel: { type: 'string', required: true },
    serialNumber: { type: 'string', default: '' },
    /** Derived on every put: the serial as the lookup index keys it (domain/search.ts). */
    serialKey: { type: 'string', hidden: true, watch: ['serialNumber'], set: (_: unknown, i: { serialNumber?: string }) => serialKeyOf(i.serialNumber ?? '') },
    firearmCaliber: { type: 'string' },
    /** The A&D book's type and importer columns (shared/src/firearms.ts); make is the manufacturer. */
    firearmType: { type: ['pistol', 'revolver', 'rifle', 'shotgun', 'receiver_frame', 'other'] },
    firearmImporter: { type: 'string' },
    /** Where a shipped return goes (shared/src/address.ts); set from the customer's address when the order is created. */
    returnName: { type: 'string' },
    /** The customer's mailing address when the order was created (a copy, like the name, email and phone). */
    customerAddress: { type: 'map', properties: storedAddressProperties },
    returnAddress: { type: 'map', properties: storedAddressProperties },
    /** The intake (with the id of its A&D acquisition entry) and the release (its disposition entry): functions/domain/book.ts. */
    intake: {
      type: 'map',
      properties: {
        receivedOn: requiredString,
        from: { type: ['customer', 'licensee'], required: true },
        fromName: requiredString,
        fromLicense: { type: 'string' },
        fromAddress: { type: 'string' },
        conditionNotes: { type: 'string' },
        itemsReceived: { type: 'string' },
        recordedAt: requiredString,
        recordedBy: requiredString,
        entryId: requiredString,
      },
    },
    release: {
      type: 'map',
      properties: {
        releasedOn: requiredString,
        method: { type: ['ship', 'pickup'], required: true },
        to: { type: ['customer', 'licensee'], required: true },
        toName: requiredString,
        toLicense: { type: 'string' },
        toAddress: { type: 'string' },
        carrier: { type: 'string' },
        trackingNumber: { type: 'string' },
        /** The release's checks (shared/src/release-checks.ts): how the recipient was identified, whether they delivered it, the 4473, the adult signature. */
        idType: { type: 'string' },
        idIssuer: { type: 'string' },
        idLast4: { type: 'string' },
        recipientIsDeliverer: { type: 'boolean' },
        form4473Ref: { type: 'string' },
        adultSignature: { type: 'boolean' },
        recordedAt: requiredString,
        recordedBy: requiredString,
        entryId: requiredString,
      },
    },
    /** Derived on every put: what the admin order lists' text search matches (domain/search.ts), the phone also as digits; never returned. */
    searchText: {
      type: 'string',
      hidden: true,
      watch: SEARCHED,
      set: (_: unknown, i: Partial<Record<(typeof SEARCHED)[number], string>>) => searchTextOf([...SEARCHED.map((k) => i[k]), i.customerPhone?.replace(/\D/g, '')]),
    },
    serviceType: { type: 'string', default: '' },
    description: { type: 'string', default: '' },
    estimatedCostCents: { type: 'number', default: 0 },
    serviceCostCents: { type: 'number' },
    /** Extra work on the order (shared/src/invoice.ts ExtraLine); bounded by MAX_LINES_PER_ORDER. */
    lines: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          ...requestedLineProperties,
          description: { type: 'string' },
          needsApproval: { type: 'boolean', required: true },
          requestId: { type: 'string' },
          serviceTypeId: { type: 'string' },
          createdAt: requiredString,
          createdBy: requiredString,
        },
      },
    },
    /** The approval requests (ApprovalRequest), oldest first, each with the lines as asked; bounded by MAX_REQUESTS_PER_ORDER. */
    approvalRequests: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          requestId: requiredString,
          reason: requiredString,
          status: { type: ['pending', 'approved', 'rejected', 'withdrawn'], required: true },
          lines: { type: 'list', required: true, items: { type: 'map', properties: requestedLineProperties } },
          requestedAt: requiredString,
          requestedBy: requiredString,
          decidedAt: { type: 'string' },
          decidedBy: { type: 'string' },
          rejectionReason: { type: 'string' },
        },
      },
    },
    /** The tax rate the order bills parts at (ppm), fixed when it is created. Absent on orders made before: 77,500 (7.75 %). */
    taxRatePpm: { type: 'number' },
    /** The minimum service fee (cents) the order was created with; absent on orders made before the fee applied: none. */
    minimumServiceFeeCents: { type: 'number' },
    /**
     * Before itemized lines (read only, by toOrder, for orders stored before): one additional cost
     * with one approval, and the parts total. Never written any more.
     */
    additionalCostCents: { type: 'number' },
    additionalCostReason: { type: 'string' },
    additionalCostApprovalStatus: { type: ['not_required', 'pending', 'approved', 'rejected'] },
    additionalCostApprovalDate: { type: 'string' },
    additionalCostApprovalNote: { type: 'string' },
    additionalCostRejectionReason: { type: 'string' },
    currentStatus: { type: 'string', default: 'order_created' },
    inboundTrackingNumber: { type: 'string' },
    outboundTrackingNumber: { type: 'string' },
    shippingSelected: { type: 'boolean', default: true },
    isArchived: { type: 'boolean', default: false },
    archivedAt: { type: 'string' },
    isDeleted: { type: 'boolean', default: false },
    deletedAt: { type: 'string' },
    /** 'active' | 'archived' | 'deleted': the admin lists' partition. */
    listState: { type: ['active', 'archived', 'deleted'], default: 'active' },
    partsTotalCents: { type: 'number' },
    partsCount: { type: 'number' },
    amountPaidCents: { type: 'number', default: 0 },
    /** Discounts and write-offs (the ledger's adjustment entries, summed in the same transactions). */
    adjustmentsCents: { type: 'number' },
    /** Money held above the bill, not yet refunded (the ledger's credit entries). */
    creditCents: { type: 'number' },
    /** Money given back to the customer (refunds settled or settling), summed in the same transactions as the refunds. */
    refundedCents: { type: 'number' },
    /** Card money under an open dispute (the entries' shares), summed in the same transactions as the disputes. */
    disputedCents: { type: 'number' },
    /** The one card checkout the customer may still pay (domain OpenCheckout). */
    openCheckout: {
      type: 'map',
      properties: {
        paymentIntentId: requiredString,
        amountCents: { type: 'number', required: true },
        includeShipping: { type: 'boolean', required: true },
        totalCents: { type: 'number', required: true },
      },
    },
    invoiceId: { type: 'string', required: true },
    invoiceNumber: { type: 'string', required: true },
    invoiceTotalCents: { type: 'number', default: 0 },
    invoiceBalanceDueCents: { type: 'number', default: 0 },
    invoicePaymentStatus: { type: ['unpaid', 'partially_paid', 'paid'], default: 'unpaid' },
    /**
     * What the receivables counters count this order with (its stored balance due, 0 once deleted), written by every
     * commit with the counters' difference (repositories/receivables.ts); absent on an order not yet counted (before the
     * receivables migration), which the next write or the migration counts.
     */
    receivableCents: { type: 'number' },
    /**
     * The order is listed among the firearms missing from the A&D book (domain/custody.ts bookCheckedWrite), written by
     * every commit with the list's item and count when it changes (repositories/missing-from-book.ts); absent on an
     * order not yet looked at (before the list), which the next write or the migration decides.
     */
    missingFromBook: { type: 'boolean' },
    /** The gunsmith the order is assigned to (their profile's user id), and their name as shown on lists; absent when unassigned. */
    assignedTo: { type: 'string' },
    assignedToName: { type: 'string' },
    /** When the work is promised to be done (YYYY-MM-DD; the customer reads it as the estimated completion); absent: none. */
    promisedDate: { type: 'string' },
    /** Derived on every put: what the promised-date indexes sort by (no date sorts after every date); never returned. */
    dueOn: { type: 'string', hidden: true, watch: ['promisedDate'], set: (_: unknown, i: { promisedDate?: string }) => i.promisedDate || NO_PROMISED_DATE_KEY },
    /** Derived on every put: whose bench the order is on (the bench index's partition; 'none' when unassigned, which that index leaves out); never returned. */
    benchOf: { type: 'string', hidden: true, watch: ['assignedTo'], set: (_: unknown, i: { assignedTo?: string }) => i.assignedTo || 'none' },
    /** Derived on every put: a pending approval request (the dashboard's count of a bench); never returned. */
    awaitingApproval: { type: 'boolean', hidden: true, watch: ['approvalRequests'], set: (_: unknown, i: { approvalRequests?: { status: string }[] }) => hasPendingApproval(i) },
    /** When the order first became ready (shared/src/work-dates.ts): counted into the turnaround once, then kept. */
    readyAt: { type: 'string' },
    /**
     * The dashboard buckets the order is counted in (shared/src/work-dates.ts workBuckets), written by every commit with
     * the counters' difference (repositories/work-counters.ts); absent on an order not yet counted (the migration counts it).
     */
    workCounted: { type: 'list', items: { type: 'string' } },
    /**
     * The time of the order's oldest customer message no one has answered (repositories/inbox.ts): set by the first
     * note, kept by every order write (conditioned on it) and removed with the inbox item; absent when none waits.
     */
    inboxSince: { type: 'string' },
    /** When staff recorded that the order's box arrived, before its intake (use-cases/box-received.ts). */
    boxReceivedAt: { type: 'string' },
    /**
     * The due time the order is listed by on "awaiting intake" (repositories/awaiting-intake.ts): written by every commit
     * (conditioned on what was read) with the list's items when it changes; absent when the order is not listed.
     */
    intakeDueAt: { type: 'string' },
    invoiceLastUpdated: { type: 'string', default: now },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', default: now },
    version: { type: 'number', default: 1 },
  },
  indexes: {
    byOrder: {
      collection: 'orderDetail',
      pk: { field: 'pk', composite: ['orderId'] },
      sk: { field: 'sk', composite: [] },
    },
    byCustomer: gsi(1, ['customerId'], ['createdAt']),
    byListState: gsi(2, ['listState'], ['createdAt']),
    // Staff searching by serial number (the exact searches of the ledger and of the order lists).
    bySerial: gsi(3, ['serialKey'], ['createdAt']),
    // The admin order lists (order-lists.ts): each sort (created, updated) over a list or one status of it, and a customer's by update.
    byListStateUpdated: gsi(4, ['listState'], ['updatedAt']),
    byListStatus: gsi(5, ['listState', 'currentStatus'], ['createdAt']),
    byListStatusUpdated: gsi(6, ['listState', 'currentStatus'], ['updatedAt']),
    byCustomerUpdated: gsi(7, ['customerId'], ['updatedAt']),
    // Receivables: only orders counted with a balance due have these keys (the condition), by invoice date, oldest first.
    byReceivable: { ...gsi(8, [], ['createdAt']), condition: (i: { receivableCents?: number }) => (i.receivableCents ?? 0) > 0 },
    // Open work with a promised date (shared/src/work-dates.ts isOpenWork), soonest first: the overdue list reads those before today.
    byPromised: { ...gsi(9, [], ['dueOn', 'createdAt']), condition: (i: OpenWorkItem) => !!i.promisedDate && isOpenWork(i) },
    // A staff member's bench: their open assigned orders, soonest promised first, undated last.
    byBench: { ...gsi(10, ['benchOf'], ['dueOn', 'createdAt']), condition: (i: OpenWorkItem) => !!i.assignedTo && isOpenWork(i) },
  },
} as const

type OpenWorkItem = { promisedDate?: string; assignedTo?: string; currentStatus?: string; isDeleted?: boolean; isArchived?: boolean }

export const orderEntity = cachedEntity(orderSchema)
