// The first screen's data, asked for while the app's code is still on its way (docs/operations.md
// "Web speed on a phone"): the app's small first script (apps/web/src/prefetch.ts) starts these
// GETs from the address alone, and the API client (client.ts) answers the same public request
// from them, once, instead of sending it again after the code has loaded.
import { newTraceparent } from './trace';

/** A prefetched answer older than this is not used: the screen asks again. */
export const PREFETCH_TTL_MS = 10_000;

const store = new Map<string, { at: number; response: Promise<Response> }>();

/** The same request whatever the order of its query parameters. */
function keyOf(url: string): string {
  const u = new URL(url, globalThis.location?.origin ?? 'http://localhost');
  u.searchParams.sort();
  return `${u.origin}${u.pathname}?${u.searchParams.toString()}`;
}

/** Starts a public GET of `url` now, for the client to take later. */
export function prefetch(url: string): void {
  const response = globalThis.fetch(url, { headers: { Accept: 'application/json', traceparent: newTraceparent() }, cache: 'no-cache' });
  response.catch(() => undefined);
  store.set(keyOf(url), { at: Date.now(), response });
}

/**
 * The prefetched answer of a public GET (no token) to the same address, taken once and only while
 * fresh; null otherwise. A prefetch that got no answer is sent again as the request itself.
 */
export function takePrefetched(request: Request): Promise<Response> | null {
  if (request.method !== 'GET' || request.headers.has('Authorization')) return null;
  const key = keyOf(request.url);
  const hit = store.get(key);
  if (!hit) return null;
  store.delete(key);
  if (Date.now() - hit.at > PREFETCH_TTL_MS) return null;
  return hit.response.catch(() => globalThis.fetch(request));
}
