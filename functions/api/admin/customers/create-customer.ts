import { createCustomerSchema } from '@gs/shared/schemas/customers'
import { defaultUserDirectory } from '../../../auth/users.ts'
import { createProfileRepository } from '../../../db/repositories/profiles.ts'
import { defaultTable } from '../../../db/table.ts'
import { defineRoute } from '../../../lib/http.ts'
import { createCustomer } from '../../../use-cases/create-customer.ts'
import { presentProfile } from '../../me/present.ts'

/** POST /api/admin/customers → 201 Profile; a confirmed Cognito user in `customer` and its profile. */
export const handler = defineRoute({ body: createCustomerSchema }, async ({ body }) => {
  const profile = await createCustomer({ directory: defaultUserDirectory(), profiles: createProfileRepository(defaultTable()), input: body })
  return { statusCode: 201, body: presentProfile(profile) }
})
