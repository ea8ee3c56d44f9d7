// The only module that imports Amplify. Loaded lazily through ./auth-client.
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword as amplifyConfirmResetPassword,
  confirmSignUp as amplifyConfirmSignUp,
  resetPassword as amplifyResetPassword,
  updatePassword as amplifyUpdatePassword,
  fetchAuthSession,
  signIn as amplifySignIn,
  signOut as amplifySignOut,
  signUp as amplifySignUp,
  type SignInOutput,
} from 'aws-amplify/auth';
import { normalizeEmail } from '@gs/shared/validation';
import { getConfig, type AppConfig } from '@/config/env';
import { roleFromGroups } from './roles';
import { AuthStepError, type AuthUser, type SignUpInput, type SignUpResult } from './types';

let configured: Promise<AppConfig> | null = null;

function ensureConfigured(): Promise<AppConfig> {
  if (!configured) {
    configured = getConfig()
      .then((config) => {
        Amplify.configure({
          Auth: {
            Cognito: {
              userPoolId: config.userPoolId,
              userPoolClientId: config.userPoolClientId,
              userPoolEndpoint: config.cognitoEndpoint ?? undefined,
              loginWith: { email: true },
            },
          },
        });
        return config;
      })
      .catch((error: unknown) => {
        configured = null;
        throw error;
      });
  }
  return configured;
}

export async function getCurrentUser(): Promise<AuthUser | null> {
  await ensureConfigured();
  const { tokens } = await fetchAuthSession();
  if (!tokens?.accessToken) return null;
  const access = tokens.accessToken.payload;
  const id = tokens.idToken?.payload;
  const email = typeof id?.email === 'string' ? id.email : typeof access.username === 'string' ? access.username : '';
  return {
    id: String(access.sub ?? ''),
    email,
    role: roleFromGroups(access['cognito:groups']),
  };
}

export async function getAccessToken(): Promise<string | null> {
  await ensureConfigured();
  const { tokens } = await fetchAuthSession();
  return tokens?.accessToken?.toString() ?? null;
}

function assertSignedIn(result: SignInOutput): void {
  if (result.isSignedIn) return;
  const step = result.nextStep.signInStep;
  if (step === 'CONFIRM_SIGN_UP') {
    throw new AuthStepError(step, 'Your account is not confirmed yet. Please check your email for the verification code.');
  }
  if (step === 'RESET_PASSWORD') {
    throw new AuthStepError(step, 'A password reset is required. Please contact the shop for assistance.');
  }
  throw new AuthStepError(step, 'This account needs an extra sign-in step. Please contact the shop for assistance.');
}

export async function signIn({ email, password }: { email: string; password: string }): Promise<AuthUser> {
  const config = await ensureConfigured();
  const input = {
    // One email, one account: Cognito gets every email trimmed and in lower case.
    username: normalizeEmail(email),
    password,
    // The local Cognito emulator has no SRP.
    options: config.cognitoEndpoint ? { authFlowType: 'USER_PASSWORD_AUTH' as const } : undefined,
  };
  let result: SignInOutput;
  try {
    result = await amplifySignIn(input);
  } catch (error) {
    // A stale session (another user, another tab) blocks a new sign-in: replace it.
    if ((error as Error)?.name !== 'UserAlreadyAuthenticatedException') throw error;
    await amplifySignOut();
    result = await amplifySignIn(input);
  }
  assertSignedIn(result);
  const user = await getCurrentUser();
  if (!user) throw new Error('Sign-in succeeded but no session was stored. Please try again.');
  return user;
}

export async function signUp(input: SignUpInput): Promise<SignUpResult> {
  await ensureConfigured();
  const email = normalizeEmail(input.email);
  const { isSignUpComplete, nextStep } = await amplifySignUp({
    username: email,
    password: input.password,
    options: {
      userAttributes: {
        email,
        given_name: input.firstName,
        family_name: input.lastName,
        ...(input.phone ? { phone_number: input.phone } : {}),
      },
      // Read by the sign-up triggers to create the profile.
      clientMetadata: {
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone ?? '',
      },
    },
  });

  if (nextStep.signUpStep === 'CONFIRM_SIGN_UP' && !isSignUpComplete) {
    return { status: 'confirmationRequired', destination: nextStep.codeDeliveryDetails?.destination ?? null };
  }
  // DONE (auto-confirmed by the pre-sign-up trigger) or COMPLETE_AUTO_SIGN_IN: sign in now.
  const user = await signIn({ email, password: input.password });
  return { status: 'signedIn', user };
}

export async function confirmSignUpAndSignIn({
  email,
  password,
  code,
}: {
  email: string;
  password: string;
  code: string;
}): Promise<AuthUser> {
  await ensureConfigured();
  await amplifyConfirmSignUp({ username: normalizeEmail(email), confirmationCode: code.trim() });
  return signIn({ email, password });
}

export async function signOut(): Promise<void> {
  await ensureConfigured();
  await amplifySignOut();
}

/**
 * Forgot password, step 1: Cognito sends a code to the account's email (in AWS through SES; under
 * `npm start` to the local inbox). With an unknown email Cognito answers the same (the pool prevents
 * user-existence errors), so the page says the same either way.
 */
export async function requestPasswordReset({ email }: { email: string }): Promise<{ destination: string | null }> {
  await ensureConfigured();
  const { nextStep } = await amplifyResetPassword({ username: normalizeEmail(email) });
  return { destination: nextStep.codeDeliveryDetails?.destination ?? null };
}

/** Forgot password, step 2: the emailed code and the new password. */
export async function confirmPasswordReset({ email, code, newPassword }: { email: string; code: string; newPassword: string }): Promise<void> {
  await ensureConfigured();
  await amplifyConfirmResetPassword({ username: normalizeEmail(email), confirmationCode: code.trim(), newPassword });
}

/** The signed-in user's own password (the profile page). */
export async function changePassword({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }): Promise<void> {
  await ensureConfigured();
  await amplifyUpdatePassword({ oldPassword, newPassword });
}
