// The signed-in provider's services (docs/product.md#the-api): the list and the changes several provider
// screens make to it.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Service, ServiceRequest } from '@slotwise/shared-contract';
import { queryRoots, unwrap, userApi } from '@slotwise/shared-data-access';

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
    queryFn: ({ signal }) => unwrap(userApi.GET('/services/provider', { signal })).then((r): Service[] => r.services),
  });
}

/** Add/Edit Service: POST /services, or PATCH /services/{id} when editing. */
export function useSaveService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: string; payload: ServiceRequest }) =>
      id
        ? unwrap(userApi.PATCH('/services/{id}', { params: { path: { id } }, body: payload }))
        : unwrap(userApi.POST('/services', { body: payload })),
    onSuccess: () => servicesChanged(qc),
  });
}

/** DELETE /services/{id}. */
export function useDeleteService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(userApi.DELETE('/services/{id}', { params: { path: { id } } })),
    onSuccess: () => servicesChanged(qc),
  });
}
