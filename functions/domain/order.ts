import type { RefundPurpose } from '@gs/shared/payment-rules'
import type { Intake, NotificationKind, Release } from '@gs/shared/api-types'
import type { Address } from '@gs/shared/address'
import type { FirearmType } from '@gs/shared/firearms'
import type { RecipientIdType } from '@gs/shared/release-checks'
import { calculateBill, DEFAULT_TAX_RATE_PPM, type ApprovalRequest, type BilledLine, type ExtraLine, type InvoiceAmounts } from '@gs/shared/invoice'

/** An order as the domain sees it (the invoice summary fields are a projection kept by the repository). */
export interface Order {
  orderId: string
  orderNumber: string
  customerId: string
  customerName: string
  customerEmail: string
  customerPhone?: string
  firearmMake: string
  firearmModel: string
  serialNumber: string
  firearmCaliber?: string
  firearmType?: FirearmType
  firearmImporter?: string
  returnName?: string
  returnAddress?: Address
  customerAddress?: Address
  intake?: StoredIntake
  release?: StoredRelease
  serviceType: string
  description: string
  estimatedCostCents: number
  serviceCostCents?: number
  /** Extra work (parts, labor, other charges) and the approval requests that asked for it: the bill is computed from these. */
  lines: ExtraLine[]
  approvalRequests: ApprovalRequest[]
  /** The sales tax rate the order was created with (ppm); changing the setting never changes an existing invoice. */
  taxRatePpm: number
  /** The minimum service fee when the order was created (settings); absent or 0: none (orders made before it applied). */
  minimumServiceFeeCents?: number
  currentStatus: string
  /** The status as last stored (read only: set when the order is read, never stored): a write is held to the A&D book's rules against it (domain/custody.ts). */
  storedStatus?: string
  /**
   * The firearm came in (its status said so) without its acquisition entry: the order is listed among the firearms
   * missing from the A&D book. Stored by every write (domain/order-commit.ts decides it); as read it is what the
   * order was listed as (absent on an order stored before the list, which its next write or the migration lists).
   */
  missingFromBook?: boolean
  /**
   * A customer message waits for an answer since this time (the order is on the staff inbox: db/repositories/inbox.ts).
   * Writers carry it as read; the order commit removes it when the write answers the customer, deletes or archives.
   */
  inboxSince?: string
  /** When staff recorded that the order's box arrived (before its intake: use-cases/box-received.ts). */
  boxReceivedAt?: string
  /**
   * The intake's due time the order is listed by on "awaiting intake" (db/repositories/awaiting-intake.ts), as read;
   * the order commit decides what it stores (listed while the box is received, without intake, not deleted nor archived).
   */
  intakeDueAt?: string
  /** The staff member the order is assigned to (their user id) and their name as lists show it; absent: unassigned. */
  assignedTo?: string
  assignedToName?: string
  /** When the work is promised (YYYY-MM-DD): the customer's estimated completion (shared/src/work-dates.ts). */
  promisedDate?: string
  /** When the order first became ready (set once by the order commit, which counts its turnaround then: domain/work-dates.ts). */
  readyAt?: string
  /** The dashboard buckets the stored order is counted in (read only: every write stores its own); undefined while not counted yet. */
  workCounted?: string[]
  inboundTrackingNumber?: string
  outboundTrackingNumber?: string
  shippingSelected: boolean
  isArchived: boolean
  archivedAt?: string
  isDeleted: boolean
  deletedAt?: string
  /** Money applied to this order's bill: successful payments less their refunds (the ledger's sum, kept in the same transactions). */
  amountPaidCents: number
  /** Discounts and write-offs staff granted. */
  adjustmentsCents?: number
  /** Money received above the bill (an overpayment, or a payment after the order was deleted) not yet refunded. */
  creditCents?: number
  /** Money given back to the customer: refunds settled or settling (the ledger's refund entries but chargebacks, summed in the same transactions). */
  refundedCents?: number
  /** Card money under an open dispute (domain/provider-money.ts): not received for the release while it is open. */
  disputedCents?: number
  /** The card checkout the customer may still pay (at most one per order: a new one cancels it). */
  openCheckout?: OpenCheckout
  invoiceId: string
  invoiceNumber: string
  invoiceLastUpdated: string
  /** The invoice summary as last stored on the order (read only: every write stores the calculator's). */
  storedInvoice?: StoredInvoice
  /** What the receivables counters count the stored order with (read only: every write stores its own); undefined while not counted yet (repositories/receivables.ts). */
  receivableCents?: number
  createdAt: string
  updatedAt: string
  version: number
}

/** The intake as the order keeps it: who recorded it and its A&D acquisition entry (functions/domain/book.ts). */
export interface StoredIntake extends Omit<Intake, 'fromLicense' | 'fromAddress'> {
  fromLicense?: string
  fromAddress?: string
  recordedBy: string
  entryId: string
}

/** The release as the order keeps it, with its A&D disposition entry. */
export interface StoredRelease extends Omit<Release, 'toLicense' | 'toAddress' | 'carrier' | 'trackingNumber' | 'idType' | 'idIssuer' | 'idLast4' | 'recipientIsDeliverer' | 'form4473Ref' | 'adultSignature'> {
  toLicense?: string
  toAddress?: string
  carrier?: string
  trackingNumber?: string
  /** The release's checks (shared/src/release-checks.ts), written once with the disposition entry; absent on releases before them. */
  idType?: RecipientIdType
  idIssuer?: string
  idLast4?: string
  recipientIsDeliverer?: boolean
  form4473Ref?: string
  adultSignature?: boolean
  recordedBy: string
  entryId: string
}

export interface StoredInvoice {
  totalCents: number
  balanceDueCents: number
  paymentStatus: 'unpaid' | 'partially_paid' | 'paid'
  amountPaidCents: number
}

export interface StatusUpdate {
  orderId: string
  updateId: string
  status: string
  notes: string
  createdBy: string
  authorLabel: string
  isCustomerNote: boolean
  /** For staff only (an internal note, a release override's reason): never shown to the customer. */
  internal?: boolean
  createdAt: string
  updatedAt: string
}

/** What an order remembers of its open checkout: enough to tell when the order changed under it. */
export interface OpenCheckout {
  paymentIntentId: string
  /** What it charges this order. */
  amountCents: number
  includeShipping: boolean
  /** The order's total (with that shipping choice) when it was made: a different total makes it stale. */
  totalCents: number
}

/** payment: money in (card, cash, check); refund: money back (refundOf names the entry); adjustment: a discount or write-off; credit: money received above the bill. */
export type LedgerKind = 'payment' | 'refund' | 'adjustment' | 'credit'
/** Why staff should look at an entry. `unconfirmed`: a pending row of a card success the provider did not confirm (not paid). */
export type LedgerFlag = 'overpayment' | 'order_deleted' | 'order_archived' | 'unconfirmed'

/** One entry of the order's ledger (stored as a payment item). */
export interface Payment {
  orderId: string
  paymentId: string
  customerId: string
  orderNumber: string
  amountCents: number
  paymentDate: string
  paymentMethod: string
  paymentStatus: 'successful' | 'pending' | 'failed'
  /** The card checkout's intent; '' for entries staff recorded. */
  paymentIntentId: string
  receiptUrl?: string
  notes?: string
  /** Absent on entries written before kinds existed: those are payments. */
  kind?: LedgerKind
  /** Of a payment or credit: how much of it has been refunded. */
  refundedCents?: number
  /** Of a refund: the entry refunded. */
  refundOf?: string
  /** Of an adjustment, refund or staff payment: why (and a check number or reference). */
  reason?: string
  flag?: LedgerFlag
  /** The staff member who recorded it (staff entries). */
  recordedBy?: string
  /** The provider's refund id (card refunds). */
  providerRefundId?: string
  /** Of a refund: a price reduction (a discount of the same amount went with it) or a return of money. */
  purpose?: RefundPurpose
  /** Of a refund: made at the card provider (its dashboard), recorded from its events. */
  origin?: 'provider'
  /** Of a card payment or credit: its share of its charge's dispute; of a chargeback (a refund entry), the lost dispute. */
  dispute?: EntryDispute
  customerName: string
  customerEmail: string
  firearmMake: string
  firearmModel: string
  serialNumber: string
  description: string
}

/** A card dispute as one ledger entry carries it: its share of the dispute's amount, and the provider's status. */
export interface EntryDispute {
  disputeId: string
  status: string
  amountCents: number
  reason: string
  updatedAt: string
}

/**
 * A customer's notification (built by domain/notifications.ts). The fields after `createdAt` are
 * absent on notifications stored before them.
 */
export interface Notification {
  userId: string
  notificationId: string
  orderId?: string
  title: string
  message: string
  read: boolean
  createdAt: string
  /** What happened. */
  kind?: NotificationKind
  /** Mail that goes even when the customer turned notifications off: payment receipts, refunds, shipped. */
  essential?: boolean
  /** The firearm and order number, "Colt Python · GS-000123": tells notifications with one title apart. */
  context?: string
  /** Shipped, with a number of a known carrier (shared/src/tracking.ts): its tracking page and its name ("UPS"). */
  trackingUrl?: string
  carrier?: string
}

/** An order with the newest page of its history (newest first) and its ledger entries (bounded: OrderRepository.getOrderDetail). */
export interface OrderDetail {
  order: Order
  updates: StatusUpdate[]
  /** Where the next, older page of `updates` starts; null (or absent) when `updates` is the whole history. */
  updatesCursor?: string | null
  payments: Payment[]
}

/** The order's invoice, by the one calculator; `shippingSelected` previews another shipping choice. */
export function invoiceOf(order: Order, shippingSelected = order.shippingSelected): InvoiceAmounts & { lines: BilledLine[] } {
  return calculateBill({
    estimatedCostCents: order.estimatedCostCents,
    serviceCostCents: order.serviceCostCents,
    lines: order.lines,
    requests: order.approvalRequests,
    taxRatePpm: order.taxRatePpm,
    shippingSelected,
    amountPaidCents: order.amountPaidCents,
    adjustmentsCents: order.adjustmentsCents ?? 0,
    minimumServiceFeeCents: order.minimumServiceFeeCents ?? 0,
  })
}

/** The order number's format and how a typed or scanned one reads (shared: the SPA's scan-to-open reads it too). */
export { formatOrderNumber, normalizeOrderNumber } from '@gs/shared/order-number'
export const invoiceNumberFor = (orderNumber: string) => orderNumber.replace(/^GS-/, 'INV-')

/** What a new order needs; everything else starts as for any fresh order. */
export type NewOrderFields = Pick<
  Order,
  'orderId' | 'orderNumber' | 'customerId' | 'customerName' | 'customerEmail' | 'firearmMake' | 'firearmModel' | 'serialNumber' | 'serviceType' | 'description' | 'estimatedCostCents'
> &
  Partial<Order>

/**
 * A fresh order: no extra work, nothing paid, the default tax rate, return shipping
 * selected, version 1, its invoice id and number. Overrides win.
 */
export function newOrder(fields: NewOrderFields, { invoiceId, at = new Date().toISOString() }: { invoiceId: string; at?: string }): Order {
  return {
    lines: [],
    approvalRequests: [],
    taxRatePpm: DEFAULT_TAX_RATE_PPM,
    currentStatus: 'order_created',
    shippingSelected: true,
    isArchived: false,
    isDeleted: false,
    amountPaidCents: 0,
    invoiceId,
    invoiceNumber: invoiceNumberFor(fields.orderNumber),
    invoiceLastUpdated: at,
    createdAt: at,
    updatedAt: at,
    version: 1,
    ...fields,
  }
}
