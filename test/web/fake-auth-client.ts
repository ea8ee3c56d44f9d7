// Stands in for web/src/lib/auth/auth-client (the app's boundary to Amplify).
// Use with: vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));
import { vi } from 'vitest';
import type { AuthUser, SignInResult, SignUpInput, SignUpResult } from '@/lib/auth/types';

export const fakeAuth = {
  /** The user a stored session belongs to; null means signed out. */
  user: null as AuthUser | null,
  /** When set, getCurrentUser never settles (auth still loading). */
  hang: false,
  /** Whether the user has two-step sign-in (TOTP) on: staff pages need it. On by default, so admin page tests see their page. */
  totpEnabled: true,
};

/** The key and link startTotpSetup gives, and the one code confirmTotpSetup takes (any other is CodeMismatchException). */
export const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const TOTP_URI = `otpauth://totp/Gunsmith%20Portal:admin@example.com?secret=${TOTP_SECRET}&issuer=Gunsmith%20Portal`;
export const TOTP_CODE = '123456';

const fakeMfaStatus = async () => ({ totpEnabled: fakeAuth.totpEnabled });
const fakeStartTotpSetup = async () => ({ secret: TOTP_SECRET, uri: TOTP_URI });
const fakeConfirmTotpSetup = async (code: string) => {
  if (code.trim() !== TOTP_CODE) throw Object.assign(new Error('Code mismatch'), { name: 'CodeMismatchException' });
  fakeAuth.totpEnabled = true;
};

export const customer: AuthUser = { id: 'user-1', email: 'jane.doe@example.com', role: 'customer' };
export const admin: AuthUser = { id: 'admin-1', email: 'admin@example.com', role: 'admin' };

export function resetFakeAuth(user: AuthUser | null = null): void {
  fakeAuth.user = user;
  fakeAuth.hang = false;
  fakeAuth.totpEnabled = true;
  signIn.mockReset();
  confirmSignInStep.mockReset();
  signUp.mockReset();
  confirmSignUpAndSignIn.mockReset();
  signOut.mockReset();
  requestPasswordReset.mockReset();
  confirmPasswordReset.mockReset();
  getMfaStatus.mockReset();
  startTotpSetup.mockReset();
  confirmTotpSetup.mockReset();
  getMfaStatus.mockImplementation(fakeMfaStatus);
  startTotpSetup.mockImplementation(fakeStartTotpSetup);
  confirmTotpSetup.mockImplementation(fakeConfirmTotpSetup);
  signOut.mockImplementation(async () => {
    fakeAuth.user = null;
  });
}

export function hasStoredSession(): boolean {
  return fakeAuth.user !== null || fakeAuth.hang;
}

export function isAuthStorageKey(key: string | null): boolean {
  return key === null || key.startsWith('CognitoIdentityServiceProvider.');
}

export function preloadAuthClient(): void {}

export async function getCurrentUser(): Promise<AuthUser | null> {
  if (fakeAuth.hang) return new Promise(() => undefined);
  return fakeAuth.user;
}

export async function getAccessToken(): Promise<string | null> {
  return fakeAuth.user ? 'test-access-token' : null;
}

export const signIn = vi.fn<(input: { email: string; password: string }) => Promise<SignInResult>>();
export const confirmSignInStep = vi.fn<(input: { response: string }) => Promise<SignInResult>>();
export const signUp = vi.fn<(input: SignUpInput) => Promise<SignUpResult>>();
export const confirmSignUpAndSignIn =
  vi.fn<(input: { email: string; password: string; code: string }) => Promise<AuthUser>>();
export const signOut = vi.fn<() => Promise<void>>();
export const requestPasswordReset = vi.fn<(input: { email: string }) => Promise<{ destination: string | null }>>();
export const confirmPasswordReset = vi.fn<(input: { email: string; code: string; newPassword: string }) => Promise<void>>();
/** Reads fakeAuth.totpEnabled. */
export const getMfaStatus = vi.fn<() => Promise<{ totpEnabled: boolean }>>(fakeMfaStatus);
/** Gives TOTP_SECRET and TOTP_URI. */
export const startTotpSetup = vi.fn<() => Promise<{ secret: string; uri: string }>>(fakeStartTotpSetup);
/** TOTP_CODE turns fakeAuth.totpEnabled on; any other code throws CodeMismatchException. Its calls show the codes sent. */
export const confirmTotpSetup = vi.fn<(code: string) => Promise<void>>(fakeConfirmTotpSetup);
