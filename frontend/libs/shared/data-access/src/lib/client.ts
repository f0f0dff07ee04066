// The typed client of the REST contract (openapi-fetch over the generated paths). Every call
// sends JSON and a new W3C trace; signed-in calls also send the bearer token. `unwrap` turns
// an answer into its body, or an ApiError carrying the server's message.
import createClient, { type Middleware } from 'openapi-fetch';
import type { Emitted, ErrorBody, paths } from '@slotwise/shared-contract';
import { GENERIC_ERROR } from '@slotwise/shared-util';
import { API_BASE } from './config';
import { takePrefetched } from './prefetch';
import { refreshSession, tokenExpiresSoon } from './refresh';
import { readRefreshToken, readToken } from './token';
import { newTraceparent } from './trace';

export { GENERIC_ERROR } from '@slotwise/shared-util';

/** A refused or failed call; `status` 0 means the request got no answer (network error). */
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

/** No answer, or the server failed (5xx): the same request may succeed when sent again. */
export const isRetryable = (e: unknown): boolean => e instanceof ApiError && (e.status === 0 || e.status >= 500);

/** Each call is its own trace, rooted in the browser (docs/adr/0029-web-screen-rules.md). */
const traced: Middleware = {
  onRequest({ request }) {
    request.headers.set('Accept', 'application/json');
    request.headers.set('traceparent', newTraceparent());
  },
};

/** A copy of each signed-in request, to send once more with a new token after a 401. */
const retryCopies = new WeakMap<Request, Request>();

/**
 * The bearer token from local storage, renewed first when it is about to expire; a 401 renews it
 * and sends the call once more (docs/product.md#sessions). A refused renewal leaves the 401 to the
 * caller, and the session's listeners sign out.
 */
const bearer: Middleware = {
  async onRequest({ request }) {
    let token = readToken();
    if (token && readRefreshToken() && tokenExpiresSoon()) {
      token = await refreshSession(token).catch(() => token);
    }
    if (!token) return request;
    request.headers.set('Authorization', `Bearer ${token}`);
    retryCopies.set(request, request.clone());
    return request;
  },
  async onResponse({ request, response }) {
    const copy = retryCopies.get(request);
    if (response.status !== 401 || !copy || !readRefreshToken()) return undefined;
    const sent = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;
    const token = await refreshSession(sent).catch(() => null);
    if (!token) return undefined;
    copy.headers.set('Authorization', `Bearer ${token}`);
    return globalThis.fetch(copy);
  },
};

// fetch is looked up on every call, so whatever answers it (the browser, a test's MSW) sees each request;
// a public GET the first script already started (prefetch.ts) is answered from that.
// cache 'no-cache': public reads carry Cache-Control max-age=5 for CDNs (docs/product.md "Fresh and kept"),
// but the app must show a change at once (a provider's own edit): the browser asks again every time,
// with the ETag it holds, and a 304 costs no body.
const options = { baseUrl: API_BASE, fetch: (request: Request) => takePrefetched(request) ?? globalThis.fetch(request), cache: 'no-cache' as const };

/** Public endpoints. */
export const api = createClient<paths>(options);
api.use(traced);

/** The signed-in user's endpoints: the bearer token from local storage. */
export const userApi = createClient<paths>(options);
userApi.use(traced, bearer);

/**
 * The body of a 2xx answer, as the gateway prints it (every field present, see Emitted); else an
 * ApiError with the body's `error` text (status 0 and a generic text when nothing answered).
 */
export async function unwrap<D>(call: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<Emitted<D>> {
  let result: { data?: D; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiError(0, GENERIC_ERROR);
  }
  if (result.response.ok) return result.data as Emitted<D>;
  const body = (result.error ?? {}) as Partial<ErrorBody>;
  const message = (typeof body.error === 'string' && body.error) || (typeof body.message === 'string' && body.message) || GENERIC_ERROR;
  throw new ApiError(result.response.status, message);
}
