// The provider dashboard's own calls: the active switch of a service, the reviews of the
// provider's services.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewListResponse, ServiceMutationResponse } from '@slotwise/shared-contract';
import { apiRequest, queryRoots } from '@slotwise/shared-data-access';
import { servicesChanged } from '@slotwise/catalog-data-access';

/** PATCH /services/{id} with only isActive. */
export function useToggleService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiRequest<ServiceMutationResponse>(`/services/${encodeURIComponent(id)}`, { method: 'PATCH', body: { isActive }, auth: true }),
    onSuccess: () => servicesChanged(qc),
  });
}

/** GET /reviews/provider: reviews of the provider's services, newest first. */
export function useProviderReviews() {
  return useQuery({
    queryKey: [queryRoots.provider, 'reviews'],
    queryFn: ({ signal }) => apiRequest<ReviewListResponse>('/reviews/provider', { auth: true, signal }).then((r) => r.data ?? []),
  });
}
