// Where the API client gets the signed-in user's access token. The app registers the auth
// client's source at startup (app/provider.tsx), so Amplify's loader (lib/auth) stays out of the
// API client's import graph. A module of its own, apart from api-client.ts, so that
// registering does not put the API client (and the /config.json loader) in the entry chunk:
// public pages make no API calls (the landing page's budget, test/unit/spa-budget.test.ts).

export type AccessTokenProvider = () => Promise<string | null>;

let accessTokenProvider: AccessTokenProvider = async () => null;

export function setAccessTokenProvider(provider: AccessTokenProvider): void {
  accessTokenProvider = provider;
}

/** The current access token (refreshed if due), or null when signed out. */
export function currentAccessToken(): Promise<string | null> {
  return accessTokenProvider();
}
