import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerRow } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { customerKeys } from '@/lib/query-keys';

/** Undoes a delete: the profile is active again (back in the customer list) and the sign-in is enabled. */
export function restoreCustomer(id: string): Promise<CustomerRow> {
  return api.post<CustomerRow>(`/admin/customers/${encodeURIComponent(id)}/restore`);
}

export function useRestoreCustomer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreCustomer, onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }) });
}
