import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Invoice } from '../types';

/** GET /api/admin/invoices?orderId= ("Look Up Invoice"). */
export function lookUpInvoice(orderId: string): Promise<Invoice> {
  return api.get<Invoice>('/admin/invoices', { query: { orderId } });
}

/** POST /api/admin/invoices/refresh ("Standard Refresh"): recomputed from the order. */
export function refreshInvoice(orderId: string): Promise<Invoice> {
  return api.post<Invoice>('/admin/invoices/refresh', { orderId });
}

/** POST /api/admin/invoices/{invoiceId}/fix ("Direct Fix Invoice"): total = service + parts + tax. */
export function fixInvoice({ orderId, invoiceId }: { orderId: string; invoiceId: string }): Promise<Invoice> {
  return api.post<Invoice>(`/admin/invoices/${encodeURIComponent(invoiceId)}/fix`, { orderId });
}

export function useInvoiceActions() {
  return {
    lookUp: useMutation({ mutationFn: lookUpInvoice }),
    refresh: useMutation({ mutationFn: refreshInvoice }),
    fix: useMutation({ mutationFn: fixInvoice }),
  };
}
