// The demo cards as real services: each is looked up by name in the public listing (the
// devstack seeds them under a demo provider, devstack/demo.go), so Book Now books it.
import { useQueries } from '@tanstack/react-query';
import { api, queryRoots, unwrap } from '@slotwise/shared-data-access';
import type { ServiceCardData } from '@slotwise/catalog-ui';

/**
 * Each demo card with the id (and the live rating and next slot) of the service of that name;
 * a card whose service is not in the catalogue gets no id, so its Book Now leads to browsing
 * the real services instead of a booking that cannot load. Until every lookup has answered
 * there are no cards (`isPending`), and when one fails none are shown (`isError`): the page
 * never shows a card the catalogue has not vouched for.
 */
export function useDemoServices(demos: readonly ServiceCardData[]): { services: ServiceCardData[]; isPending: boolean; isError: boolean } {
  const found = useQueries({
    queries: demos.map((d) => ({
      queryKey: [queryRoots.services, 'demo', d.name],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        unwrap(api.GET('/services', { params: { query: { name: d.name } }, signal })).then((r) => r.services.find((s) => s.name === d.name) ?? null),
    })),
  });
  const isError = found.some((q) => q.isError);
  const isPending = !isError && found.some((q) => q.isPending);
  const services =
    isError || isPending
      ? []
      : demos.map((d, i) => {
          const s = found[i].data;
          return s ? { ...d, _id: s._id, avgRating: s.avgRating, totalReviews: s.totalReviews, nextAvailable: s.nextAvailable } : { ...d, _id: '' };
        });
  return { services, isPending, isError };
}
