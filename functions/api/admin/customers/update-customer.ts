import { updateCustomerSchema } from '@gs/shared/schemas/customers'
import { createProfileRepository } from '../../../db/repositories/profiles.ts'
import { defaultTable } from '../../../db/table.ts'
import { forgetAccount } from '../../../auth/account-gate.ts'
import { defineRoute } from '../../../lib/http.ts'
import { updateCustomer } from '../../../use-cases/update-customer.ts'
import { presentProfile } from '../../me/present.ts'

/** PATCH /api/admin/customers/{id}: names, phone, SMS flag (never email or password). */
export const handler = defineRoute({ body: updateCustomerSchema }, async ({ params, body }) => {
  const profile = await updateCustomer({ profiles: createProfileRepository(defaultTable()), id: params.id, changes: body })
  forgetAccount(params.id) // the gate's cached first name (note author label)
  return { body: presentProfile(profile) }
})
