import { useMutation, useQuery } from '@tanstack/react-query';
import { confirmTotpSetup, getMfaStatus, startTotpSetup } from '@/lib/auth/auth-client';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { mfaQueryKey } from '@/lib/query-keys';

/** Where this browser remembers that a staff member has two-step sign-in on (a yes only). */
const knownKey = (userId: string) => `gs.staffTotp.${userId}`;

function known(userId: string | undefined): boolean {
  try {
    return Boolean(userId) && localStorage.getItem(knownKey(userId!)) === '1';
  } catch {
    return false;
  }
}

function remember(userId: string | undefined, totpEnabled: boolean) {
  try {
    if (!userId) return;
    if (totpEnabled) localStorage.setItem(knownKey(userId), '1');
    else localStorage.removeItem(knownKey(userId));
  } catch {
    // Storage blocked: asked again next visit.
  }
}

/**
 * Whether the signed-in user has two-step sign-in on (Cognito, not the API). Read once per visit; a staff member
 * this browser has seen with it on is not asked again, so the staff pages render at once, without loading the
 * identity client or waiting for Cognito. The API still refuses a staff request without it: its
 * answer `mfa_required` makes the status be read again (lib/query-client.ts), and a no is never remembered.
 */
export function useMfaStatus() {
  const { user } = useAuth();
  return useQuery({
    queryKey: mfaQueryKey,
    queryFn: async () => {
      const status = await getMfaStatus();
      remember(user?.id, status.totpEnabled);
      return status;
    },
    staleTime: Infinity,
    ...(known(user?.id) ? { initialData: { totpEnabled: true } } : {}),
  });
}

/**
 * Asks Cognito for a new authenticator key. A mutation, not a query: each call replaces the key
 * the app must be set up with, so it runs when the enrollment asks for it and never on a refetch.
 */
export function useStartTotpSetup() {
  return useMutation({ mutationFn: () => startTotpSetup() });
}

/** The first code from the app: on success two-step sign-in is on. */
export function useConfirmTotpSetup() {
  return useMutation({ mutationFn: (code: string) => confirmTotpSetup(code) });
}

/**
 * POST /api/me/two-step-sign-in, right after the app is set up: the API records it and ends every session of the
 * person, this one included (it was signed in with the password alone).
 */
export function recordTwoStepSignIn(): Promise<void> {
  return api.post<void>('/me/two-step-sign-in');
}
