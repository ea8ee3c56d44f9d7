/**
 * What Cognito itself mails people: the sign-up code, the password-reset code and the
 * welcome of a person the shop created (a customer, or a staff member an owner invited), with their temporary
 * password: one invitation template for the pool, so its words fit both. One source for the CDK user
 * pool (its verification and invitation templates; Cognito fills in {####} and {username}) and for the
 * local stack, where cognito-local's codes are mailed to the local inbox with the same words
 * (infra/local/cognito-mail.cjs). The portal's address is named when it is known when the pool is
 * written (a custom domain; always locally).
 */
export interface CognitoMessages {
  /** Sign-up confirmation, and the code of a password reset (Cognito uses the verification template for both). */
  verification: { subject: string; body: string }
  /** AdminCreateUser: the welcome with the temporary password (customers the shop adds, staff an owner invites). */
  invitation: { subject: string; body: string }
}

export function cognitoMessages(portalUrl?: string): CognitoMessages {
  const where = portalUrl ? ` at ${portalUrl}/login` : ''
  return {
    verification: {
      subject: 'Your verification code',
      body: 'Your verification code is {####}. Enter it on the page that asked for it. If you did not ask for a code, you can ignore this email.',
    },
    invitation: {
      subject: 'Your account on the shop portal',
      body: `The shop has created your account on its portal, where you follow your firearm orders (staff: where you work on them). Sign in${where} with your email {username} and this temporary password: {####} . You will then choose your own password (staff also set up an authenticator app). The temporary password expires in 7 days; call the shop for a new one.`,
    },
  }
}
