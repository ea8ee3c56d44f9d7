import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Order, OrderDetail } from '../types';
import type { OrderList } from './get-orders';
import { orderKeys } from './query-keys';

export type ApprovalDecision = { decision: 'approve' } | { decision: 'reject'; reason: string };

/** POST /api/orders/{orderId}/approval → the updated Order (409 unless the request is pending). */
export function decideApproval({ orderId, ...decision }: { orderId: string } & ApprovalDecision): Promise<Order> {
  return api.post<Order>(`/orders/${encodeURIComponent(orderId)}/approval`, decision);
}

export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    onSuccess: (order) => {
      // Show the decision at once everywhere the order is on screen, then refetch the rest
      // (the new history entry, the invoice that now bills an approved cost).
      queryClient.setQueryData<OrderList>(orderKeys.list(), (list) =>
        list ? { ...list, items: list.items.map((o) => (o.id === order.id ? order : o)) } : list,
      );
      queryClient.setQueryData<OrderDetail>(orderKeys.detail(order.id), (detail) =>
        detail ? { ...detail, ...order } : detail,
      );
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
