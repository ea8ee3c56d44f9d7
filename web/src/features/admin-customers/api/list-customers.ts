import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys, type CustomerRow } from '../types';

export function listCustomers(search: string): Promise<{ items: CustomerRow[] }> {
  return api.get<{ items: CustomerRow[] }>('/admin/customers', { query: { search: search.trim() || undefined } });
}

/** Customers (no admins, no archived); `search` matches name, email or phone on the server. */
export function useCustomers(search = '', { enabled = true }: { enabled?: boolean } = {}) {
  const term = search.trim();
  return useQuery({
    queryKey: customerKeys.list(term),
    queryFn: () => listCustomers(term),
    placeholderData: keepPreviousData,
    enabled,
  });
}
