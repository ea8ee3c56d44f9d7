// Runtime configuration from /config.json (written by the stack in AWS, by `npm start`
// locally). Fetched once; every caller shares the same promise.
import type { PaymentsMode } from '@gs/shared/api-types';

export interface AppConfig {
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Set only for the local Cognito emulator; then sign-in uses USER_PASSWORD_AUTH. */
  cognitoEndpoint: string | null;
  paymentsMode: PaymentsMode;
  stripePublishableKey: string | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function requiredString(raw: Record<string, unknown>, key: string): string {
  const value = raw[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ConfigError(`Invalid application configuration: "${key}" is missing.`);
  }
  return value;
}

function optionalString(raw: Record<string, unknown>, key: string): string | null {
  const value = raw[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export function parseConfig(raw: unknown): AppConfig {
  if (typeof raw !== 'object' || raw === null) {
    throw new ConfigError('Invalid application configuration.');
  }
  const record = raw as Record<string, unknown>;
  return {
    apiUrl: (optionalString(record, 'apiUrl') ?? '/api').replace(/\/+$/, ''),
    region: optionalString(record, 'region') ?? '',
    userPoolId: requiredString(record, 'userPoolId'),
    userPoolClientId: requiredString(record, 'userPoolClientId'),
    cognitoEndpoint: optionalString(record, 'cognitoEndpoint'),
    paymentsMode: record.paymentsMode === 'stripe' ? 'stripe' : 'dev',
    stripePublishableKey: optionalString(record, 'stripePublishableKey'),
  };
}

let configPromise: Promise<AppConfig> | null = null;

export function getConfig(): Promise<AppConfig> {
  if (!configPromise) {
    configPromise = fetch('/config.json', { headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) {
          throw new ConfigError(`Could not load the application configuration (HTTP ${response.status}).`);
        }
        return parseConfig(await response.json());
      })
      .catch((error: unknown) => {
        // A failed load must not stick: the next caller tries again.
        configPromise = null;
        throw error;
      });
  }
  return configPromise;
}

/** Test hook: forget the cached configuration. */
export function resetConfigForTests(): void {
  configPromise = null;
}
