import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys';
import type { Invoice, Order } from '../types';

/** GET /api/orders/{orderId}/invoice?shipping=…: the server's invoice with that shipping choice. */
export function getOrderInvoice(orderId: string, shipping: boolean): Promise<Invoice> {
  return api.get<Invoice>(`/orders/${encodeURIComponent(orderId)}/invoice`, { query: { shipping } });
}

/**
 * The invoice for a shipping choice. The order already carries its invoice for its own
 * choice, so the server is asked only for the other one (a preview; nothing is saved).
 */
export function useOrderInvoice(order: Order, shipping: boolean) {
  const own = shipping === order.shippingSelected;
  const query = useQuery({
    queryKey: orderKeys.invoice(order.id, shipping),
    queryFn: () => getOrderInvoice(order.id, shipping),
    enabled: !own,
    placeholderData: keepPreviousData,
  });
  return {
    invoice: own ? order.invoice : (query.data ?? order.invoice),
    isPreviewing: !own && query.isFetching,
    isError: !own && query.isError,
  };
}
