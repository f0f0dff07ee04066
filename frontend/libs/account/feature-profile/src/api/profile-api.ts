// PUT /auth/profile; the session's copy of the profile refreshes after a save.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse, ProfileUpdateRequest } from '@slotwise/shared-contract';
import { apiRequest, queryRoots } from '@slotwise/shared-data-access';

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) => apiRequest<ProfileResponse>('/auth/profile', { method: 'PUT', body, auth: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [queryRoots.profile] }),
  });
}
