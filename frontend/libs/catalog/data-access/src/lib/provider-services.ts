// The signed-in provider's services (docs/product.md#the-api): the list and the changes several provider
// screens make to it.
import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
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

/**
 * GET /services/provider: the provider's services, inactive ones included, newest first, a page
 * (50) at a time. The later pages load on their own, as the appointments' do: the screens need
 * every service (the team's service choices, the home's count); a failed page stops there and
 * ListPager offers "Load more services" to try again. `data` is every page loaded, in order.
 */
export function useMyServices() {
  const q = useInfiniteQuery({
    queryKey: providerServicesKey,
    initialPageParam: '',
    queryFn: ({ signal, pageParam }) =>
      unwrap(userApi.GET('/services/provider', { params: { query: { cursor: pageParam || undefined } }, signal })),
    getNextPageParam: (last) => last.nextCursor || undefined,
    select: (d): Service[] => d.pages.flatMap((p) => p.services),
  });
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = q;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  return q;
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
