// GET /auth/export: the gateway's "Download my data" file (docs/product.md#your-data). It is not
// in the generated contract (the gateway composes it from every service), so it is fetched here
// with the session's bearer token, renewed first when about to expire, as the typed client does.
import { useMutation } from '@tanstack/react-query';
import { API_BASE, ApiError, GENERIC_ERROR, readRefreshToken, readToken, refreshSession, tokenExpiresSoon } from '@slotwise/shared-data-access';

export const EXPORT_FILE_NAME = 'slotwise-my-data.json';

async function fetchMyData(): Promise<Blob> {
  let token = readToken();
  if (token && readRefreshToken() && tokenExpiresSoon()) {
    token = await refreshSession(token).catch(() => token);
  }
  const res = await globalThis.fetch(`${API_BASE}/auth/export`, {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    cache: 'no-store',
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, body?.message || GENERIC_ERROR);
  }
  return res.blob();
}

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
