// The sign-in and registration forms: their rules and messages are the shared ones
// (shared/src/schemas/auth.ts, built on shared/src/validation.ts); here is what the forms do around them.
import { toE164 } from '@gs/shared/phone';
import { messages, normalizePhone as stripPhone } from '@gs/shared/validation';

export { loginSchema, registrationSchema, type LoginValues, type RegistrationValues } from '@gs/shared/schemas/auth';

/**
 * E.164 for Cognito's `phone_number`: the shared rule (shared/src/phone.ts toE164: a 10-digit number is
 * North American); a valid number it cannot place gets only the leading "+".
 */
export function normalizePhone(phone: string): string | undefined {
  const stripped = stripPhone(phone.trim());
  if (!stripped) return undefined;
  return toE164(stripped) ?? (stripped.startsWith('+') ? stripped : `+${stripped}`);
}

/** When Cognito throttles sign-in attempts (many wrong passwords, or too many requests). */
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';
export const SIGN_IN_NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

/**
 * What the sign-in form shows for a failed attempt. Whatever went wrong with the email or the password
 * (unknown email, wrong password, an emulator's "Invalid password") reads as the spec's one fallback, so
 * the form never tells anyone which emails have accounts. Only a disabled account (the spec's inactive
 * text), throttling, a step this page cannot take and a lost connection say more.
 */
export function signInErrorMessage(error: unknown): string {
  const err = error as { name?: string; message?: string } | null;
  const name = err?.name ?? '';
  const message = err?.message ?? '';
  if (name === 'NotAuthorizedException' && /disabled/i.test(message)) return messages.accountInactive;
  if (name === 'LimitExceededException' || name === 'TooManyRequestsException' || /attempts exceeded/i.test(message)) return TOO_MANY_ATTEMPTS;
  if (name === 'AuthStepError' && message) return message;
  if (name === 'NetworkError' || /failed to fetch|network/i.test(message)) return SIGN_IN_NETWORK_ERROR;
  return messages.loginFailed;
}

export function signUpErrorMessage(error: unknown): string {
  const message = (error as { message?: string } | null)?.message;
  return message ? message : messages.registrationFailed;
}
