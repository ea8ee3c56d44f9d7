import type { PostAuthenticationTriggerEvent, PostConfirmationTriggerEvent } from 'aws-lambda'
import { log } from '../lib/logger.ts'
import { addUserToGroup, profileRepository } from '../compose.ts'
import { registerCustomer } from '../use-cases/register-customer.ts'

/**
 * Self-registered users join `customer` and get a profile. Safe to retry: both steps are idempotent.
 * A password reset with the emailed code (ConfirmForgotPassword) ends every session of the person, as a change does.
 * The same function is the pool's post-authentication trigger: it records each sign-in (post-authentication.ts).
 */
export const handler = async (event: PostConfirmationTriggerEvent | PostAuthenticationTriggerEvent) => {
  // The pool's one trigger function also records each sign-in (post-authentication.ts).
  if (event.triggerSource === 'PostAuthentication_Authentication') return (await import('./post-authentication.ts')).recordSignIn(event)
  const a = event.request.userAttributes
  if (event.triggerSource === 'PostConfirmation_ConfirmForgotPassword') {
    const { endSessions } = await import('../auth/sessions.ts')
    await endSessions({ userId: a.sub, revoke: { userPoolId: event.userPoolId, username: event.userName } })
    return event
  }
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event
  await registerCustomer({
    profiles: await profileRepository(),
    addToGroup: (group) => addUserToGroup({ userPoolId: event.userPoolId, username: event.userName, group }),
    user: { id: a.sub, email: a.email, firstName: a.given_name, lastName: a.family_name, phone: a.phone_number },
  })
  log.info('customer registered', { userId: a.sub })
  return event
}
