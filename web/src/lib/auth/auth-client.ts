// The boundary between the app and the identity provider. Everything behind it (Amplify and
// its ~35 kB gz) is loaded on first use, so public pages do not pay for it.
// Tests mock this module.
import type { AuthUser, SignInResult, SignUpInput, SignUpResult } from './types';

type AmplifyAuthClient = typeof import('./amplify-auth-client');

let loading: Promise<AmplifyAuthClient> | null = null;

function load(): Promise<AmplifyAuthClient> {
  if (!loading) {
    loading = import('./amplify-auth-client').catch((error: unknown) => {
      loading = null;
      throw error;
    });
  }
  return loading;
}

// Amplify keeps tokens in localStorage under `CognitoIdentityServiceProvider.<clientId>.…`.
const STORED_SESSION_KEY = /^CognitoIdentityServiceProvider\..+\.LastAuthUser$/;

export function isAuthStorageKey(key: string | null): boolean {
  return key === null || key.startsWith('CognitoIdentityServiceProvider.');
}

/**
 * Whether a previous sign-in left tokens behind. Without any, the visitor is signed out
 * and there is no reason to download Amplify to find that out.
 */
export function hasStoredSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      if (STORED_SESSION_KEY.test(localStorage.key(i) ?? '')) return true;
    }
  } catch {
    // Storage blocked: let Amplify decide.
    return true;
  }
  return false;
}

export function preloadAuthClient(): void {
  void load().catch(() => undefined);
}

export async function getCurrentUser(): Promise<AuthUser | null> {
  return (await load()).getCurrentUser();
}

export async function signIn(input: { email: string; password: string }): Promise<SignInResult> {
  return (await load()).signIn(input);
}

/** Answers the step a sign-in asked for (a new password, an authenticator code). */
export async function confirmSignInStep(input: { response: string }): Promise<SignInResult> {
  return (await load()).confirmSignInStep(input);
}

export async function signUp(input: SignUpInput): Promise<SignUpResult> {
  return (await load()).signUp(input);
}

export async function confirmSignUpAndSignIn(input: {
  email: string;
  password: string;
  code: string;
}): Promise<AuthUser> {
  return (await load()).confirmSignUpAndSignIn(input);
}

export async function requestPasswordReset(input: { email: string }): Promise<{ destination: string | null }> {
  return (await load()).requestPasswordReset(input);
}

export async function confirmPasswordReset(input: { email: string; code: string; newPassword: string }): Promise<void> {
  return (await load()).confirmPasswordReset(input);
}

export async function changePassword(input: { oldPassword: string; newPassword: string }): Promise<void> {
  return (await load()).changePassword(input);
}

/** Whether the signed-in user has set up two-step sign-in with an authenticator app. */
export async function getMfaStatus(): Promise<{ totpEnabled: boolean }> {
  return (await load()).getMfaStatus();
}

/** Staff enrollment, step 1: a new authenticator key for the signed-in user and its otpauth:// link. */
export async function startTotpSetup(): Promise<{ secret: string; uri: string }> {
  return (await load()).startTotpSetup();
}

/** Staff enrollment, step 2: the app's code; on success two-step sign-in is on. */
export async function confirmTotpSetup(code: string): Promise<void> {
  return (await load()).confirmTotpSetup(code);
}

export async function signOut(): Promise<void> {
  return (await load()).signOut();
}

/** The current access token (refreshed if needed), or null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  if (!loading && !hasStoredSession()) return null;
  return (await load()).getAccessToken();
}
