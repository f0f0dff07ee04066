// PUT /auth/profile; the session's copy of the profile refreshes after a save.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { asUser, type ProfileUpdateRequest } from '@slotwise/shared-contract';
import { queryRoots, unwrap, userApi } from '@slotwise/shared-data-access';

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) => unwrap(userApi.PUT('/auth/profile', { body })).then((r) => asUser(r.user)),
    onSuccess: () => qc.invalidateQueries({ queryKey: [queryRoots.profile] }),
  });
}

/** PUT /auth/password: the server's message on success (every other session ends). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      unwrap(userApi.PUT('/auth/password', { body })).then((r) => r.message),
  });
}

/** POST /auth/logout-all: ends every session, this one too. */
export function useSignOutEverywhere() {
  return useMutation({ mutationFn: () => unwrap(userApi.POST('/auth/logout-all', { body: {} })) });
}
