// The boundary between the app and the identity provider. Everything behind it (Amplify and
// its ~35 kB gz) is loaded on first use, so public pages do not pay for it.
// Tests mock this module.
import { roleFromGroups } from './roles';
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

/** A stored token is used as it is only while it has this long to live; nearer its end Amplify refreshes it. */
const FRESH_FOR_MS = 5 * 60_000;

const claimsOf = (jwt: string | null): Record<string, unknown> | null => {
  try {
    const part = jwt?.split('.')[1];
    if (!part) return null;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(decodeURIComponent(Array.from(json, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/**
 * The session Amplify stored at sign-in, read without Amplify while its access token is fresh: the signed-in
 * pages then render and ask the API at once, and Amplify's ~40 kB gz (and its start-up work) stay off the first
 * paint. Null when there is none, more than one, or it is near its end: then Amplify decides (and
 * refreshes). Like Amplify, this trusts the browser's own storage for what to show; the API checks every token.
 */
export function storedSession(now = Date.now()): { user: AuthUser; accessToken: string } | null {
  try {
    const last = [...Array(localStorage.length).keys()].map((i) => localStorage.key(i) ?? '').filter((k) => STORED_SESSION_KEY.test(k));
    if (last.length !== 1) return null;
    const prefix = last[0].replace(/LastAuthUser$/, '');
    const username = localStorage.getItem(last[0]);
    const accessToken = username ? localStorage.getItem(`${prefix}${username}.accessToken`) : null;
    const access = claimsOf(accessToken);
    if (!accessToken || !access || typeof access.exp !== 'number' || access.exp * 1000 - now < FRESH_FOR_MS || typeof access.sub !== 'string') return null;
    const id = claimsOf(localStorage.getItem(`${prefix}${username}.idToken`));
    const email = typeof id?.email === 'string' ? id.email : typeof access.username === 'string' ? access.username : '';
    return { user: { id: access.sub, email, role: roleFromGroups(access['cognito:groups']) }, accessToken };
  } catch {
    return null;
  }
}

export async function getCurrentUser(): Promise<AuthUser | null> {
  if (!loading) {
    const stored = storedSession();
    if (stored) return stored.user;
  }
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
  if (!loading) {
    if (!hasStoredSession()) return null;
    const stored = storedSession();
    if (stored) return stored.accessToken;
  }
  return (await load()).getAccessToken();
}
