import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustomerRow, Page } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { customerKeys } from '@/lib/query-keys';

export function listCustomers(search: string): Promise<Page<CustomerRow>> {
  return api.get<Page<CustomerRow>>('/admin/customers', { query: { search: search.trim() || undefined } });
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
