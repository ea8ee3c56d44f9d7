import { ChangePasswordCommand } from '@aws-sdk/client-cognito-identity-provider'
import { passwordChangeMessages as m } from '@gs/shared/validation'
import { TooManyRequestsError, ValidationError } from '../lib/errors.ts'
import { cognitoClient } from './cognito.ts'

/**
 * The signed-in person's own password, changed at Cognito with their access token (Cognito's ChangePassword needs no
 * IAM rights: the token is the authorization). Cognito's refusals become the form's field messages: a wrong current
 * password, a new one its policy refuses (its own words say what is missing), too many tries.
 */
export async function changeOwnPassword({ accessToken, currentPassword, newPassword }: { accessToken: string; currentPassword: string; newPassword: string }): Promise<void> {
  try {
    await cognitoClient().send(new ChangePasswordCommand({ AccessToken: accessToken, PreviousPassword: currentPassword, ProposedPassword: newPassword }))
  } catch (err) {
    const { name, message = '' } = err as { name?: string; message?: string }
    if (name === 'NotAuthorizedException' && !/attempts exceeded/i.test(message)) throw new ValidationError(m.currentWrong, { currentPassword: m.currentWrong })
    if (name === 'InvalidPasswordException') throw new ValidationError(message, { newPassword: message })
    if (name === 'NotAuthorizedException' || name === 'LimitExceededException' || name === 'TooManyRequestsException') throw new TooManyRequestsError(m.tooManyAttempts)
    throw err
  }
}
