import { useId, type ReactNode } from 'react';
import { formatCents } from '@gs/shared/money';
import type { Invoice } from '../../orders/types';

function Row({ label, children, strong = false, divider = false }: { label: string; children: ReactNode; strong?: boolean; divider?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 py-1 ${strong ? 'font-semibold' : ''} ${
        divider ? 'mt-1 border-t border-slate-200 pt-2 dark:border-slate-700' : ''
      }`}
    >
      <dt className={strong ? '' : 'text-slate-600 dark:text-slate-400'}>{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

/** Service, parts, tax, shipping, total, paid and balance of one invoice. */
export function InvoiceSummary({
  invoice,
  title = 'Invoice Summary',
  busy = false,
  children,
  className = '',
}: {
  invoice: Invoice;
  title?: string;
  busy?: boolean;
  children?: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900 ${className}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {invoice.invoiceNumber ? (
          <span className="text-xs text-slate-600 dark:text-slate-400">Invoice {invoice.invoiceNumber}</span>
        ) : null}
      </div>
      <dl className="mt-3 text-sm" aria-busy={busy || undefined}>
        <Row label="Service">{formatCents(invoice.serviceCents)}</Row>
        <Row label="Parts">{formatCents(invoice.partsCents)}</Row>
        <Row label="Tax (parts)">{formatCents(invoice.taxCents)}</Row>
        <Row label="Shipping">{formatCents(invoice.shippingCents)}</Row>
        <Row label="Total" strong divider>
          {formatCents(invoice.totalCents)}
        </Row>
        <Row label="Amount Paid">{formatCents(invoice.amountPaidCents)}</Row>
        <Row label="Balance Due" strong>
          <span data-testid="balance-due" className="text-base">
            {formatCents(invoice.balanceDueCents)}
          </span>
        </Row>
      </dl>
      {children}
    </section>
  );
}
