import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Profile } from '../../profile/api/get-me';
import { customerKeys } from '../types';

export interface CreateCustomerInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone?: string;
  enableSmsNotifications?: boolean;
}

/** A duplicate email is a 409 with the message to show. */
export function createCustomer(input: CreateCustomerInput): Promise<Profile> {
  return api.post<Profile>('/admin/customers', input);
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCustomer, onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }) });
}
