import type { Invoice } from '@gs/shared/api-types';
import { billedExtraCents } from '@gs/shared/invoice';
import { formatCents } from '@gs/shared/money';


/** "$150.00", or "$150.00 + $61.00 additional" when extra work is billed (the spec's " + additional cost"). */
export function costSummary(order: { estimatedCostCents: number; invoice: Pick<Invoice, 'partsCents' | 'laborCents'> }): string {
  const estimate = formatCents(order.estimatedCostCents);
  const extra = billedExtraCents(order.invoice);
  return extra > 0 ? `${estimate} + ${formatCents(extra)} additional` : estimate;
}
