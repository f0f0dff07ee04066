// GET /services: every active service, by category page or by name.
import { useQuery } from '@tanstack/react-query';
import { api, queryRoots, unwrap } from '@slotwise/shared-data-access';

export interface ServiceQuery {
  category?: string;
  name?: string;
}

export function useServices(q: ServiceQuery = {}) {
  return useQuery({
    queryKey: [queryRoots.services, q.category ?? '', q.name ?? ''],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/services', { params: { query: { category: q.category || undefined, name: q.name || undefined } }, signal })).then(
        (r) => r.services,
      ),
  });
}
