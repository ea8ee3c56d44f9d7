import type { Invoice, InvoiceCheck, InvoiceFix } from '@gs/shared/api-types';
import type { InvoiceFixInput, InvoiceRefreshInput } from '@gs/shared/schemas/admin-payments';
import { api } from '@/lib/api-client';

/** GET /api/admin/invoices?orderId= ("Look Up Invoice"): the order's id or number; the invoice now and as stored. */
export function lookUpInvoice(orderId: string): Promise<InvoiceCheck> {
  return api.get<InvoiceCheck>('/admin/invoices', { query: { orderId } });
}

/** POST /api/admin/invoices/refresh ("Standard Refresh"): recomputed from the order and stored. */
export function refreshInvoice(orderId: string): Promise<Invoice> {
  return api.post<Invoice>('/admin/invoices/refresh', { orderId } satisfies InvoiceRefreshInput);
}

/**
 * POST /api/admin/invoices/{invoiceId}/fix ("Direct Fix Invoice"): the invoice with the amount paid
 * re-read from the payment records. `preview` shows before → after and changes nothing; applying
 * needs the previewed `version` (a 409 when the order changed since).
 */
export function previewInvoiceFix({ orderId, invoiceId }: { orderId: string; invoiceId: string }): Promise<InvoiceFix> {
  return api.post<InvoiceFix>(`/admin/invoices/${encodeURIComponent(invoiceId)}/fix`, { orderId, preview: true } satisfies InvoiceFixInput);
}

export function applyInvoiceFix({ orderId, invoiceId, version }: { orderId: string; invoiceId: string; version: number }): Promise<InvoiceFix> {
  return api.post<InvoiceFix>(`/admin/invoices/${encodeURIComponent(invoiceId)}/fix`, { orderId, version } satisfies InvoiceFixInput);
}
