import type { ErrorCode } from '@gs/shared/api-types';
import { getConfig } from '@/config/env';
import { currentAccessToken } from './access-token';
import { sessionEnded } from './session-end';

// Contract error shape (docs/api.md, "Errors"): { error: { code, message, fields } }. `network_error` is the
// client's own (no answer); an unknown code from a newer server is kept as it came.
export type ApiErrorCode = ErrorCode | 'network_error' | (string & {});

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string>;
  /** Numbers the client acts on besides the message (a changed bill's `balanceDueCents`). */
  readonly details: Record<string, number>;

  constructor({ status, code, message, fields = {}, details = {} }: {
    status: number;
    code: ApiErrorCode;
    message: string;
    fields?: Record<string, string>;
    details?: Record<string, number>;
  }) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

const FALLBACK_MESSAGES: Record<number, string> = {
  401: 'Your session has expired. Please sign in again.',
  403: 'You do not have permission to do that.',
  404: 'Not found.',
};

function toApiError(status: number, body: unknown): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown; fields?: unknown; details?: unknown } } | null)?.error;
  const code = typeof error?.code === 'string' ? error.code : status >= 500 ? 'internal' : 'unknown';
  const message =
    typeof error?.message === 'string' && error.message
      ? error.message
      : FALLBACK_MESSAGES[status] ?? 'An unexpected error occurred';
  const fields =
    error?.fields && typeof error.fields === 'object' ? (error.fields as Record<string, string>) : {};
  const details =
    error?.details && typeof error.details === 'object' ? (error.details as Record<string, number>) : {};
  return new ApiError({ status, code, message, fields, details });
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Send the bearer token (default true). */
  auth?: boolean;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, auth = true } = options;
  const { apiUrl } = await getConfig();

  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  const url = `${apiUrl}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth) {
    const token = await currentAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: 'Could not reach the server. Check your connection and try again.',
    });
  }

  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }

  if (!response.ok) {
    const error = toApiError(response.status, parsed);
    if (error.status === 401 && error.code === 'session_ended') sessionEnded(error.message);
    throw error;
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
