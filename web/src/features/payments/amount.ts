import { centsToInput, dollarsToCents } from '@gs/shared/money';
import { cardChargeProblem, type ChargeProblem } from '@gs/shared/payment-rules';
import { paymentPageMessages } from './messages';

/**
 * The payment amount field never holds more than the balance due: a larger
 * entry is replaced by the balance. Anything else is left as typed (validated on submit).
 */
export function clampAmountInput(raw: string, balanceCents: number): string {
  const cents = dollarsToCents(raw);
  if (cents !== null && cents > balanceCents) return centsToInput(balanceCents);
  return raw;
}

/**
 * The amount to charge in cents, or the message to show: 0 or less (or not a number) is invalid,
 * and the card rules the server applies (shared/src/payment-rules.ts) are explained before it is asked.
 */
export function parseAmount(raw: string, balanceCents: number): { cents: number } | { error: string; problem?: ChargeProblem['kind'] } {
  const cents = dollarsToCents(raw);
  if (cents === null || cents <= 0) return { error: paymentPageMessages.invalidAmount };
  const charge = Math.min(cents, balanceCents);
  const problem = cardChargeProblem(charge, balanceCents);
  return problem ? { error: problem.message, problem: problem.kind } : { cents: charge };
}

/** /payments/batch?orders=a,b: a comma list; blank entries dropped, duplicates once. */
export function parseBatchOrderIds(param: string | null | undefined): string[] {
  const ids = (param ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return [...new Set(ids)];
}
