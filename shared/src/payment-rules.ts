import { formatCents } from './money.ts'

/** Stripe refuses a card charge under $0.50 USD; the dev gateway refuses it too, so the local stack walks the same path. */
export const MIN_CHARGE_CENTS = 50

export const chargeMessages = {
  belowMinimum: `A card payment must be at least ${formatCents(MIN_CHARGE_CENTS)}.`,
  balanceBelowMinimum: (balanceCents: number) =>
    `The balance of ${formatCents(balanceCents)} is below the ${formatCents(MIN_CHARGE_CENTS)} minimum for a card payment. Please pay it at the shop.`,
  leavesBelowMinimum: (balanceCents: number) =>
    `A partial payment must leave at least ${formatCents(MIN_CHARGE_CENTS)} owing. Pay the full balance of ${formatCents(balanceCents)}, or at most ${formatCents(balanceCents - MIN_CHARGE_CENTS)}.`,
}

export type ChargeProblem = { kind: 'below_minimum' | 'balance_below_minimum' | 'leaves_below_minimum'; message: string }

/**
 * Why a card charge of `amountCents` against a balance of `balanceCents` cannot be made, or null:
 * every charge is at least $0.50, and a partial one may not leave less than $0.50 owing (that rest
 * could then never be paid by card).
 */
export function cardChargeProblem(amountCents: number, balanceCents: number): ChargeProblem | null {
  if (balanceCents > 0 && balanceCents < MIN_CHARGE_CENTS) return { kind: 'balance_below_minimum', message: chargeMessages.balanceBelowMinimum(balanceCents) }
  if (amountCents < MIN_CHARGE_CENTS) return { kind: 'below_minimum', message: chargeMessages.belowMinimum }
  const rest = balanceCents - amountCents
  if (rest > 0 && rest < MIN_CHARGE_CENTS) return { kind: 'leaves_below_minimum', message: chargeMessages.leavesBelowMinimum(balanceCents) }
  return null
}
