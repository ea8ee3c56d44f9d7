import type * as Api from '@gs/shared/api-types'
import type { LedgerResult } from '#functions/use-cases/shop-ledger.ts'
import { presentOrder } from '#functions/api/present.ts'
import { presentAdminPayment } from '#functions/api/payments/present-payment.ts'

/** What a staff ledger route answers: the order as it is now (its invoice follows) and the entry recorded. */
export const presentLedgerResult = (r: LedgerResult): Api.LedgerResult => ({ order: presentOrder(r.order), payment: presentAdminPayment(r.entry) })
