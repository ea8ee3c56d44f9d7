import { listCustomersQuerySchema } from '@gs/shared/schemas/profile'
import { createProfileRepository } from '../../../db/repositories/profiles.ts'
import { defaultTable } from '../../../db/table.ts'
import { defineRoute } from '../../../lib/http.ts'
import { listCustomers } from '../../../use-cases/list-customers.ts'
import { presentProfile } from '../../me/present.ts'

export const handler = defineRoute({ query: listCustomersQuerySchema }, async ({ query }) => {
  const customers = await listCustomers({ profiles: createProfileRepository(defaultTable()), search: query.search })
  return { body: { items: customers.map((c) => ({ ...presentProfile(c), latestOrder: null, orderCount: 0 })), cursor: null } }
})
