// The customer API's shapes live in shared/ (the presenters are typed against them).
export type { Invoice, Order, OrderDetail, Part, Payment, StatusUpdate } from '@gs/shared/api-types';
export { shortOrderId } from '@gs/shared/api-types';
