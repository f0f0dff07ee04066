import { API_BASE } from './config';
import { readToken } from './token';
import { newTraceparent } from './trace';

export const GENERIC_ERROR = 'Something went wrong';

/** A non-2xx answer from the API; `message` is the body's `error` text when there is one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isUnauthorized = (e: unknown): boolean => e instanceof ApiError && e.status === 401;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** send the bearer token from local storage */
  auth?: boolean;
  signal?: AbortSignal;
  /** extra request headers (e.g. Idempotency-Key) */
  headers?: Record<string, string>;
}

export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  // Each call is its own trace, rooted in the browser (W3C traceparent, issue 10).
  const headers: Record<string, string> = {
    Accept: 'application/json',
    traceparent: newTraceparent(),
    ...opts.headers,
  };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.auth) {
    const token = readToken();
    if (token) headers['Authorization'] = `Bearer ${token}`;
  }
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiError(0, GENERIC_ERROR);
  }
  let data: unknown = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const body = (data ?? {}) as { error?: unknown; message?: unknown };
    const msg =
      (typeof body.error === 'string' && body.error) ||
      (typeof body.message === 'string' && body.message) ||
      GENERIC_ERROR;
    throw new ApiError(res.status, msg);
  }
  return data as T;
}
