// The customer API's shapes live in shared/ (the presenters are typed against them).
export type { ApprovalRequest, ExtraLine, Invoice, Order, OrderDetail, Payment, StatusUpdate } from '@gs/shared/api-types';
export { shortOrderId } from '@gs/shared/api-types';
