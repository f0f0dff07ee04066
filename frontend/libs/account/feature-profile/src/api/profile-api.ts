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
