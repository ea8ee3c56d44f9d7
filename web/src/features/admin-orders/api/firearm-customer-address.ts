import { useQuery } from '@tanstack/react-query';
import type { Address } from '@gs/shared/address';
import type { CustomersPage } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { customerKeys } from '@/lib/query-keys';

/**
 * The order's customer's mailing address (to prefill the intake's "received from" and a pickup's recipient):
 * GET /api/admin/customers?search=<email> finds the customer by the exact email (one bounded read), and the row
 * with the order's customer id carries `address`. Null when the customer has none (or is not found).
 */
export function useFirearmCustomerAddress(customer: { customerId: string; customerEmail: string }, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...customerKeys.all, 'address', customer.customerId] as const,
    queryFn: async (): Promise<Address | null> => {
      const page = await api.get<CustomersPage>('/admin/customers', { query: { search: customer.customerEmail, limit: 5 } });
      return page.items.find((row) => row.id === customer.customerId)?.address ?? null;
    },
    enabled: enabled && Boolean(customer.customerEmail),
    staleTime: 60_000,
  });
}
