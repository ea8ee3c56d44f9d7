import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Amplify is what the stored session keeps off the first paint: any call to it is counted here.
const amplify = vi.hoisted(() => ({
  getCurrentUser: vi.fn(async () => ({ id: 'from-amplify', email: 'amplify@example.com', role: 'customer' as const })),
  getAccessToken: vi.fn(async () => 'amplify-token'),
}));
vi.mock('@/lib/auth/amplify-auth-client', () => amplify);

const { getAccessToken, getCurrentUser, storedSession } = await import('@/lib/auth/auth-client');

const b64url = (o: object) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o)))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: object) => `${b64url({ alg: 'RS256' })}.${b64url(claims)}.signature`;
const PREFIX = 'CognitoIdentityServiceProvider.client123';
const NOW = Date.UTC(2026, 10, 27, 6, 0, 0);

function store(user: string, { exp = NOW / 1000 + 3600, groups = ['customer'] as unknown, email = 'zoë@example.com' } = {}) {
  const access = jwt({ sub: `sub-${user}`, exp, 'cognito:groups': groups, username: user, token_use: 'access' });
  localStorage.setItem(`${PREFIX}.LastAuthUser`, user);
  localStorage.setItem(`${PREFIX}.${user}.accessToken`, access);
  localStorage.setItem(`${PREFIX}.${user}.idToken`, jwt({ sub: `sub-${user}`, email, exp }));
  return access;
}

beforeEach(() => {
  localStorage.clear();
  amplify.getCurrentUser.mockClear();
  amplify.getAccessToken.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('the stored session (web/src/lib/auth/auth-client.ts): signed-in pages without Amplify on the first paint', () => {
  it("reads the user and the access token Amplify stored, the email from the id token (UTF-8), the role from the groups", () => {
    const access = store('u1', { groups: ['admin'] });
    expect(storedSession(NOW)).toEqual({ user: { id: 'sub-u1', email: 'zoë@example.com', role: 'admin' }, accessToken: access });
    store('u1', { groups: '[customer]' });
    expect(storedSession(NOW)?.user.role).toBe('customer');
  });

  it('leaves it to Amplify when the token is near its end or gone, when two sessions are stored, or when a token does not read', () => {
    expect(storedSession(NOW)).toBeNull();
    store('u1', { exp: NOW / 1000 + 4 * 60 });
    expect(storedSession(NOW)).toBeNull();
    store('u1');
    localStorage.setItem('CognitoIdentityServiceProvider.other.LastAuthUser', 'u2');
    expect(storedSession(NOW)).toBeNull();
    localStorage.clear();
    store('u1');
    localStorage.setItem(`${PREFIX}.u1.accessToken`, 'not-a-jwt');
    expect(storedSession(NOW)).toBeNull();
  });

  // Before any test loads Amplify (this module keeps it once loaded).
  it('is signed out with nothing stored, without loading Amplify', async () => {
    expect(await getAccessToken()).toBeNull();
    expect(amplify.getAccessToken).not.toHaveBeenCalled();
  });

  it('answers who is signed in and their token without loading Amplify while the token is fresh, and through Amplify otherwise', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const access = store('u1');
    expect(await getCurrentUser()).toEqual({ id: 'sub-u1', email: 'zoë@example.com', role: 'customer' });
    expect(await getAccessToken()).toBe(access);
    expect(amplify.getCurrentUser).not.toHaveBeenCalled();
    expect(amplify.getAccessToken).not.toHaveBeenCalled();
    store('u1', { exp: NOW / 1000 + 60 });
    expect(await getAccessToken()).toBe('amplify-token');
    expect(await getCurrentUser()).toEqual({ id: 'from-amplify', email: 'amplify@example.com', role: 'customer' });
    // Once Amplify is loaded (a sign-in, a refresh) it answers from then on.
    store('u1');
    expect(await getAccessToken()).toBe('amplify-token');
  });

});
