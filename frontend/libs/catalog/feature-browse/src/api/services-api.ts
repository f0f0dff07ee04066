// GET /services: every active service, by category page or by name.
import { useQuery } from '@tanstack/react-query';
import type { ServiceListResponse } from '@slotwise/shared-contract';
import { apiRequest, queryRoots } from '@slotwise/shared-data-access';

export interface ServiceQuery {
  category?: string;
  name?: string;
}

export function useServices(q: ServiceQuery = {}) {
  return useQuery({
    queryKey: [queryRoots.services, q.category ?? '', q.name ?? ''],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (q.category) params.set('category', q.category);
      if (q.name) params.set('name', q.name);
      const qs = params.toString();
      return apiRequest<ServiceListResponse>(`/services${qs ? `?${qs}` : ''}`, { signal }).then((r) => r.services ?? []);
    },
  });
}
