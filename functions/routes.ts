/**
 * The one route table. The CDK API stack and the local gateway both build
 * their routes from it; the security matrix tests are generated from it.
 * `handler` is a module under functions/ (without extension) that exports
 * `handler: RouteHandler`; each function group is bundled with only its own
 * route modules (see functions/lib/group-entry.ts).
 */
import { isStaffAccess, type StaffAccess } from '@gs/shared/staff'

export type FunctionGroup = 'api-customer' | 'api-admin' | 'stripe-webhook'
/**
 * Who may call a route: anyone, any signed-in user, or staff (the `admin` group) of the roles a staff access level
 * names (shared/src/staff.ts STAFF_ACCESS: `staff` every role, `counter` owner and front desk, `owner`).
 */
export type Access = 'public' | 'user' | StaffAccess

/** A staff route: the caller must be in the `admin` group, with a role the access level allows. */
export const isStaffRoute = (r: Pick<RouteDef, 'access'>): boolean => isStaffAccess(r.access)
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RouteDef {
  method: HttpMethod
  path: string
  fn: FunctionGroup
  access: Access
  handler: string
  /** Local stack only (dev payments mode): never deployed to AWS nor bundled into a Lambda (see deployedRoutesFor). */
  devOnly?: true
}

export const routes: readonly RouteDef[] = [
  { method: 'GET', path: '/api/health', fn: 'api-customer', access: 'public', handler: 'api/health/get-health' },
  { method: 'GET', path: '/api/shop', fn: 'api-customer', access: 'public', handler: 'api/shop/get-shop' },
  { method: 'GET', path: '/api/me', fn: 'api-customer', access: 'user', handler: 'api/me/get-me' },
  { method: 'PATCH', path: '/api/me', fn: 'api-customer', access: 'user', handler: 'api/me/update-me' },
  { method: 'POST', path: '/api/me/password', fn: 'api-customer', access: 'user', handler: 'api/me/change-password' },
  { method: 'POST', path: '/api/me/two-step-sign-in', fn: 'api-customer', access: 'user', handler: 'api/me/record-two-step' },
  { method: 'GET', path: '/api/orders', fn: 'api-customer', access: 'user', handler: 'api/orders/list-orders' },
  { method: 'GET', path: '/api/orders/{orderId}', fn: 'api-customer', access: 'user', handler: 'api/orders/get-order' },
  { method: 'GET', path: '/api/orders/{orderId}/updates', fn: 'api-customer', access: 'user', handler: 'api/orders/list-order-updates' },
  { method: 'POST', path: '/api/orders/{orderId}/notes', fn: 'api-customer', access: 'user', handler: 'api/orders/add-order-note' },
  { method: 'POST', path: '/api/orders/{orderId}/approval', fn: 'api-customer', access: 'user', handler: 'api/orders/decide-approval' },
  { method: 'GET', path: '/api/orders/{orderId}/invoice', fn: 'api-customer', access: 'user', handler: 'api/orders/get-order-invoice' },
  { method: 'GET', path: '/api/notifications', fn: 'api-customer', access: 'user', handler: 'api/notifications/list-notifications' },
  { method: 'POST', path: '/api/notifications/{id}/read', fn: 'api-customer', access: 'user', handler: 'api/notifications/mark-notification-read' },
  { method: 'GET', path: '/api/admin/customers', fn: 'api-admin', access: 'counter', handler: 'api/admin/customers/list-customers' },
  { method: 'POST', path: '/api/admin/customers', fn: 'api-admin', access: 'counter', handler: 'api/admin/customers/create-customer' },
  { method: 'PATCH', path: '/api/admin/customers/{id}', fn: 'api-admin', access: 'counter', handler: 'api/admin/customers/update-customer' },
  { method: 'DELETE', path: '/api/admin/customers/{id}', fn: 'api-admin', access: 'counter', handler: 'api/admin/customers/delete-customer' },
  { method: 'POST', path: '/api/admin/customers/{id}/restore', fn: 'api-admin', access: 'counter', handler: 'api/admin/customers/restore-customer' },
  { method: 'GET', path: '/api/admin/customers/{id}/activity', fn: 'api-admin', access: 'counter', handler: 'api/admin/customers/list-activity' },
  { method: 'GET', path: '/api/admin/orders', fn: 'api-admin', access: 'staff', handler: 'api/admin/orders/list-orders' },
  { method: 'POST', path: '/api/admin/orders', fn: 'api-admin', access: 'counter', handler: 'api/admin/orders/create-order' },
  { method: 'GET', path: '/api/admin/orders/{orderId}', fn: 'api-admin', access: 'staff', handler: 'api/admin/orders/get-order' },
  { method: 'PATCH', path: '/api/admin/orders/{orderId}', fn: 'api-admin', access: 'staff', handler: 'api/admin/orders/update-order' },
  { method: 'DELETE', path: '/api/admin/orders/{orderId}', fn: 'api-admin', access: 'counter', handler: 'api/admin/orders/delete-order' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/approval-request', fn: 'api-admin', access: 'staff', handler: 'api/admin/orders/request-approval' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/archive', fn: 'api-admin', access: 'counter', handler: 'api/admin/orders/archive-order' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/unarchive', fn: 'api-admin', access: 'counter', handler: 'api/admin/orders/unarchive-order' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/restore', fn: 'api-admin', access: 'counter', handler: 'api/admin/orders/restore-order' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/assignment', fn: 'api-admin', access: 'counter', handler: 'api/admin/orders/assign-order' },
  { method: 'GET', path: '/api/admin/dashboard', fn: 'api-admin', access: 'staff', handler: 'api/admin/dashboard/get-dashboard' },
  { method: 'GET', path: '/api/admin/reports/turnaround', fn: 'api-admin', access: 'counter', handler: 'api/admin/reports/get-turnaround' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/receive', fn: 'api-admin', access: 'counter', handler: 'api/admin/orders/receive-firearm' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/box-received', fn: 'api-admin', access: 'counter', handler: 'api/admin/orders/box-received' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/release', fn: 'api-admin', access: 'counter', handler: 'api/admin/orders/release-firearm' },
  { method: 'GET', path: '/api/admin/book', fn: 'api-admin', access: 'counter', handler: 'api/admin/book/list-book' },
  { method: 'GET', path: '/api/admin/book/corrections', fn: 'api-admin', access: 'counter', handler: 'api/admin/book/list-corrections' },
  { method: 'GET', path: '/api/admin/book/missing', fn: 'api-admin', access: 'counter', handler: 'api/admin/book/list-missing' },
  { method: 'GET', path: '/api/admin/book/awaiting-intake', fn: 'api-admin', access: 'counter', handler: 'api/admin/book/list-awaiting-intake' },
  { method: 'POST', path: '/api/admin/book/imports', fn: 'api-admin', access: 'counter', handler: 'api/admin/book/import-book' },
  { method: 'GET', path: '/api/admin/inbox', fn: 'api-admin', access: 'counter', handler: 'api/admin/inbox/list-inbox' },
  { method: 'GET', path: '/api/admin/inbox/count', fn: 'api-admin', access: 'counter', handler: 'api/admin/inbox/count-inbox' },
  { method: 'POST', path: '/api/admin/inbox/{orderId}/handled', fn: 'api-admin', access: 'counter', handler: 'api/admin/inbox/mark-handled' },
  { method: 'GET', path: '/api/admin/book/{orderId}', fn: 'api-admin', access: 'counter', handler: 'api/admin/book/get-line' },
  { method: 'POST', path: '/api/admin/book/{orderId}/corrections', fn: 'api-admin', access: 'counter', handler: 'api/admin/book/correct-entry' },
  { method: 'GET', path: '/api/admin/orders/{orderId}/updates', fn: 'api-admin', access: 'staff', handler: 'api/admin/orders/list-updates' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/updates', fn: 'api-admin', access: 'staff', handler: 'api/admin/orders/add-update' },
  { method: 'GET', path: '/api/admin/orders/{orderId}/notifications', fn: 'api-admin', access: 'staff', handler: 'api/admin/orders/list-notifications' },
  { method: 'GET', path: '/api/admin/orders/{orderId}/activity', fn: 'api-admin', access: 'staff', handler: 'api/admin/orders/list-activity' },
  { method: 'PATCH', path: '/api/admin/orders/{orderId}/updates/{updateId}', fn: 'api-admin', access: 'staff', handler: 'api/admin/orders/edit-update' },
  { method: 'DELETE', path: '/api/admin/orders/{orderId}/updates/{updateId}', fn: 'api-admin', access: 'staff', handler: 'api/admin/orders/delete-update' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/lines', fn: 'api-admin', access: 'staff', handler: 'api/admin/orders/add-line' },
  { method: 'DELETE', path: '/api/admin/orders/{orderId}/lines/{lineId}', fn: 'api-admin', access: 'staff', handler: 'api/admin/orders/remove-line' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/approval-requests/{requestId}/withdraw', fn: 'api-admin', access: 'staff', handler: 'api/admin/orders/withdraw-approval' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/payments', fn: 'api-admin', access: 'counter', handler: 'api/admin/orders/record-payment' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/adjustments', fn: 'api-admin', access: 'owner', handler: 'api/admin/orders/record-adjustment' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/payments/{paymentId}/refunds', fn: 'api-admin', access: 'owner', handler: 'api/admin/orders/refund-payment' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/payments/{paymentId}/price-reduction', fn: 'api-admin', access: 'owner', handler: 'api/admin/orders/mark-price-reduction' },
  { method: 'GET', path: '/api/admin/staff', fn: 'api-admin', access: 'owner', handler: 'api/admin/staff/list-staff' },
  { method: 'POST', path: '/api/admin/staff', fn: 'api-admin', access: 'owner', handler: 'api/admin/staff/invite-staff' },
  { method: 'GET', path: '/api/admin/staff/gunsmiths', fn: 'api-admin', access: 'counter', handler: 'api/admin/staff/list-gunsmiths' },
  { method: 'PATCH', path: '/api/admin/staff/{staffId}', fn: 'api-admin', access: 'owner', handler: 'api/admin/staff/update-staff' },
  { method: 'POST', path: '/api/admin/staff/{staffId}/reset-two-step', fn: 'api-admin', access: 'owner', handler: 'api/admin/staff/reset-two-step' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/photos/uploads', fn: 'api-admin', access: 'staff', handler: 'api/admin/photos/create-upload' },
  { method: 'POST', path: '/api/admin/orders/{orderId}/photos/{photoId}/confirm', fn: 'api-admin', access: 'staff', handler: 'api/admin/photos/confirm-photo' },
  { method: 'GET', path: '/api/admin/orders/{orderId}/photos', fn: 'api-admin', access: 'staff', handler: 'api/admin/photos/list-photos' },
  { method: 'GET', path: '/api/orders/{orderId}/photos', fn: 'api-customer', access: 'user', handler: 'api/orders/list-order-photos' },
  { method: 'GET', path: '/api/admin/settings', fn: 'api-admin', access: 'staff', handler: 'api/admin/settings/get-settings' },
  { method: 'PUT', path: '/api/admin/settings', fn: 'api-admin', access: 'owner', handler: 'api/admin/settings/save-settings' },
  { method: 'GET', path: '/api/admin/service-types', fn: 'api-admin', access: 'staff', handler: 'api/admin/service-types/list-service-types' },
  { method: 'POST', path: '/api/admin/service-types', fn: 'api-admin', access: 'owner', handler: 'api/admin/service-types/create-service-type' },
  { method: 'PATCH', path: '/api/admin/service-types/{serviceTypeId}', fn: 'api-admin', access: 'owner', handler: 'api/admin/service-types/update-service-type' },
  { method: 'POST', path: '/api/payments/intents', fn: 'api-customer', access: 'user', handler: 'api/payments/create-intent' },
  { method: 'GET', path: '/api/payments/intents/{paymentIntentId}', fn: 'api-customer', access: 'user', handler: 'api/payments/get-intent' },
  { method: 'GET', path: '/api/payments', fn: 'api-customer', access: 'user', handler: 'api/payments/list-payments' },
  { method: 'POST', path: '/api/dev/payments/{paymentIntentId}/confirm', fn: 'api-customer', access: 'user', handler: 'api/dev/confirm-payment', devOnly: true },
  { method: 'POST', path: '/api/webhooks/stripe', fn: 'stripe-webhook', access: 'public', handler: 'webhooks/stripe-webhook' },
  { method: 'GET', path: '/api/admin/payments', fn: 'api-admin', access: 'counter', handler: 'api/admin/payments/list-payments' },
  { method: 'GET', path: '/api/admin/receivables', fn: 'api-admin', access: 'counter', handler: 'api/admin/receivables/list-receivables' },
  { method: 'GET', path: '/api/admin/invoices', fn: 'api-admin', access: 'counter', handler: 'api/admin/invoices/get-invoice' },
  { method: 'POST', path: '/api/admin/invoices/refresh', fn: 'api-admin', access: 'owner', handler: 'api/admin/invoices/refresh-invoice' },
  { method: 'POST', path: '/api/admin/invoices/{invoiceId}/fix', fn: 'api-admin', access: 'owner', handler: 'api/admin/invoices/fix-invoice' },
]

export const functionGroups: readonly FunctionGroup[] = ['api-customer', 'api-admin', 'stripe-webhook']

/** What each group cannot start without (functions/lib/env.ts requireEnv, at cold start; the CDK stack sets them). */
export const groupEnv: Record<FunctionGroup, ReadonlyArray<'tableName' | 'userPoolId' | 'photosBucket'>> = {
  'api-customer': ['tableName', 'photosBucket'],
  'api-admin': ['tableName', 'userPoolId', 'photosBucket'],
  'stripe-webhook': ['tableName'],
}

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`

export const routesFor = (fn: FunctionGroup) => routes.filter((r) => r.fn === fn)

/** The group's routes that exist in AWS (the CDK API stack and the Lambda entries): dev-only routes left out. */
export const deployedRoutesFor = (fn: FunctionGroup) => routesFor(fn).filter((r) => !r.devOnly)

/** Matches a concrete request path against a route path with `{param}` segments. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  return matchSegments(pattern.split('/'), path.split('/'))
}

/** matchPath on paths already split at '/' (the local gateway splits each route's pattern once). */
export function matchSegments(p: readonly string[], a: readonly string[]): Record<string, string> | null {
  if (p.length !== a.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < p.length; i++) {
    const seg = p[i]
    if (seg.startsWith('{') && seg.endsWith('}')) {
      if (!a[i]) return null
      try {
        params[seg.slice(1, -1)] = decodeURIComponent(a[i])
      } catch {
        return null
      }
    } else if (seg !== a[i]) return null
  }
  return params
}
