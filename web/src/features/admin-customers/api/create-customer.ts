import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@gs/shared/api-types';
import type { CreateCustomerInput } from '@gs/shared/schemas/customers';
import { api } from '@/lib/api-client';
import { customerKeys } from '@/lib/query-keys';

/** A duplicate email is a 409 with the message to show; `signal` cancels the request (the form's time-out). */
export function createCustomer(input: CreateCustomerInput, signal?: AbortSignal): Promise<Profile> {
  return api.post<Profile>('/admin/customers', input, { signal });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, signal }: { input: CreateCustomerInput; signal?: AbortSignal }) => createCustomer(input, signal),
    // Also after a time-out: the server may have finished the request the browser gave up on, and the list shows it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
