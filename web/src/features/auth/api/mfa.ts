import { useMutation, useQuery } from '@tanstack/react-query';
import { confirmTotpSetup, getMfaStatus, startTotpSetup } from '@/lib/auth/auth-client';
import { mfaQueryKey } from '@/lib/query-keys';

/**
 * Whether the signed-in user has two-step sign-in on (Cognito, not the API). Read once per visit:
 * an API answer `mfa_required` makes it be read again (lib/query-client.ts).
 */
export function useMfaStatus() {
  return useQuery({ queryKey: mfaQueryKey, queryFn: getMfaStatus, staleTime: Infinity });
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
