import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminPaymentKeys, type AdminPaymentsPage, type AdminPaymentsQuery } from '../types';

/** GET /api/admin/payments: one page of 15, the filtered total and the stats of all payments. */
export function listAdminPayments(query: AdminPaymentsQuery): Promise<AdminPaymentsPage> {
  return api.get<AdminPaymentsPage>('/admin/payments', {
    query: { search: query.search || undefined, status: query.status || undefined, sort: query.sort, direction: query.direction, page: query.page },
  });
}

export function useAdminPayments(query: AdminPaymentsQuery) {
  return useQuery({
    queryKey: adminPaymentKeys.list(query),
    queryFn: () => listAdminPayments(query),
    placeholderData: keepPreviousData,
  });
}
