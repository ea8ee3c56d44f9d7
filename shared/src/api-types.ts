import type { RecipientIdType } from './release-checks.ts'
import type { StaffRole } from './staff.ts'
import type { RefundPurpose } from './payment-rules.ts'
import type { InvoicePaymentStatus, LineKind, LineState, RequestStatus } from './invoice.ts'
import type { Address } from './address.ts'
import type { FirearmType } from './firearms.ts'
import type { ApprovalStatus } from './statuses.ts'

/**
 * The contract's response shapes (docs/api.md, Entities).
 * The functions' presenters are typed against these and the SPA reads them,
 * so a change on one side is a type error on the other.
 * (Request bodies and queries are the zod schemas' inferred types in ./schemas.)
 */

/** `error.code` of the contract's error shape `{ error: { code, message, fields } }`. */
export type ErrorCode =
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  /** 403 on a staff route: the admin has not set up two-step sign-in (an authenticator app) yet. */
  | 'mfa_required'
  /** 401: this sign-in has ended (a password change or reset, two-step sign-in set up or reset, an archived account): sign in again. */
  | 'session_ended'
  | 'not_found'
  | 'conflict'
  /** 409 on POST /api/payments/intents: the bill changed since the customer confirmed it; `details.balanceDueCents` is the new one. */
  | 'bill_changed'
  | 'payment_failed'
  /** 429: a limit was reached (a customer's notes: per order, per hour). */
  | 'too_many_requests'
  | 'internal'

/** One page of a list route; `cursor` asks for the next one (null: there is none). */
export interface Page<T> {
  items: T[]
  cursor: string | null
}

export interface Invoice {
  invoiceId: string
  invoiceNumber: string
  serviceCents: number
  /** Billed parts (taxable). */
  partsCents: number
  /** Billed labor and other charges (never taxed). */
  laborCents: number
  /** The "Minimum service fee" line: the fee the order was created with less its service and labor (0: none). */
  minimumFeeCents: number
  taxCents: number
  /** The order's tax rate in parts per million (77,500 = 7.75 %). */
  taxRatePpm: number
  shippingCents: number
  totalCents: number
  amountPaidCents: number
  /** Discounts and write-offs staff granted (total − adjustments − paid = balance). */
  adjustmentsCents: number
  /** Money received above the bill and not yet refunded (staff refund it). */
  creditCents: number
  /** Money given back to the customer on this order (refunds settled or settling; never a lost dispute): "Refunded $20.00". */
  refundedCents: number
  /** Card money of this order under an open dispute: not counted as received for the release while it is open. */
  disputedCents: number
  balanceDueCents: number
  paymentStatus: InvoicePaymentStatus
  /** Extra work waiting for the customer's approval: not in the total. */
  pendingApprovalCents: number
  lastUpdated: string | null
}

/** A line of extra work on an order: a part (taxable), labor or another charge. */
export interface ExtraLine {
  id: string
  kind: LineKind
  name: string
  description: string | null
  unitCents: number
  quantity: number
  lineTotalCents: number
  taxable: boolean
  /** Labor by the hour: hours (decimal, 1.5) and the rate per hour it was billed at; null otherwise (lineLabel shows "… — 1.5 h × $75.00"). */
  hours: number | null
  rateCents: number | null
  /** The price-list entry it was picked from. */
  serviceTypeId: string | null
  state: LineState
  needsApproval: boolean
  requestId: string | null
  createdAt: string
  createdBy: string
}

/** An approval request: the lines it asked for (as asked), their tax and total, and the customer's answer. */
export interface ApprovalRequest {
  id: string
  reason: string
  status: RequestStatus
  lines: Array<{ id: string; kind: LineKind; name: string; unitCents: number; quantity: number; lineTotalCents: number; hours?: number | null; rateCents?: number | null }>
  subtotalCents: number
  taxCents: number
  totalCents: number
  requestedAt: string
  decidedAt: string | null
  rejectionReason: string | null
}

export interface Order {
  id: string
  orderNumber: string
  customerId: string
  customerName: string
  customerEmail: string
  customerPhone: string | null
  firearmMake: string
  firearmModel: string
  serialNumber: string
  firearmCaliber: string | null
  /** The A&D book's description of the firearm: its type and importer (make = manufacturer). */
  firearmType: FirearmType | null
  firearmImporter: string | null
  /** Where and to whom the firearm goes back when it ships (`shippingSelected`; otherwise the customer picks it up). */
  returnName: string | null
  returnAddress: Address | null
  /** The customer's mailing address as it was when the order was created (null: none then). */
  customerAddress: Address | null
  /** Recorded when the shop received the firearm (with its A&D acquisition entry); null before. */
  intake: Intake | null
  /** Recorded when the firearm left the shop (with its A&D disposition entry); null before. */
  release: Release | null
  /** The firearm came in (the status said so) without its intake: listed among the firearms missing from the A&D book. */
  missingFromBook: boolean
  /** When the work is promised (YYYY-MM-DD); the customer reads it as "Estimated completion". null: none. */
  promisedDate: string | null
  /** The staff member the order is assigned to (their id and name); null: unassigned (and always null on a customer's read). */
  assignedTo: string | null
  assignedToName: string | null
  /** Since when a customer message on the order waits for an answer (it is on the staff Inbox); null: none waits. */
  inboxSince: string | null
  /** When staff recorded that the box arrived, before the intake; null: not recorded (and always null on a customer's read). */
  boxReceivedAt: string | null
  /** While the box is received without its intake: when the intake is due (the close of the next business day); else null. */
  intakeDueAt: string | null
  /** When the order first became ready (its turnaround was counted then); null: not yet. */
  readyAt: string | null
  serviceType: string
  description: string
  estimatedCostCents: number
  additionalCostCents: number
  additionalCostReason: string | null
  additionalCostApprovalStatus: ApprovalStatus
  additionalCostApprovalDate: string | null
  additionalCostApprovalNote: string | null
  additionalCostRejectionReason: string | null
  additionalCostApproved: boolean
  lines: ExtraLine[]
  approvalRequests: ApprovalRequest[]
  currentStatus: string
  inboundTrackingNumber: string | null
  outboundTrackingNumber: string | null
  shippingSelected: boolean
  isArchived: boolean
  archivedAt: string | null
  createdAt: string
  updatedAt: string
  version: number
  invoice: Invoice
}

/** Received from: the customer, or another licensee (a dealer shipping it in for the customer: name and FFL number). */
export type CounterpartyKind = 'customer' | 'licensee'

/** The intake of an order's firearm (shared/src/firearms.ts). */
export interface Intake {
  /** The date of receipt (YYYY-MM-DD, the shop's day). */
  receivedOn: string
  from: CounterpartyKind
  fromName: string
  /** The licensee's FFL number (from a licensee). */
  fromLicense: string | null
  /** One line (from the customer: their address when the intake was recorded). */
  fromAddress: string | null
  conditionNotes: string
  /** What came with it: case, magazines, optics... */
  itemsReceived: string
  recordedAt: string
}

/** How an order's firearm left the shop: shipped (carrier, tracking) or handed over (pickup). */
export type ReleaseMethod = 'ship' | 'pickup'

export interface Release {
  releasedOn: string
  method: ReleaseMethod
  to: CounterpartyKind
  toName: string
  toLicense: string | null
  toAddress: string | null
  carrier: string | null
  trackingNumber: string | null
  /** How the recipient was identified at pickup (shared/src/release-checks.ts); null when not recorded (shipped, or released before these checks). */
  idType: RecipientIdType | null
  idIssuer: string | null
  /** The ID number's last 4 characters (never the full number). */
  idLast4: string | null
  /** The recipient is the person who delivered the firearm; null when not asked (a licensee, or released before these checks). */
  recipientIsDeliverer: boolean | null
  /** The Form 4473 reference of a transfer to someone other than the deliverer. */
  form4473Ref: string | null
  /** A shipment: whether an adult signature was required; null for a pickup. */
  adultSignature: boolean | null
  recordedAt: string
}

/** A&D book (shared/src/book.ts): a line's columns; '' where none. */
export interface BookLineColumns {
  acquiredOn: string
  from: CounterpartyKind
  fromName: string
  fromLicense: string
  fromAddress: string
  firearmType: string
  manufacturer: string
  importer: string
  model: string
  serialNumber: string
  caliber: string
  disposedOn: string
  to: CounterpartyKind | ''
  toName: string
  toLicense: string
  toAddress: string
  method: ReleaseMethod | ''
  carrier: string
  trackingNumber: string
  /** The disposition's checks (shared/src/release-checks.ts): ID type, issuer and last 4; 'yes'/'no' or '' when not recorded. */
  toIdType: string
  toIdIssuer: string
  toIdLast4: string
  toIsDeliverer: 'yes' | 'no' | ''
  form4473Ref: string
  adultSignature: 'yes' | 'no' | ''
}

export interface BookChange {
  field: string
  before: string
  after: string
}

export interface BookCorrection {
  entryId: string
  /** The entry it corrects: the line's acquisition or disposition. */
  corrects: 'acquisition' | 'disposition'
  recordedAt: string
  recordedBy: string
  reason: string
  changes: BookChange[]
}

/** A line of the A&D book: one firearm (GET /api/admin/book). */
export interface BookLine {
  orderId: string
  orderNumber: string
  lineNumber: number
  /** In the shop's custody (no disposition yet). */
  open: boolean
  /** Days held: until today while open, else until the disposition. */
  daysHeld: number
  /** The columns with every correction applied. */
  current: BookLineColumns
  /** The columns as first recorded (never changed). */
  original: BookLineColumns
  corrections: BookCorrection[]
}

/** An entry of the book: written once, never changed (GET /api/admin/book/{orderId}, the corrections view). */
export interface BookEntry {
  entryId: string
  orderId: string
  lineNumber: number
  kind: 'acquisition' | 'disposition' | 'correction'
  corrects: string | null
  correctsKind: 'acquisition' | 'disposition' | null
  reason: string | null
  columns: Record<string, string>
  changes: BookChange[]
  recordedAt: string
  recordedBy: string
}

/** GET /api/admin/book/{orderId}: the line and every entry of it, oldest first. */
export interface BookLineDetail {
  line: BookLine
  entries: BookEntry[]
}

/** One problem of an import row: the column (its header as the file writes it; '' for the row as a whole) and why. */
export interface BookImportError {
  column: string
  message: string
}

/** One row of an import file: its row number as a spreadsheet shows it (the header is row 1), what it says, its errors, its entry once written. */
export interface BookImportRow {
  row: number
  serialNumber: string
  manufacturer: string
  model: string
  acquiredOn: string
  customerEmail: string
  /** The customer the email names ('' when none). */
  customerName: string
  errors: BookImportError[]
  /** Written by the import: the acquisition entry's number and the order made for the firearm. */
  entry: { lineNumber: number; orderId: string; orderNumber: string } | null
}

/** POST /api/admin/book/imports: every row checked (dryRun: nothing written), or written (no row had an error). */
export interface BookImportResult {
  dryRun: boolean
  fileName: string
  rows: BookImportRow[]
  errorCount: number
  imported: number
}

/** An order whose firearm is missing from the A&D book: its status says the firearm came in, and no intake was recorded. */
export interface MissingFirearm {
  orderId: string
  orderNumber: string
  customerId: string
  customerName: string
  firearmMake: string
  firearmModel: string
  serialNumber: string
  currentStatus: string
  /** When the order was created: its firearm was received on that day or after. */
  createdAt: string
  isArchived: boolean
  version: number
}

/** GET /api/admin/book/missing: a page of the orders missing from the book (the oldest order first) and how many there are. */
export interface MissingFromBookPage extends Page<MissingFirearm> {
  count: number
}

/** A row of "Boxes awaiting intake" (GET /api/admin/book/awaiting-intake): a box received without its intake. */
export interface AwaitingIntakeRow {
  orderId: string
  orderNumber: string
  customerName: string
  firearmMake: string
  firearmModel: string
  receivedAt: string
  dueAt: string
  /** The due time has passed (at the time of the read). */
  overdue: boolean
  /** When the shop was emailed that the intake is overdue; null: not yet. */
  remindedAt: string | null
}

/** GET /api/admin/book/awaiting-intake: a page of the list and its counts (capped: more than the count read). */
export interface AwaitingIntakePage extends Page<AwaitingIntakeRow> {
  awaiting: number
  overdue: number
  capped: boolean
}

/** A row of the staff Inbox (GET /api/admin/inbox): an order with customer messages no one has answered yet. */
export interface InboxRow {
  orderId: string
  orderNumber: string
  firearmMake: string
  firearmModel: string
  customerName: string
  /** The first words of the latest unanswered message, and when it came. */
  excerpt: string
  lastAt: string
  /** When the oldest unanswered message came (the Inbox's order: oldest first). */
  since: string
  /** Unanswered messages on the order. */
  count: number
  /** The gunsmith the order is assigned to; null: unassigned. */
  assignedToName: string | null
}

/** GET /api/admin/inbox: a page of the Inbox, oldest unanswered first, and how many orders wait. */
export interface InboxPage extends Page<InboxRow> {
  count: number
}

/** GET /api/admin/inbox/count: how many orders have a customer message waiting (the staff header's badge). */
export interface InboxCount {
  count: number
}

/** POST /api/admin/inbox/{orderId}/handled: whether this call took the order off the Inbox (false: it was not on it). */
export interface InboxHandled {
  handled: boolean
  count: number
}

/** The Invoice Refresh Utility: the invoice as stored on the order and as the calculator makes it now. */
export interface InvoiceCheck {
  orderId: string
  orderNumber: string
  version: number
  /** What the order item last stored (what the admin lists showed). */
  stored: Pick<Invoice, 'totalCents' | 'balanceDueCents' | 'paymentStatus'> & { amountPaidCents: number }
  invoice: Invoice
}

/** A direct fix: the invoice before and after (the payments re-read from the ledger); `applied` when saved. */
export interface InvoiceFix {
  orderId: string
  orderNumber: string
  version: number
  before: Invoice
  after: Invoice
  applied: boolean
}

export type AdminInvoiceStatus = 'no_invoice' | 'paid' | 'partially_paid' | 'payment_due'

/** The fields of an order a staff list row shows and its actions send (the version); the editor and the work order read the whole order (GET /api/admin/orders/{orderId}). */
export type AdminListOrderField =
  | 'id' | 'orderNumber' | 'customerId' | 'customerName' | 'customerEmail' | 'firearmMake' | 'firearmModel' | 'serialNumber' | 'serviceType'
  | 'estimatedCostCents' | 'additionalCostCents' | 'additionalCostApprovalStatus' | 'currentStatus' | 'isArchived' | 'archivedAt'
  | 'createdAt' | 'updatedAt' | 'version' | 'invoice' | 'promisedDate' | 'assignedTo' | 'assignedToName' | 'inboxSince'

export type AdminListOrder = Pick<Order, AdminListOrderField> & {
  invoiceBalanceDueCents: number
  invoicePaymentStatus: AdminInvoiceStatus
  /** When it was deleted: on the rows of the deleted list (view=deleted) only. */
  deletedAt?: string | null
  /** Open work past its promised date (shared/src/work-dates.ts isOverdue). */
  overdue: boolean
}

/**
 * GET /api/admin/orders: one page of an order list and where the next starts (null on the last). No
 * total. `match` says how a search was answered: `exact` (an order number or id, a serial: every match
 * is in the pages), `email` (that customer's orders), `text` (a bounded read per page: a page may come
 * back short, even empty, with a cursor; the next one searches further); null without a search.
 */
export interface AdminOrdersPage extends Page<AdminListOrder> {
  match: 'exact' | 'email' | 'text' | null
}

export interface StatusUpdate {
  id: string
  orderId: string
  status: string
  notes: string
  createdBy: string
  authorLabel: string
  isCustomerNote: boolean
  /** For staff only (an internal note, a release override's reason): staff see it marked "Internal"; never in a customer's read. */
  internal: boolean
  createdAt: string
  updatedAt: string
}

export type LedgerKind = 'payment' | 'refund' | 'adjustment' | 'credit'
/** `unconfirmed`: a card success the provider did not confirm (a pending entry, not paid, for staff to review). */
export type LedgerFlag = 'overpayment' | 'order_deleted' | 'order_archived' | 'unconfirmed'

export interface Payment {
  paymentId: string
  orderId: string
  orderNumber: string
  amountCents: number
  paymentDate: string
  paymentMethod: string
  paymentStatus: 'successful' | 'pending' | 'failed'
  /** The card checkout's intent ('' for entries staff recorded). */
  paymentIntentId: string
  receiptUrl: string | null
  notes: string | null
  /** payment (money in), refund (money back), adjustment (discount or write-off), credit (received above the bill). */
  kind: LedgerKind
  /** Of a payment or credit: how much of it was refunded. */
  refundedCents: number
  /** Of a refund: the entry it refunds. */
  refundOf: string | null
  /** Why (a discount's reason, a check number, a refund's reason). */
  reason: string | null
  /** Why staff should look at it. */
  flag: LedgerFlag | null
  /** Of a refund: a price reduction (the bill went down with it) or a return of money (the bill stayed). */
  purpose: RefundPurpose | null
  /** Of a refund: made at the card provider (its dashboard), not in the portal. */
  fromProvider: boolean
  /** Of a card payment or credit: the dispute of its charge (this entry's share of it), if any. */
  dispute: PaymentDispute | null
}

/** A card dispute (a chargeback or an inquiry) as one ledger entry carries its share. */
export interface PaymentDispute {
  disputeId: string
  /** The provider's status: needs_response, under_review, won, lost, warning_needs_response, … */
  status: string
  amountCents: number
  reason: string
  updatedAt: string
}

export interface AdminPayment extends Payment {
  customerName: string
  customerEmail: string
  firearmMake: string
  firearmModel: string
  serialNumber: string
}

/**
 * One order's page: its newest status updates (UPDATES_PAGE_SIZE, newest first) and at most
 * DETAIL_LEDGER_LIMIT of its ledger entries (newest first).
 */
export interface OrderDetail extends Order {
  updates: StatusUpdate[]
  /**
   * Older updates than `updates` holds: pass it to GET …/updates?cursor= (null: `updates` is the whole
   * history). The server always sends it; optional so details built before it existed still type-check.
   */
  updatesCursor?: string | null
  payments: Payment[]
}

/** What a notification tells (docs/business-rules.md, Notifications). */
export type NotificationKind = 'order_created' | 'status_changed' | 'staff_note' | 'approval_requested' | 'payment_received' | 'payment_failed' | 'payment_refunded'

export interface Notification {
  id: string
  orderId: string | null
  title: string
  message: string
  read: boolean
  createdAt: string
  /** null on notifications written before kinds existed. */
  kind: NotificationKind | null
  /** Sent by e-mail even when the customer turned notifications off (payment receipts, refunds, shipped). */
  essential: boolean
  /** The firearm and order number, "Colt Python · GS-000123"; null on old notifications. */
  context: string | null
  /** A shipped order's tracking page at its carrier; null when the carrier is unknown or nothing shipped. */
  trackingUrl: string | null
  /** That carrier's name: UPS, USPS, FedEx or DHL Express. */
  carrier: string | null
}

/** One channel's delivery of a notification outside the portal (the notifier: docs/notifications.md, Delivery). */
export interface NotificationChannelDelivery {
  /** batched: waiting to be sent with the order's other changes of the next 2 minutes, in one message. */
  status: 'sending' | 'sent' | 'failed' | 'skipped' | 'batched'
  /** Send attempts started. */
  attempts: number
  /** When the status was set. */
  at: string
  /** Skipped: why ('sms_off', 'no_phone', 'optional_email_off', …); failed: the last error's code; else null. */
  reason: string | null
}

/** GET /api/admin/orders/{orderId}/notifications: a notification about the order with its delivery (null: not looked at yet). */
export interface OrderNotification extends Notification {
  delivery: { email: NotificationChannelDelivery | null; sms: NotificationChannelDelivery | null }
}

/** GET /api/notifications?limit=&cursor=: a page, newest first, with the caller's unread count. */
export interface NotificationList extends Page<Notification> {
  /** All the caller's unread notifications, not only this page's; never below 0. */
  unreadCount: number
}

export type Role = 'admin' | 'customer'

/** GET /api/me (and what the admin customer routes answer). */
export interface Profile {
  id: string
  email: string
  firstName: string | null
  lastName: string | null
  phone: string | null
  /** The customer's mailing address (an order's return address defaults to it). */
  address: Address | null
  enableSmsNotifications: boolean
  /** Emails that are not essential (notes, status news, new orders); essential ones always go. */
  emailOptionalNotifications: boolean
  isActive: boolean
  role: Role
  /** Staff: their role (what the staff pages show and the API allows them); absent on customers. */
  staffRole?: StaffRole
  createdAt: string
}

/** A row of GET /api/admin/customers: the Profile with its order count and latest order. */
export interface CustomerRow extends Profile {
  /** When an archived customer was archived (GET /api/admin/customers?view=archived); absent on active ones. */
  archivedAt?: string
  orderCount: number
  latestOrder: { id: string; firearmMake: string; firearmModel: string; currentStatus: string; createdAt: string } | null
}

/**
 * GET /api/admin/customers?view=&search=&limit=&cursor=: one bounded page of customers, newest first (archived
 * ones with view=archived, the latest archived first). A search
 * page may hold fewer than `limit` (it stops at its read budget) and still have a `cursor` to go on from.
 */
export type CustomersPage = Page<CustomerRow>

/** What a staff ledger route answers (201): the order as it is now and the entry recorded. */
export interface LedgerResult {
  order: Order
  payment: AdminPayment
}

export interface AdminPaymentStats {
  count: number
  /** Money kept: successful payments and credits, less what was refunded of them. */
  revenueCents: number
  successfulCount: number
  /** Percent of payments that succeeded, 0–100, one decimal. */
  successRate: number
  last30DaysCount: number
}

/** GET /api/admin/payments: one page, where the next starts, the filtered total when known, and the stats of all payments. */
export interface AdminPaymentsPage {
  items: AdminPayment[]
  /** Pass as `cursor` for the next page; null on the last one. */
  cursor: string | null
  /** Entries matching the filters; null for a text search (it is not counted: say "more may match"). */
  total: number | null
  pageSize: number
  stats: AdminPaymentStats
}

/** How card payments are taken: Stripe, or the local stack's dev gateway (also in /config.json). */
export type PaymentsMode = 'stripe' | 'dev'

/** The part of a payment that goes to one order. */
export interface Allocation {
  orderId: string
  amountCents: number
}

/** POST /api/payments/intents → 201. */
export interface CreatedIntent {
  paymentIntentId: string
  clientSecret: string
  amountCents: number
  allocations: Allocation[]
  mode: PaymentsMode
}

/** `under_review`: a success the card provider did not confirm; nothing is counted as paid until staff review it (failureMessage says so). */
export type IntentStatus = 'pending' | 'processing' | 'succeeded' | 'failed' | 'under_review'

/** GET /api/payments/intents/{id}: what the webhook has recorded so far. */
export interface PaymentIntentState {
  paymentIntentId: string
  status: IntentStatus
  amountCents: number
  receiptUrl: string | null
  allocations: Allocation[]
  payments: Payment[]
  failureMessage: string | null
  createdAt: string
  updatedAt: string
}

/** POST /api/dev/payments/{id}/confirm (dev payments mode): the webhook has already recorded the payment. */
export interface DevConfirmResult {
  paymentIntentId: string
  status: 'succeeded'
}

/**
 * Contract shapes that live beside their rules in other shared modules, named here too so that every
 * response the SPA reads is typed from this one file: the Activity views, Settings, Receivables, GET /api/shop.
 */
export type { ActivityChange, ActivityEntry, ActivityPage } from './activity.ts'
export type { SettingsView } from './settings.ts'
/** GET /api/admin/service-types (the price list and the labor rate), POST and PATCH …/service-types (one ServiceType). */
export type { ServiceType, ServiceTypeList, ServiceTypeKind } from './service-types.ts'
export type { ReceivableBucketId, ReceivableRow, ReceivablesPage, ReceivablesTotals } from './receivables.ts'
export type { ShopIdentity } from './shop.ts'
/** GET /api/admin/dashboard, GET /api/admin/reports/turnaround. */
export type { DashboardCount, DashboardCounts, TurnaroundReport, TurnaroundRow } from './work-api.ts'

/** Condition photos: GET …/photos, POST …/photos/uploads, POST …/photos/{photoId}/confirm (shared/src/photos.ts). */
export type { Photo, PhotoList, PhotoUpload } from './photos.ts'

/** Order ids are shown truncated to 8 characters. */
export const shortOrderId = (id: string) => id.slice(0, 8)
