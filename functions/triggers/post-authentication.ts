import type { PostAuthenticationTriggerEvent } from 'aws-lambda'
import { errorFields, log } from '../lib/logger.ts'
import { staffRepository } from '../compose.ts'

/**
 * Records each successful sign-in on the person's profile (`lastSignInAt`: the staff list's "Last sign-in"). Cognito
 * runs it after the password, and for staff after the authenticator code; a failure here would refuse the sign-in,
 * so a write that fails is logged and the sign-in goes on.
 */
export async function recordSignIn(event: PostAuthenticationTriggerEvent): Promise<PostAuthenticationTriggerEvent> {
  const userId = event.request.userAttributes.sub
  if (!userId) return event
  try {
    await (await staffRepository()).recordSignIn(userId, new Date().toISOString())
  } catch (err) {
    log.error('could not record the sign-in', { userId, ...errorFields(err) })
  }
  return event
}
