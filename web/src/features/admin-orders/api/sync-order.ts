import { useQueryClient } from '@tanstack/react-query';
import { adminOrderKeys, bookKeys } from '@/lib/query-keys';
import type { AdminOrder, AdminOrderDetail } from '../types';

/**
 * After a change the server answers with the order: it is shown at once (its lines, requests
 * and invoice), then the detail (for the history entry the change wrote), the lists and the A&D book
 * (an intake, a release or a correction is an entry of it) are re-read.
 */
export function useSyncAdminOrder() {
  const queryClient = useQueryClient();
  return (order: AdminOrder) => {
    queryClient.setQueryData<AdminOrderDetail>(adminOrderKeys.detail(order.id), (detail) => (detail ? { ...detail, ...order } : detail));
    void queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(order.id) });
    void queryClient.invalidateQueries({ queryKey: adminOrderKeys.lists });
    void queryClient.invalidateQueries({ queryKey: bookKeys.all });
  };
}
