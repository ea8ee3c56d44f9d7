import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminPaymentsPage } from '@gs/shared/api-types';
import type { AdminPaymentsFilters } from '@gs/shared/schemas/admin-payments';
import { api } from '@/lib/api-client';
import { adminPaymentKeys } from '@/lib/query-keys';

/** GET /api/admin/payments: one page of 15, the filtered total and the stats of all payments. */
export function listAdminPayments(filters: AdminPaymentsFilters): Promise<AdminPaymentsPage> {
  return api.get<AdminPaymentsPage>('/admin/payments', {
    query: { search: filters.search || undefined, status: filters.status || undefined, sort: filters.sort, direction: filters.direction, page: filters.page },
  });
}

export function useAdminPayments(filters: AdminPaymentsFilters) {
  return useQuery({
    queryKey: adminPaymentKeys.list(filters),
    queryFn: () => listAdminPayments(filters),
    placeholderData: keepPreviousData,
  });
}
