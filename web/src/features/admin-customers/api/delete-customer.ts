import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { customerKeys } from '@/lib/query-keys';

/** Archives the profile and disables the sign-in. */
export function deleteCustomer(id: string): Promise<Profile> {
  return api.delete<Profile>(`/admin/customers/${encodeURIComponent(id)}`);
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCustomer, onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }) });
}
