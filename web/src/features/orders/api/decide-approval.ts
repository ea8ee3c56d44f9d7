import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderDetail } from '@gs/shared/api-types';
import type { ApprovalDecisionInput } from '@gs/shared/schemas/orders';
import { ApiError, api } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys';
import { replaceOrderInLists } from './get-orders';

/**
 * POST /api/orders/{orderId}/approval → the updated Order. With the `requestId` the customer read,
 * an answer to a request that is no longer the pending one is refused (409).
 */
export function decideApproval({ orderId, ...decision }: { orderId: string } & ApprovalDecisionInput): Promise<Order> {
  return api.post<Order>(`/orders/${encodeURIComponent(orderId)}/approval`, decision);
}

export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    onSuccess: (order) => {
      // Show the decision at once everywhere the order is on screen, then refetch the rest
      // (the new history entry, the invoice that now bills an approved cost).
      replaceOrderInLists(queryClient, order);
      queryClient.setQueryData<OrderDetail>(orderKeys.detail(order.id), (detail) =>
        detail ? { ...detail, ...order } : detail,
      );
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
    // The request changed meanwhile (withdrawn, or answered elsewhere): show the order as it is now.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
