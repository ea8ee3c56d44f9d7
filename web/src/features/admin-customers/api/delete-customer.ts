import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Profile } from '../../profile/api/get-me';
import { customerKeys } from '../types';

/** Archives the profile and disables the sign-in. */
export function deleteCustomer(id: string): Promise<Profile> {
  return api.delete<Profile>(`/admin/customers/${encodeURIComponent(id)}`);
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCustomer, onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }) });
}
