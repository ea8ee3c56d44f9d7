import { defaultUserDirectory } from '../../../auth/users.ts'
import { createProfileRepository } from '../../../db/repositories/profiles.ts'
import { defaultTable } from '../../../db/table.ts'
import { forgetAccount } from '../../../auth/account-gate.ts'
import { defineRoute } from '../../../lib/http.ts'
import { deleteCustomer } from '../../../use-cases/delete-customer.ts'
import { presentProfile } from '../../me/present.ts'

/** DELETE /api/admin/customers/{id}: archives the profile and disables the sign-in; 200 with the archived Profile. */
export const handler = defineRoute({}, async ({ params }) => {
  const profile = await deleteCustomer({ profiles: createProfileRepository(defaultTable()), directory: defaultUserDirectory(), id: params.id })
  forgetAccount(params.id) // this container refuses them at once; other warm ones within the gate's TTL
  return { body: presentProfile(profile) }
})
