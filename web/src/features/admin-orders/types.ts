import type { Order, OrderDetail } from '@gs/shared/api-types';
import type { AdminOrdersQuery } from '@gs/shared/schemas/admin-order-list';

// Shapes as docs/api.md shows them (shared with the customer side and the presenters).
export type { AdminListOrder, ApprovalRequest, ExtraLine, Invoice, StatusUpdate } from '@gs/shared/api-types';
export type AdminOrder = Order;
export type AdminOrderDetail = OrderDetail;

export type OrderView = AdminOrdersQuery['view'];

/** Order ids are shown truncated to 8 characters. */
export { shortOrderId as shortId } from '@gs/shared/api-types';
