import type { PreSignUpTriggerEvent } from 'aws-lambda'

/** Local only: there is no mailbox to confirm a sign-up from, so sign-ups are confirmed at once (then post-confirmation runs, as in AWS). */
export const handler = async (event: PreSignUpTriggerEvent) => {
  event.response.autoConfirmUser = true
  if (event.request.userAttributes.email) event.response.autoVerifyEmail = true
  return event
}
