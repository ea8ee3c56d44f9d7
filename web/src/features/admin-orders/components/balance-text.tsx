import { formatCents } from '@gs/shared/money';

/** "Owes: $x" when a balance is due, else "Paid". */
export function BalanceText({ balanceDueCents }: { balanceDueCents: number }) {
  return balanceDueCents > 0 ? (
    <span className="font-semibold text-red-700 dark:text-red-300">Owes: {formatCents(balanceDueCents)}</span>
  ) : (
    <span className="font-semibold text-emerald-700 dark:text-emerald-300">Paid</span>
  );
}
