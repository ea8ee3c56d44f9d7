import { useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useHydrated } from '@/lib/hydration';

/** The query parameter of /login (and /register, /forgot-password) naming the page to open once signed in. */
export const REDIRECT_PARAM = 'redirect';

const MAX_REDIRECT_LENGTH = 2048;
/** The sign-in pages themselves: going back to one after signing in would only bounce to the dashboard. */
const AUTH_PAGES: string[] = [paths.auth.login.path, paths.auth.register.path, paths.auth.forgotPassword.path];

/**
 * The page to go to after signing in, if `raw` names one of this site's: a relative path that starts with a single
 * '/' (its query and hash kept). Anything else is null: another site's address ('https://…', '//host', '/\host',
 * which browsers read as '//host'), a scheme ('javascript:…'), control characters, or a sign-in page.
 */
export function safeRedirect(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_REDIRECT_LENGTH) return null;
  if (raw[0] !== '/' || raw[1] === '/' || raw.includes('\\')) return null;
  // Browsers drop tabs and newlines from addresses ('/\t/evil.example' is '//evil.example') and stop at other controls.
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, 'https://portal.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://portal.invalid') return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  if (AUTH_PAGES.includes(url.pathname.replace(/\/+$/, '') || '/')) return null;
  return path;
}

/**
 * Set when the person signs out themselves (the header's Sign Out) until the sign-in page opens: that page then
 * remembers no page to return to (whoever signs in next on this device starts at their own dashboard). A session that
 * ended otherwise (expired, ended by the API, signed out in another tab) still returns to where it was.
 */
let signingOutByChoice = false;
export const noteSignOutByChoice = (on: boolean) => {
  signingOutByChoice = on;
};
export const isSigningOutByChoice = () => signingOutByChoice;

/** A staff page (the SPA's /admin and below). */
const isStaffPage = (path: string) => /^\/admin(?:[/?#]|$)/.test(path);

/**
 * Where a signed-in visitor lands: the page they were sent to sign in from, unless it is a staff page and they are
 * a customer (then, as with no page named, their dashboard).
 */
export function landingAfterSignIn(target: string | null, isAdmin: boolean): string {
  if (!target || (isStaffPage(target) && !isAdmin)) return paths.app.dashboard.getHref();
  return target;
}

/** `href` (a sign-in page) with the page to return to, when there is one. */
export function withRedirect(href: string, target: string | null): string {
  if (!target) return href;
  return `${href}?${new URLSearchParams({ [REDIRECT_PARAM]: target }).toString()}`;
}

/** The sign-in page that returns to `target` (a path of this site, with its query) once signed in. */
export const loginHrefFor = (target: string) => withRedirect(paths.auth.login.getHref(), safeRedirect(target));

/**
 * The page this sign-in page returns to, from its query (checked by safeRedirect). Null while a pre-rendered page
 * hydrates: the build rendered it without a query, and the first render must match it.
 */
export function useRedirectTarget(): string | null {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  return hydrated ? safeRedirect(params.get(REDIRECT_PARAM)) : null;
}
