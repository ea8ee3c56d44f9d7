// What the forgot-password and change-password forms say. The field rules are the shared ones
// (shared/src/schemas/auth.ts: at least 8 characters, the confirmation equal), with the spec's messages.
import { messages, PASSWORD_MIN_LENGTH, passwordChangeMessages } from '@gs/shared/validation';

export const passwordMessages = {
  forgotLink: 'Forgot password?',
  forgotTitle: 'Reset Your Password',
  forgotIntro: 'Enter the email you sign in with. We will email you a code to choose a new password.',
  sendCode: 'Email Me a Code',
  sendingCode: 'Sending...',
  /** The same whether or not the email has an account. */
  codeSent: (email: string) => `If ${email} has an account, a code is on its way there. It can take a minute; check your spam folder too.`,
  codeLabel: 'Code from the email',
  newPasswordLabel: 'New Password',
  confirmLabel: 'Confirm New Password',
  resetButton: 'Reset Password',
  resetting: 'Resetting...',
  resendCode: 'Send a new code',
  codeRequired: 'Please enter the code from the email',
  codeMismatch: 'That code is not right. Check the email and try again.',
  codeExpired: 'That code has expired. Send a new code and try again.',
  tooManyAttempts: passwordChangeMessages.tooManyAttempts,
  resetFailed: 'Could not reset your password. Please try again.',
  resetDone: 'Your password has been reset. Sign in with your new password.',
  changeTitle: 'Change Password',
  currentPasswordLabel: 'Current Password',
  changeButton: 'Change Password',
  changing: 'Changing...',
  currentWrong: passwordChangeMessages.currentWrong,
  changeFailed: 'Could not change your password. Please try again.',
  changed: 'Your password has been changed. You are still signed in here; every other session has ended.',
  samePassword: passwordChangeMessages.samePassword,
  hint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
} as const;

/** What a failed Cognito password call means to the person; `fallback` for anything else. */
export function passwordErrorMessage(error: unknown, fallback: string): { field?: 'code' | 'newPassword' | 'currentPassword'; message: string } {
  const err = error as { name?: string; message?: string } | null;
  switch (err?.name) {
    case 'CodeMismatchException':
      return { field: 'code', message: passwordMessages.codeMismatch };
    case 'ExpiredCodeException':
      return { field: 'code', message: passwordMessages.codeExpired };
    case 'InvalidPasswordException':
      // Cognito's policy message ("Password does not conform to policy: …") says what is missing.
      return { field: 'newPassword', message: err.message || messages.passwordTooShort };
    case 'NotAuthorizedException':
      return /attempts exceeded/i.test(err.message ?? '') ? { message: passwordMessages.tooManyAttempts } : { field: 'currentPassword', message: passwordMessages.currentWrong };
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return { message: passwordMessages.tooManyAttempts };
    default:
      return { message: fallback };
  }
}
