import type { Order, OrderDetail } from '@gs/shared/api-types';

// Shapes as API.md shows them (shared with the customer side and the presenters).
export type { AdminListOrder, ApprovalRequest, ExtraLine, Invoice, StatusUpdate } from '@gs/shared/api-types';
export type AdminOrder = Order;
export type AdminOrderDetail = OrderDetail;

export type OrderView = 'active' | 'archived';

export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  lists: ['admin', 'orders', 'list'] as const,
  list: (view: OrderView, limit: number) => ['admin', 'orders', 'list', view, limit] as const,
  detail: (orderId: string) => ['admin', 'orders', 'detail', orderId] as const,
};

/** Order ids are shown truncated to 8 characters (admin-side §9). */
export { shortOrderId as shortId } from '@gs/shared/api-types';
