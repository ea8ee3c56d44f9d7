// When the API says a sign-in has ended (401 `session_ended`: a password change or reset, two-step sign-in set up,
// an archived account), the app signs out and the sign-in page says why. A module of its own, without imports, so
// the API client can announce it without loading the auth provider (as access-token.ts).

type Listener = (message: string) => void;

let listener: Listener | undefined;
let holding = 0;

/** The app's answer to an ended session (the auth provider registers it); returns the unregister function. */
export function onSessionEnded(fn: Listener): () => void {
  listener = fn;
  return () => {
    if (listener === fn) listener = undefined;
  };
}

/** The API refused this sign-in as ended: sign out, and say `message` on the sign-in page. */
export function sessionEnded(message: string): void {
  if (holding === 0) listener?.(message);
}

/**
 * Runs work that ends this sign-in on purpose and signs in again (a password change): requests refused as ended
 * meanwhile do not sign the person out.
 */
export async function whileSigningInAgain<T>(work: () => Promise<T>): Promise<T> {
  holding += 1;
  try {
    return await work();
  } finally {
    holding -= 1;
  }
}

const NOTICE_KEY = 'gs.signInNotice';

/** Keeps a message for the next sign-in page (across the redirect to it). */
export function rememberSignInNotice(message: string): void {
  try {
    sessionStorage.setItem(NOTICE_KEY, message);
  } catch {
    // Storage blocked: the sign-in page shows no reason.
  }
}

/** The message kept for this sign-in page, once. */
export function takeSignInNotice(): string | null {
  try {
    const message = sessionStorage.getItem(NOTICE_KEY);
    sessionStorage.removeItem(NOTICE_KEY);
    return message;
  } catch {
    return null;
  }
}
