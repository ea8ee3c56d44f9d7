import type * as Api from '@gs/shared/api-types'
import { createLedgerRepository } from '#functions/db/repositories/ledger.ts'
import { defaultTable } from '#functions/db/table.ts'
import { cancelClosedCheckouts } from '#functions/payments/cancel-checkouts.ts'
import type { LedgerResult } from '#functions/use-cases/shop-ledger.ts'
import { presentOrder } from '#functions/api/present.ts'
import { presentAdminPayment } from '#functions/api/payments/present-payment.ts'

/** The ledger as staff routes write it (an order write that closes a checkout cancels it at the provider). */
export const ledgerRepository = () => createLedgerRepository(defaultTable(), { onCheckoutsClosed: cancelClosedCheckouts })

/** What a staff ledger route answers: the order as it is now (its invoice follows) and the entry recorded. */
export const presentLedgerResult = (r: LedgerResult): Api.LedgerResult => ({ order: presentOrder(r.order), payment: presentAdminPayment(r.entry) })
