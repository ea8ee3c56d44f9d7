import { useQueryClient } from '@tanstack/react-query';
import type { LedgerResult } from '@gs/shared/api-types';
import { adminOrderKeys, adminPaymentKeys } from '@/lib/query-keys';
import type { AdminOrderDetail } from '../types';

/**
 * After a ledger change: the order (its invoice) is shown at once, the lists and the payments page
 * are re-read, and the caller waits for the order's detail, so the new entry is in the ledger when
 * its dialog closes.
 */
export function useSyncLedger() {
  const queryClient = useQueryClient();
  return async ({ order }: LedgerResult) => {
    queryClient.setQueryData<AdminOrderDetail>(adminOrderKeys.detail(order.id), (detail) => (detail ? { ...detail, ...order } : detail));
    void queryClient.invalidateQueries({ queryKey: adminOrderKeys.lists });
    void queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all });
    await queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(order.id) });
  };
}
