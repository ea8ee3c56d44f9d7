// The only module that imports Amplify. Loaded lazily through ./auth-client.
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword as amplifyConfirmResetPassword,
  confirmSignIn as amplifyConfirmSignIn,
  confirmSignUp as amplifyConfirmSignUp,
  fetchMFAPreference,
  resetPassword as amplifyResetPassword,
  setUpTOTP,
  fetchAuthSession,
  signIn as amplifySignIn,
  signOut as amplifySignOut,
  signUp as amplifySignUp,
  updateMFAPreference,
  verifyTOTPSetup,
  type SignInOutput,
} from 'aws-amplify/auth';
import { normalizeEmail } from '@gs/shared/validation';
import { getConfig, type AppConfig } from '@/config/env';
import { roleFromGroups } from './roles';
import { AuthStepError, type AuthUser, type SignInResult, type SignUpInput, type SignUpResult } from './types';

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

/** The shop's name in authenticator apps ("Gunsmith Portal (admin@example.com)"). */
const TOTP_ISSUER = 'Gunsmith Portal';

/** What the sign-in form does next: the signed-in user, or the step Cognito asks for. */
async function nextOf(result: SignInOutput, email: string): Promise<SignInResult> {
  if (result.isSignedIn) {
    const user = await getCurrentUser();
    if (!user) throw new Error('Sign-in succeeded but no session was stored. Please try again.');
    return { status: 'signedIn', user };
  }
  const { nextStep } = result;
  switch (nextStep.signInStep) {
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { status: 'newPasswordRequired' };
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { status: 'totpRequired' };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
      const details = nextStep.totpSetupDetails;
      return { status: 'totpSetup', secret: details.sharedSecret, uri: details.getSetupUri(TOTP_ISSUER, email).toString() };
    }
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
      // Only TOTP is offered to this pool's users: choose it.
      return nextOf(await amplifyConfirmSignIn({ challengeResponse: 'TOTP' }), email);
    default:
      assertSignedIn(result);
      throw new AuthStepError(nextStep.signInStep, 'This account needs an extra sign-in step. Please contact the shop for assistance.');
  }
}

let pendingEmail = '';

/** Answers the step the last sign-in asked for: the new password, or the authenticator code. */
export async function confirmSignInStep({ response }: { response: string }): Promise<SignInResult> {
  await ensureConfigured();
  return nextOf(await amplifyConfirmSignIn({ challengeResponse: response.trim() }), pendingEmail);
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

export async function signIn({ email, password }: { email: string; password: string }): Promise<SignInResult> {
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
  pendingEmail = input.username;
  return nextOf(result, input.username);
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
  return { status: 'signedIn', user: await signedInUser(await signIn({ email, password: input.password })) };
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
  return signedInUser(await signIn({ email, password }));
}

/** A new customer's sign-in has no further step; one that has is an error here. */
function signedInUser(result: SignInResult): AuthUser {
  if (result.status === 'signedIn') return result.user;
  throw new AuthStepError(result.status, 'This account needs an extra sign-in step. Please sign in.');
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

/** Whether the signed-in user has an authenticator app (TOTP) set up for two-step sign-in. */
export async function getMfaStatus(): Promise<{ totpEnabled: boolean }> {
  await ensureConfigured();
  const { enabled } = await fetchMFAPreference();
  return { totpEnabled: enabled?.includes('TOTP') ?? false };
}

/**
 * Staff enrollment, step 1 (signed in, with the access token: the pool's MFA is optional, so Cognito
 * never asks for it at sign-in): a new key for the authenticator app and its otpauth:// link.
 */
export async function startTotpSetup(): Promise<{ secret: string; uri: string }> {
  await ensureConfigured();
  const details = await setUpTOTP();
  const email = (await getCurrentUser())?.email ?? '';
  return { secret: details.sharedSecret, uri: details.getSetupUri(TOTP_ISSUER, email || undefined).toString() };
}

/** Staff enrollment, step 2: the app's first code turns two-step sign-in on for every later sign-in. */
export async function confirmTotpSetup(code: string): Promise<void> {
  await ensureConfigured();
  await verifyTOTPSetup({ code: code.trim() });
  await updateMFAPreference({ totp: 'PREFERRED' });
}
