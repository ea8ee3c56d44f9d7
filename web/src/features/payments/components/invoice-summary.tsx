import { useId, type ReactNode } from 'react';
import { BillSummary } from '../../../components/billing/bill-summary';
import type { ExtraLine, Invoice } from '@gs/shared/api-types';

/** The invoice of one order as a card: its bill (service, lines, tax, shipping, total, paid, balance). */
export function InvoiceSummary({
  invoice,
  lines,
  title = 'Invoice Summary',
  busy = false,
  children,
  className = '',
}: {
  invoice: Invoice;
  lines: readonly ExtraLine[];
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
      <BillSummary invoice={invoice} lines={lines} busy={busy} className="mt-3">
        {children}
      </BillSummary>
    </section>
  );
}
