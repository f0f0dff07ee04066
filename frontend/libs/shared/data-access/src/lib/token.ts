/** Where the login token is kept (docs/product.md#states-and-transitions). */
export const TOKEN_KEY = 'token';

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
  localStorage.removeItem(TOKEN_EXPIRES_KEY);
}

/** Where the session's refresh token and its access token's expiry (ms since epoch) are kept (docs/product.md#sessions). */
export const REFRESH_TOKEN_KEY = 'refreshToken';
export const TOKEN_EXPIRES_KEY = 'tokenExpiresAt';

export function readRefreshToken(): string | null {
  try {
    return localStorage.getItem(REFRESH_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Keeps a login's or a refresh's refresh token, and when its access token (expiresIn seconds from now) runs out. */
export function writeRefreshToken(refreshToken: string, expiresIn: number): void {
  localStorage.setItem(REFRESH_TOKEN_KEY, refreshToken);
  localStorage.setItem(TOKEN_EXPIRES_KEY, String(Date.now() + expiresIn * 1000));
}

/** When the stored access token expires (ms since epoch), or null when unknown. */
export function tokenExpiresAt(): number | null {
  try {
    const at = Number(localStorage.getItem(TOKEN_EXPIRES_KEY));
    return Number.isFinite(at) && at > 0 ? at : null;
  } catch {
    return null;
  }
}
