import { defaultUserDirectory } from '#functions/auth/users.ts'
import { restoreProfile } from '#functions/db/repositories/profile-restore.ts'
import { createProfileRepository } from '#functions/db/repositories/profiles.ts'
import { defaultTable } from '#functions/db/table.ts'
import { forgetAccount } from '#functions/auth/account-gate.ts'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { restoreCustomer } from '#functions/use-cases/restore-customer.ts'
import { presentCustomerRow } from './present.ts'

/** POST /api/admin/customers/{id}/restore: un-archives the customer and enables the sign-in; 200 with the customer row (as the list has it). */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const table = defaultTable()
  const profiles = { getProfile: createProfileRepository(table).getProfile, restoreProfile: (id: string, audit?: Parameters<typeof restoreProfile>[2]) => restoreProfile(table, id, audit) }
  const profile = await restoreCustomer({ profiles, directory: defaultUserDirectory(), id: params.id, actor: actorOf(caller) })
  forgetAccount(params.id) // this container lets them in at once
  return { body: presentCustomerRow({ profile, orderCount: profile.orderCount ?? 0, latestOrder: profile.latestOrder ?? null }) }
})
