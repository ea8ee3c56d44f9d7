import type { Role } from '@gs/shared/api-types';

export interface AuthUser {
  /** Cognito `sub`; also the profile id on the API. */
  id: string;
  email: string;
  role: Role;
}

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Already normalised to E.164 (+digits), or undefined when not given. */
  phone?: string;
}

/**
 * Where a sign-in stands: done, or the next step Cognito asks for. A customer the shop created must
 * choose their own password; staff type the code of their authenticator app, or first set one up.
 */
export type SignInResult =
  | { status: 'signedIn'; user: AuthUser }
  | { status: 'newPasswordRequired' }
  | { status: 'totpRequired' }
  /** The key to add to an authenticator app (`secret`, and as an otpauth:// link), then a code from it. */
  | { status: 'totpSetup'; secret: string; uri: string };

export type SignUpResult =
  | { status: 'signedIn'; user: AuthUser }
  /** The pool wants the emailed code first (AWS pools without the auto-confirm trigger). */
  | { status: 'confirmationRequired'; destination: string | null };

/** Thrown when Cognito asks for a sign-in step this SPA does not offer. */
export class AuthStepError extends Error {
  override name = 'AuthStepError';
  readonly step: string;
  constructor(step: string, message: string) {
    super(message);
    this.step = step;
  }
}
