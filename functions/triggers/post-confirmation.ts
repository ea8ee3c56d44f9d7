import type { PostConfirmationTriggerEvent } from 'aws-lambda'
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider'
import { cognitoClient } from '../auth/cognito.ts'
import { createProfileRepository } from '../db/repositories/profiles.ts'
import { defaultTable } from '../db/table.ts'
import { log } from '../lib/logger.ts'
import { registerCustomer } from '../use-cases/register-customer.ts'

/** Self-registered users join `customer` and get a profile. Safe to retry: both steps are idempotent. */
export const handler = async (event: PostConfirmationTriggerEvent) => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event
  const a = event.request.userAttributes
  await registerCustomer({
    profiles: createProfileRepository(defaultTable()),
    addToGroup: async (group) => {
      await cognitoClient().send(new AdminAddUserToGroupCommand({ UserPoolId: event.userPoolId, Username: event.userName, GroupName: group }))
    },
    user: { id: a.sub, email: a.email, firstName: a.given_name, lastName: a.family_name, phone: a.phone_number },
  })
  log.info('customer registered', { userId: a.sub })
  return event
}
