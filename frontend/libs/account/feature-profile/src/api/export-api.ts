// GET /auth/export and DELETE /auth/account (docs/product.md#your-data): the gateway's own routes,
// in the generated contract like every other (api/gateway/gateway.swagger.json), called with the
// signed-in client (the bearer token, renewed first when about to expire).
import { useMutation } from '@tanstack/react-query';
import { unwrap, userApi } from '@slotwise/shared-data-access';

export const EXPORT_FILE_NAME = 'slotwise-my-data.json';

/** The file as the server wrote it (its JSON, byte for byte). */
const fetchMyData = () => unwrap(userApi.GET('/auth/export', { parseAs: 'blob' })).then((b) => b as unknown as Blob);

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
      unwrap(userApi.DELETE('/auth/account', { body: { password } })).then((r) => r.message ?? ''),
  });
}
