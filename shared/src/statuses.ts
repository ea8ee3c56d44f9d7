/** The status catalogue: values, labels, badge colours and the customer timeline. */

/** The admin picker, in workflow order. */
export const ADMIN_STATUSES = [
  'order_created',
  'firearm_received',
  'parts_received',
  'evaluating',
  'in_progress',
  'parts_needed',
  'work_complete',
  'ready_for_pickup',
  'ready_for_shipping',
  'payment_needed',
  'shipped',
  'order_closed',
] as const

/** Other values that may be displayed, plus the status the webhook sets. */
export const OTHER_STATUSES = [
  'payment_received',
  'label_created',
  'arrived',
  'review',
  'approval_needed',
  'quality_check',
  'delivered',
  'gunsmith_evaluating',
  'gunsmith_working',
  'pending_approval',
  'pending_parts',
  'work_in_progress',
  'awaiting_pickup',
  'awaiting_payment',
  'completed',
  'cancelled',
  'problem_reported',
] as const

export const CUSTOMER_NOTE = 'customer_note'

/** Staff entries are signed "Admin". */
export const ADMIN_AUTHOR_LABEL = 'Admin'

/**
 * History entries that record an event rather than set the order's status (the order keeps its
 * status): they are titled by what happened, never by the status the order happened to be in.
 */
export const HISTORY_EVENTS = {
  approvalRequested: 'approval_requested',
  approvalWithdrawn: 'approval_withdrawn',
  costsApproved: 'costs_approved',
  costsRejected: 'costs_rejected',
  invoiceRepaired: 'invoice_repaired',
  releaseOverride: 'release_override',
  shippingChanged: 'shipping_changed',
  paymentRecorded: 'payment_recorded',
  refundIssued: 'refund_issued',
  adjustmentGranted: 'adjustment_granted',
  paymentFlagged: 'payment_flagged',
  paymentDisputed: 'payment_disputed',
  intakeRecorded: 'intake_recorded',
  firearmReleased: 'firearm_released',
} as const

export type AdminStatus = (typeof ADMIN_STATUSES)[number]
export type OrderStatus = AdminStatus | (typeof OTHER_STATUSES)[number]

export const ORDER_STATUSES: readonly OrderStatus[] = [...ADMIN_STATUSES, ...OTHER_STATUSES]

/**
 * What a status says of where the order's firearm is, which the A&D book holds the order to
 * (shared/src/book.ts custodyRefusal; docs/business-rules.md, "The A&D book"):
 *
 * - `awaiting`: the firearm has not come in yet (the order is open, a shipping label is made). No book entry needed.
 * - `in_shop`: the firearm is in the shop, from Firearm Received through the work, the quality check, waiting for
 *   payment and waiting to be picked up or shipped (the customer timeline's "Arrived" to "Quality Check"). Needs
 *   the intake (the acquisition entry), and the firearm not released.
 * - `left`: the firearm went back to the customer (Shipped, Delivered). Needs the release (the disposition entry,
 *   which needs the intake).
 * - `closed`: the order is done (Order Closed). When the firearm came in, it left first: the release is needed
 *   once the order has the intake or its status said the firearm was in the shop; an order whose firearm never
 *   came is closed without entries.
 * - `unsaid`: says nothing of the firearm. Payment Received is set by a payment whatever the work's state (a
 *   customer may pay before the firearm arrives); Cancelled and Problem Reported may come at any time. Allowed
 *   without entries, and an order keeps what its status said before (still missing from the book, or not).
 */
export type StatusCustody = 'awaiting' | 'in_shop' | 'left' | 'closed' | 'unsaid'

/** Each status's custody (StatusCustody); a status added to the lists above must be classified here. */
export const STATUS_CUSTODY: Readonly<Record<OrderStatus, StatusCustody>> = {
  order_created: 'awaiting',
  label_created: 'awaiting',
  firearm_received: 'in_shop',
  arrived: 'in_shop',
  parts_received: 'in_shop',
  evaluating: 'in_shop',
  gunsmith_evaluating: 'in_shop',
  review: 'in_shop',
  in_progress: 'in_shop',
  gunsmith_working: 'in_shop',
  work_in_progress: 'in_shop',
  parts_needed: 'in_shop',
  pending_parts: 'in_shop',
  approval_needed: 'in_shop',
  pending_approval: 'in_shop',
  work_complete: 'in_shop',
  quality_check: 'in_shop',
  completed: 'in_shop',
  ready_for_pickup: 'in_shop',
  awaiting_pickup: 'in_shop',
  ready_for_shipping: 'in_shop',
  payment_needed: 'in_shop',
  awaiting_payment: 'in_shop',
  shipped: 'left',
  delivered: 'left',
  order_closed: 'closed',
  payment_received: 'unsaid',
  cancelled: 'unsaid',
  problem_reported: 'unsaid',
}

/** The custody a status says (STATUS_CUSTODY); a value not in the catalogue (or none) says nothing. */
export const statusCustody = (status: string | null | undefined): StatusCustody => (status && STATUS_CUSTODY[status as OrderStatus]) || 'unsaid'

const LABELS: Record<string, string> = {
  evaluating: 'Evaluating Firearm',
  in_progress: 'Work In Progress',
  payment_received: 'Payment Received',
  customer_note: 'Customer Note',
  approval_requested: 'Approval Requested',
  approval_withdrawn: 'Approval Request Withdrawn',
  costs_approved: 'Additional Costs Approved',
  costs_rejected: 'Additional Costs Rejected',
  invoice_repaired: 'Invoice Repaired',
  release_override: 'Released With Balance Due',
  shipping_changed: 'Return Shipping Changed',
  payment_recorded: 'Payment Recorded',
  refund_issued: 'Refund Issued',
  adjustment_granted: 'Discount Applied',
  payment_flagged: 'Payment Needs Review',
  payment_disputed: 'Payment Disputed',
  intake_recorded: 'Firearm Received',
  box_received: 'Box Received',
  firearm_released: 'Firearm Released',
}

/** Unknown values title-cased without underscores; "Processing" when missing. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return 'Processing'
  if (LABELS[status]) return LABELS[status]
  return status
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ')
}

export type BadgeColor = 'warning' | 'red' | 'green' | 'success' | 'purple' | 'primary' | 'yellow' | 'blue' | 'grey'

const BADGES: Record<string, BadgeColor> = {
  parts_needed: 'warning',
  payment_needed: 'red',
  work_complete: 'green',
  shipped: 'success',
  order_closed: 'purple',
}

/** Badge colours of the order lists: anything not named is primary. */
export const statusBadge = (status: string | null | undefined): BadgeColor => (status && BADGES[status]) || 'primary'

const ARCHIVED_BADGES: Record<string, BadgeColor> = {
  pending_approval: 'yellow',
  pending_parts: 'yellow',
  work_in_progress: 'yellow',
  awaiting_pickup: 'blue',
  awaiting_payment: 'blue',
  completed: 'green',
  shipped: 'green',
  cancelled: 'red',
  problem_reported: 'red',
}

/** Badge colours of the archived list: others grey. */
export const archivedStatusBadge = (status: string | null | undefined): BadgeColor => (status && ARCHIVED_BADGES[status]) || 'grey'

/** Texts that get the special styling wherever they appear. */
export const HIGHLIGHTED_STATUS_TEXTS = ['Payment Needed', 'Work Complete', 'Order Closed'] as const
export const highlightedStatusText = (text: string | null | undefined) => HIGHLIGHTED_STATUS_TEXTS.find((t) => text?.includes(t)) ?? null

/** The 8-step customer timeline. */
export const TIMELINE = [
  { status: 'label_created', label: 'Label Created / Awaiting Shipment', progress: 10 },
  { status: 'arrived', label: 'Arrived at Facility', progress: 25 },
  { status: 'review', label: 'Gunsmith Review in Progress', progress: 40 },
  { status: 'in_progress', label: 'Repair in Progress', progress: 55 },
  { status: 'approval_needed', label: 'Awaiting Customer Approval', progress: 70 },
  { status: 'quality_check', label: 'Quality Check', progress: 85 },
  { status: 'shipped', label: 'Shipped to Customer', progress: 95 },
  { status: 'delivered', label: 'Delivered', progress: 100 },
] as const

/** Where the shop's own statuses sit on the customer's timeline. */
const TIMELINE_STEP_OF: Record<string, (typeof TIMELINE)[number]['status']> = {
  order_created: 'label_created',
  label_created: 'label_created',
  firearm_received: 'arrived',
  arrived: 'arrived',
  evaluating: 'review',
  gunsmith_evaluating: 'review',
  review: 'review',
  parts_received: 'in_progress',
  parts_needed: 'in_progress',
  in_progress: 'in_progress',
  gunsmith_working: 'in_progress',
  work_in_progress: 'in_progress',
  pending_parts: 'in_progress',
  approval_needed: 'approval_needed',
  pending_approval: 'approval_needed',
  work_complete: 'quality_check',
  quality_check: 'quality_check',
  payment_needed: 'quality_check',
  awaiting_payment: 'quality_check',
  payment_received: 'quality_check',
  ready_for_pickup: 'quality_check',
  ready_for_shipping: 'quality_check',
  awaiting_pickup: 'quality_check',
  completed: 'quality_check',
  shipped: 'shipped',
  delivered: 'delivered',
  order_closed: 'delivered',
}

/** The current step index (0-7) and progress percent for a status; unknown statuses sit at the first step. */
export function timelinePosition(status: string | null | undefined): { index: number; progress: number } {
  const step = (status && TIMELINE_STEP_OF[status]) || 'label_created'
  const index = TIMELINE.findIndex((s) => s.status === step)
  return { index, progress: TIMELINE[index].progress }
}

export const SERVICE_TYPES = ['Repair', 'Customization', 'Cleaning', 'Inspection', 'Cerakote', 'Trigger Job', 'Other'] as const

export const APPROVAL_STATUSES = ['not_required', 'pending', 'approved', 'rejected'] as const
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number]

/** Banners in order lists, shown only when the additional cost is above 0. */
export function approvalBanner(approval: ApprovalStatus | null | undefined, additionalCostCents: number): string | null {
  if (!(additionalCostCents > 0)) return null
  if (approval === 'approved') return 'Customer approved additional costs - Ready to order parts'
  if (approval === 'rejected') return 'Customer rejected additional costs - Needs attention'
  if (approval === 'pending') return 'Action required: Approval needed for additional costs'
  return null
}

/** The approval panel shows only for a requested decision on a cost above 0. */
export const showApprovalPanel = (approval: ApprovalStatus | null | undefined, additionalCostCents: number) =>
  !!approval && approval !== 'not_required' && additionalCostCents > 0

/** Orders that appear on /payments. */
export const PAYABLE_STATUSES = ['payment_needed', 'work_complete'] as const

/** "Payment Required" and the Make Payment link: a balance is due and the status asks for payment. */
export const needsPayment = (order: { currentStatus?: string | null; invoice?: { balanceDueCents: number } | null }) =>
  (order.invoice?.balanceDueCents ?? 0) > 0 && (PAYABLE_STATUSES as readonly string[]).includes(order.currentStatus ?? '')

/** "Action Required": the shop asked the customer to approve an additional cost above 0. */
export const needsApproval = (order: { additionalCostApprovalStatus?: ApprovalStatus | null; additionalCostCents?: number | null }) =>
  order.additionalCostApprovalStatus === 'pending' && (order.additionalCostCents ?? 0) > 0
