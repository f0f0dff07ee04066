// The provider dashboard's own calls: the active switch of a service, the reviews of the
// provider's services.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** GET /reviews/provider: reviews of the provider's services, newest first. */
export function useProviderReviews() {
  return useQuery({
    queryKey: [queryRoots.provider, 'reviews'],
    queryFn: ({ signal }) => unwrap(userApi.GET('/reviews/provider', { signal })).then((r) => r.data),
  });
}
