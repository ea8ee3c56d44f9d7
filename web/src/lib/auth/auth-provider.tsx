import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '@/lib/hydration';
import { useSessionQueryCache } from '@/lib/query-client-holder';
import { onSessionEnded, rememberSignInNotice } from '@/lib/session-end';
import * as authClient from './auth-client';
import type { AuthUser, SignInResult, SignUpInput, SignUpResult } from './types';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
}

export interface AuthContextValue extends AuthState {
  isAdmin: boolean;
  /** Signed in, or the next step the form must ask for (then `confirmSignInStep`). */
  signIn: (input: { email: string; password: string }) => Promise<SignInResult>;
  confirmSignInStep: (input: { response: string }) => Promise<SignInResult>;
  signUp: (input: SignUpInput) => Promise<SignUpResult>;
  confirmSignUp: (input: { email: string; password: string; code: string }) => Promise<AuthUser>;
  signOut: () => Promise<void>;
  /** Re-read the session (e.g. after another tab signed in or out). */
  refresh: () => Promise<void>;
  /** Start downloading the identity client before the user submits a form. */
  preload: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

// Other tabs' token writes closer together than this count as one change. (The original product
// dropped events within 1 s of the previous one; a trailing wait avoids reading half-written tokens.)
const STORAGE_SETTLE_MS = 300;

const SIGNED_OUT: AuthState = { status: 'signedOut', user: null };
const LOADING: AuthState = { status: 'loading', user: null };

export function AuthProvider({ children }: { children: ReactNode }) {
  // The query cache, once react-query has loaded (it comes with the signed-in routes).
  const queryClient = useSessionQueryCache();
  const [state, setState] = useState<AuthState>(() =>
    typeof window === 'undefined' || authClient.hasStoredSession() ? LOADING : SIGNED_OUT,
  );
  const checking = useRef<Promise<void> | null>(null);

  const refresh = useCallback((): Promise<void> => {
    if (checking.current) return checking.current;
    const run = authClient
      .getCurrentUser()
      .then((user) => setState(user ? { status: 'signedIn', user } : SIGNED_OUT))
      // A missing or unrecoverable session is "signed out", not an error screen.
      .catch(() => setState(SIGNED_OUT))
      .finally(() => {
        checking.current = null;
      });
    checking.current = run;
    return run;
  }, []);

  useEffect(() => {
    if (state.status === 'loading') void refresh();
    // Only on mount: later checks are triggered by events.
  }, []);

  // Another tab signed in or out: Amplify's token keys changed in localStorage. Amplify writes
  // several keys per sign-in, so wait until they settle, then check once.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onStorage = (event: StorageEvent) => {
      if (!authClient.isAuthStorageKey(event.key)) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        void refresh().then(() => queryClient.invalidateQueries());
      }, STORAGE_SETTLE_MS);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient, refresh]);

  const settle = useCallback(
    (result: SignInResult) => {
      if (result.status === 'signedIn') {
        queryClient.clear();
        setState({ status: 'signedIn', user: result.user });
      }
      return result;
    },
    [queryClient],
  );
  const signIn = useCallback<AuthContextValue['signIn']>(async (input) => settle(await authClient.signIn(input)), [settle]);
  const confirmSignInStep = useCallback<AuthContextValue['confirmSignInStep']>(async (input) => settle(await authClient.confirmSignInStep(input)), [settle]);

  const signUp = useCallback<AuthContextValue['signUp']>(
    async (input) => {
      const result = await authClient.signUp(input);
      if (result.status === 'signedIn') {
        queryClient.clear();
          setState({ status: 'signedIn', user: result.user });
      }
      return result;
    },
    [queryClient],
  );

  const confirmSignUp = useCallback<AuthContextValue['confirmSignUp']>(
    async (input) => {
      const user = await authClient.confirmSignUpAndSignIn(input);
      queryClient.clear();
      setState({ status: 'signedIn', user });
      return user;
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await authClient.signOut();
    } finally {
      // Even if the server-side revoke fails, this browser forgets the user.
      setState(SIGNED_OUT);
      queryClient.clear();
    }
  }, [queryClient]);

  // The API ended this sign-in (a password change elsewhere, two-step sign-in set up, an archive): forget it here
  // too, and the sign-in page says why.
  useEffect(
    () =>
      onSessionEnded((message) => {
        rememberSignInNotice(message);
        void signOut();
      }),
    [signOut],
  );

  // A pre-rendered page was rendered without a session: while it hydrates, the session is 'loading' (the state the
  // server rendered, with the header's session slot empty), and the real state follows in the next render.
  const hydrated = useHydrated();
  const shown = hydrated ? state : LOADING;

  const value = useMemo<AuthContextValue>(
    () => ({
      ...shown,
      isAdmin: shown.user?.role === 'admin',
      signIn,
      confirmSignInStep,
      signUp,
      confirmSignUp,
      signOut,
      refresh,
      preload: authClient.preloadAuthClient,
    }),
    [shown, signIn, confirmSignInStep, signUp, confirmSignUp, signOut, refresh],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
