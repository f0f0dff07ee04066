// The signed-in provider's services (spec §7): the list and the changes several provider
// screens make to it.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DeleteServiceResponse, ServiceListResponse, ServiceMutationResponse, ServiceRequest } from '@slotwise/shared-contract';
import { apiRequest, queryRoots } from '@slotwise/shared-data-access';

export const providerServicesKey = [queryRoots.provider, 'services'] as const;

/** Services changed: the provider's list and every public listing. */
export function servicesChanged(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: providerServicesKey }),
    qc.invalidateQueries({ queryKey: [queryRoots.services] }),
    qc.invalidateQueries({ queryKey: [queryRoots.service] }),
  ]);
}

/** GET /services/provider: the provider's services, inactive ones included. */
export function useMyServices() {
  return useQuery({
    queryKey: providerServicesKey,
    queryFn: ({ signal }) => apiRequest<ServiceListResponse>('/services/provider', { auth: true, signal }).then((r) => r.services ?? []),
  });
}

/** Add/Edit Service: POST /services, or PATCH /services/{id} when editing. */
export function useSaveService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: string; payload: ServiceRequest }) =>
      id
        ? apiRequest<ServiceMutationResponse>(`/services/${encodeURIComponent(id)}`, { method: 'PATCH', body: payload, auth: true })
        : apiRequest<ServiceMutationResponse>('/services', { method: 'POST', body: payload, auth: true }),
    onSuccess: () => servicesChanged(qc),
  });
}

/** DELETE /services/{id}. */
export function useDeleteService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<DeleteServiceResponse>(`/services/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    onSuccess: () => servicesChanged(qc),
  });
}
