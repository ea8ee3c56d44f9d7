import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Profile } from '../../profile/api/get-me';
import { customerKeys } from '../types';

export interface UpdateCustomerInput {
  firstName: string;
  lastName: string;
  phone: string;
  enableSmsNotifications: boolean;
}

/** Names, phone and the SMS flag; email and password are not changed here. */
export function updateCustomer({ id, input }: { id: string; input: UpdateCustomerInput }): Promise<Profile> {
  return api.patch<Profile>(`/admin/customers/${encodeURIComponent(id)}`, input);
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCustomer, onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }) });
}
