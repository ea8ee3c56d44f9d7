import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@gs/shared/api-types';
import type { UpdateCustomerInput } from '@gs/shared/schemas/customers';
import { api } from '@/lib/api-client';
import { customerKeys } from '@/lib/query-keys';

/** Names, phone and the SMS flag; email and password are not changed here. */
export function updateCustomer({ id, input }: { id: string; input: UpdateCustomerInput }): Promise<Profile> {
  return api.patch<Profile>(`/admin/customers/${encodeURIComponent(id)}`, input);
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCustomer, onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }) });
}
