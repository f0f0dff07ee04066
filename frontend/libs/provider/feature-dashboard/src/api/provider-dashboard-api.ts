// The provider dashboard's own calls: the active switch of a service, replies to reviews (the
// reviews themselves: booking's data-access, the provider home shows them too).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryRoots, unwrap, userApi } from '@slotwise/shared-data-access';
import { servicesChanged } from '@slotwise/catalog-data-access';

/** PATCH /services/{id} with only isActive. */
export function useToggleService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      unwrap(userApi.PATCH('/services/{id}', { params: { path: { id } }, body: { isActive } })),
    onSuccess: () => servicesChanged(qc),
  });
}

/** PUT /reviews/{id}/reply: the provider's one public reply, written or replaced. */
export function useSaveReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      unwrap(userApi.PUT('/reviews/{id}/reply', { params: { path: { id } }, body: { text } })),
    onSuccess: () => repliesChanged(qc),
  });
}

/** DELETE /reviews/{id}/reply. */
export function useDeleteReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(userApi.DELETE('/reviews/{id}/reply', { params: { path: { id } } })),
    onSuccess: () => repliesChanged(qc),
  });
}

/** A reply shows under the review in the provider's list and in the service's public one. */
function repliesChanged(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: [queryRoots.provider, 'reviews'] }),
    qc.invalidateQueries({ queryKey: [queryRoots.reviews] }),
  ]);
}
