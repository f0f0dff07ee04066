// Sessions (docs/product.md#sessions): the access token lives minutes; the refresh token is
// exchanged quietly for new ones shortly before it runs out, or when a call answers 401 (the
// client then sends that call once more). Each refresh token works once, so the tabs of one
// browser take turns (a Web Lock) and a tab that finds the tokens already renewed uses them.
// When the server refuses, the session is over: the tokens are dropped and listeners told.
import type { components } from '@slotwise/shared-contract';
import { API_BASE } from './config';
import { clearToken, readRefreshToken, readToken, tokenExpiresAt, writeRefreshToken, writeToken } from './token';
import { newTraceparent } from './trace';

/** Renew this long before the access token expires. */
export const REFRESH_MARGIN_MS = 60_000;

type RefreshResponse = components['schemas']['v1RefreshResponse'];

const endedListeners = new Set<() => void>();

/** Calls `fn` when a refresh is refused (the session has ended); returns the unsubscribe. */
export function onSessionEnded(fn: () => void): () => void {
  endedListeners.add(fn);
  return () => {
    endedListeners.delete(fn);
  };
}

/** Whether the stored access token runs out within REFRESH_MARGIN_MS (false when its expiry is unknown). */
export function tokenExpiresSoon(now = Date.now()): boolean {
  const at = tokenExpiresAt();
  return at !== null && now >= at - REFRESH_MARGIN_MS;
}

let inflight: Promise<string | null> | null = null;

/**
 * The access token to use instead of `stale` (the one a call was sent with, or is about to be):
 * new tokens from POST /auth/refresh, or the ones another tab stored meanwhile. Null when there
 * is no session to refresh, or the server refused (then the tokens are gone and listeners told).
 * A network or server failure rejects and keeps the session: the next call tries again.
 */
export function refreshSession(stale: string | null): Promise<string | null> {
  if (!inflight) {
    inflight = oneTabAtATime(() => exchange(stale)).finally(() => {
      inflight = null;
    });
  }
  return inflight;
}

function oneTabAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('slotwise-refresh', fn) : fn();
}

async function exchange(stale: string | null): Promise<string | null> {
  const current = readToken();
  if (current && current !== stale && !tokenExpiresSoon()) return current; // renewed by another tab
  const refreshToken = readRefreshToken();
  if (!refreshToken) return null;
  const res = await globalThis.fetch(`${API_BASE}/auth/refresh`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', traceparent: newTraceparent() },
    body: JSON.stringify({ refreshToken }),
    cache: 'no-store',
  });
  if (res.ok) {
    const body = (await res.json()) as RefreshResponse;
    if (body.token && body.refreshToken) {
      writeToken(body.token);
      writeRefreshToken(body.refreshToken, body.expiresIn ?? 0);
      return body.token;
    }
  }
  if (res.ok || res.status === 400 || res.status === 401) {
    clearToken();
    endedListeners.forEach((fn) => fn());
    return null;
  }
  throw new Error(`refresh failed: ${res.status}`);
}

/** Ends this browser's session on the server (POST /auth/logout), quietly: signing out locally never waits for it. */
export function endSession(): void {
  const refreshToken = readRefreshToken();
  if (!refreshToken) return;
  globalThis
    .fetch(`${API_BASE}/auth/logout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refreshToken }),
      keepalive: true,
    })
    .catch(() => undefined);
}
