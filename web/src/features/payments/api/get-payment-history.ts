import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Payment } from '../types';
import { paymentKeys } from './query-keys';

interface PaymentPage {
  items: Payment[];
  cursor: string | null;
}

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
    const page: PaymentPage = await api.get<PaymentPage>('/payments', { query: { limit: 100, cursor } });
    all.push(...page.items);
    cursor = page.cursor;
    if (!cursor) break;
  }
  return all;
}

export function usePaymentHistory() {
  return useQuery({ queryKey: paymentKeys.history(), queryFn: getPaymentHistory });
}
