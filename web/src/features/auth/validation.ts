// Client-side form rules; the rules and messages are the shared ones the API uses.
import { toE164 } from '@gs/shared/phone';
import { isValidEmail, isValidPhone, messages, normalizePhone as stripPhone, PASSWORD_MIN_LENGTH } from '@gs/shared/validation';

export const MESSAGES = {
  ...messages,
  passwordsDoNotMatch: messages.passwordsDiffer,
} as const;

export { isValidPhone, PASSWORD_MIN_LENGTH };

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin({ email, password }: LoginValues): FieldErrors<keyof LoginValues> {
  const errors: FieldErrors<keyof LoginValues> = {};
  const trimmed = email.trim();
  if (!trimmed) errors.email = MESSAGES.emailRequired;
  else if (!isValidEmail(trimmed)) errors.email = MESSAGES.emailInvalid;
  if (!password) errors.password = MESSAGES.passwordRequired;
  return errors;
}

export interface RegistrationValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
}

/**
 * E.164 for Cognito's `phone_number`: the shared rule (shared/src/phone.ts toE164: a 10-digit number is
 * North American); a valid number it cannot place gets only the leading "+".
 */
export function normalizePhone(phone: string): string | undefined {
  const stripped = stripPhone(phone.trim());
  if (!stripped) return undefined;
  return toE164(stripped) ?? (stripped.startsWith('+') ? stripped : `+${stripped}`);
}

export function validateRegistration(values: RegistrationValues): FieldErrors<keyof RegistrationValues> {
  const errors: FieldErrors<keyof RegistrationValues> = {};
  if (!values.firstName.trim()) errors.firstName = MESSAGES.firstNameRequired;
  if (!values.lastName.trim()) errors.lastName = MESSAGES.lastNameRequired;

  const email = values.email.trim();
  if (!email) errors.email = MESSAGES.emailRequired;
  else if (!isValidEmail(email)) errors.email = MESSAGES.emailInvalid;

  if (values.phone.trim() && !isValidPhone(values.phone)) errors.phone = MESSAGES.phoneInvalid;

  if (!values.password) errors.password = MESSAGES.passwordRequired;
  else if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = MESSAGES.passwordTooShort;

  if (values.confirmPassword !== values.password) errors.confirmPassword = MESSAGES.passwordsDoNotMatch;
  return errors;
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
  if (name === 'NotAuthorizedException' && /disabled/i.test(message)) return MESSAGES.accountInactive;
  if (name === 'LimitExceededException' || name === 'TooManyRequestsException' || /attempts exceeded/i.test(message)) return TOO_MANY_ATTEMPTS;
  if (name === 'AuthStepError' && message) return message;
  if (name === 'NetworkError' || /failed to fetch|network/i.test(message)) return SIGN_IN_NETWORK_ERROR;
  return MESSAGES.loginFailed;
}

export function signUpErrorMessage(error: unknown): string {
  const message = (error as { message?: string } | null)?.message;
  return message ? message : MESSAGES.registrationFailed;
}
