// Stands in for web/src/lib/auth/auth-client (the app's boundary to Amplify).
// Use with: vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));
import { vi } from 'vitest';
import type { AuthUser, SignInResult, SignUpInput, SignUpResult } from '@/lib/auth/types';

export const fakeAuth = {
  /** The user a stored session belongs to; null means signed out. */
  user: null as AuthUser | null,
  /** When set, getCurrentUser never settles (auth still loading). */
  hang: false,
};

export const customer: AuthUser = { id: 'user-1', email: 'jane.doe@example.com', role: 'customer' };
export const admin: AuthUser = { id: 'admin-1', email: 'admin@example.com', role: 'admin' };

export function resetFakeAuth(user: AuthUser | null = null): void {
  fakeAuth.user = user;
  fakeAuth.hang = false;
  signIn.mockReset();
  confirmSignInStep.mockReset();
  signUp.mockReset();
  confirmSignUpAndSignIn.mockReset();
  signOut.mockReset();
  requestPasswordReset.mockReset();
  confirmPasswordReset.mockReset();
  changePassword.mockReset();
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
export const changePassword = vi.fn<(input: { oldPassword: string; newPassword: string }) => Promise<void>>();
