// Client-side form rules of customer-side §5; the rules and messages are the shared ones the API uses.
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
 * E.164 for Cognito's `phone_number`: "+digits". A bare 10-digit number is taken as a US
 * number (the shop bills in USD, en-US); anything else gets only the leading "+".
 */
export function normalizePhone(phone: string): string | undefined {
  const stripped = stripPhone(phone.trim());
  if (!stripped) return undefined;
  if (stripped.startsWith('+')) return stripped;
  return stripped.length === 10 ? `+1${stripped}` : `+${stripped}`;
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

const CREDENTIAL_ERRORS = new Set(['NotAuthorizedException', 'UserNotFoundException']);

/** What the sign-in form shows for a failed attempt: the error's message or the fallback. */
export function signInErrorMessage(error: unknown): string {
  const err = error as { name?: string; message?: string } | null;
  // Wrong password and unknown user read the same, so accounts cannot be probed.
  if (!err || CREDENTIAL_ERRORS.has(err.name ?? '') || !err.message) return MESSAGES.loginFailed;
  return err.message;
}

export function signUpErrorMessage(error: unknown): string {
  const message = (error as { message?: string } | null)?.message;
  return message ? message : MESSAGES.registrationFailed;
}
