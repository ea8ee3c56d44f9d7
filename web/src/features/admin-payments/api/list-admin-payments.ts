import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminPaymentsPage } from '@gs/shared/api-types';
import type { AdminPaymentsFilters } from '@gs/shared/schemas/admin-payments';
import { api } from '@/lib/api-client';
import { adminPaymentKeys } from '@/lib/query-keys';

/** GET /api/admin/payments: one page of 15 from `cursor` (the first without), the next cursor, the total when known, the stats. */
export function listAdminPayments(filters: AdminPaymentsFilters, cursor?: string): Promise<AdminPaymentsPage> {
  return api.get<AdminPaymentsPage>('/admin/payments', {
    query: { search: filters.search || undefined, status: filters.status || undefined, sort: filters.sort, direction: filters.direction, cursor },
  });
}

export function useAdminPayments(filters: AdminPaymentsFilters, cursor?: string) {
  return useQuery({
    queryKey: adminPaymentKeys.list(filters, cursor ?? null),
    queryFn: () => listAdminPayments(filters, cursor),
    placeholderData: keepPreviousData,
  });
}
