// GET /services: active services a page at a time (24, with the total), by category page,
// by name, or searched (q, ranked by the server).
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Service } from '@slotwise/shared-contract';
import { api, queryRoots, unwrap } from '@slotwise/shared-data-access';

export interface ServiceQuery {
  category?: string;
  name?: string;
  q?: string;
}

/** The server's page size (docs/adr/0013-service-listing-pages.md). */
export const PAGE_SIZE = 24;

export interface ServicePage {
  services: Service[];
  total: number;
  /** A search matched at least `total`, the most the server ranks and counts (docs/adr/0014-full-text-search.md). */
  totalCapped: boolean;
}

/** Pages of the listing; fetchNextPage asks for the next 24 until all `total` are loaded. */
export function useServicePages(q: ServiceQuery = {}) {
  return useInfiniteQuery({
    queryKey: [queryRoots.services, q.category ?? '', q.name ?? '', q.q ?? ''],
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }): Promise<ServicePage> =>
      unwrap(
        api.GET('/services', {
          params: {
            query: { category: q.category || undefined, name: q.name || undefined, q: q.q || undefined, offset: pageParam || undefined },
          },
          signal,
        }),
      ).then((r) => ({ services: r.services, total: r.total, totalCapped: r.totalCapped ?? false })),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.services.length, 0);
      return last.services.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}
