// GET /auth/export and DELETE /auth/account (docs/product.md#your-data): the gateway's own routes,
// not in the generated contract, so they are called here with the session's bearer token, renewed
// first when about to expire, as the typed client does.
import { useMutation } from '@tanstack/react-query';
import { API_BASE, ApiError, GENERIC_ERROR, readRefreshToken, readToken, refreshSession, tokenExpiresSoon } from '@slotwise/shared-data-access';

export const EXPORT_FILE_NAME = 'slotwise-my-data.json';

async function signedIn(method: 'GET' | 'DELETE', path: string, body?: unknown): Promise<Response> {
  let token = readToken();
  if (token && readRefreshToken() && tokenExpiresSoon()) {
    token = await refreshSession(token).catch(() => token);
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers['Authorization'] = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // No answer is status 0, as the typed client's unwrap says it: the screen then shows its own words.
  const res = await globalThis
    .fetch(`${API_BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' })
    .catch(() => Promise.reject(new ApiError(0, GENERIC_ERROR)));
  if (!res.ok) {
    const err = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, err?.message || GENERIC_ERROR);
  }
  return res;
}

const fetchMyData = () => signedIn('GET', '/auth/export').then((r) => r.blob());

/** Saves the file through a temporary link: the browser's own download, no new tab. */
function save(blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = EXPORT_FILE_NAME;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: () => fetchMyData().then(save) });
}

/** DELETE /auth/account with the password: the server's message on success (the account is gone). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) =>
      signedIn('DELETE', '/auth/account', { password })
        .then((r) => r.json() as Promise<{ message?: string }>)
        .then((r) => r.message ?? ''),
  });
}
