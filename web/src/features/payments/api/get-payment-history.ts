import { useQuery } from '@tanstack/react-query';
import type { Page, Payment } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys';

/** Guards against a cursor that never ends. */
const MAX_PAGES = 50;

/**
 * GET /api/payments, every page (newest first). The history page shows 10 rows at a time with
 * "Page X of Y", so it needs the whole list; a customer's payments are few.
 */
export async function getPaymentHistory(): Promise<Payment[]> {
  const all: Payment[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < MAX_PAGES; i++) {
    const page: Page<Payment> = await api.get<Page<Payment>>('/payments', { query: { limit: 100, cursor } });
    all.push(...page.items);
    cursor = page.cursor;
    if (!cursor) break;
  }
  return all;
}

export function usePaymentHistory() {
  return useQuery({ queryKey: paymentKeys.history(), queryFn: getPaymentHistory });
}
