import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@gs/shared/api-types';
import type { CreateCustomerInput } from '@gs/shared/schemas/customers';
import { api } from '@/lib/api-client';
import { customerKeys } from '@/lib/query-keys';

/** A duplicate email is a 409 with the message to show. */
export function createCustomer(input: CreateCustomerInput): Promise<Profile> {
  return api.post<Profile>('/admin/customers', input);
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCustomer, onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }) });
}
