// How long each booked service lasts, for screens that draw an appointment's length (the
// calendar): an appointment names its service, whose duration the public GET /services/{id}
// gives (the gateway keeps those answers, so this costs one cheap read per distinct service).
import { useQueries } from '@tanstack/react-query';
import type { Service } from '@slotwise/shared-contract';
import { api, queryRoots, unwrap } from '@slotwise/shared-data-access';

function useServicesOf(serviceIds: readonly string[]) {
  const ids = [...new Set(serviceIds.filter(Boolean))].sort();
  const found = useQueries({
    queries: ids.map((id) => ({
      queryKey: [queryRoots.service, id],
      queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/services/{id}', { params: { path: { id } }, signal })).then((r): Service => r.service),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  return { ids, found };
}

/** Minutes by service id, for the services that answered with a positive duration. */
export function useServiceDurations(serviceIds: readonly string[]): Map<string, number> {
  const { ids, found } = useServicesOf(serviceIds);
  const minutes = new Map<string, number>();
  ids.forEach((id, i) => {
    const d = found[i].data?.duration;
    if (typeof d === 'number' && d > 0) minutes.set(id, d);
  });
  return minutes;
}

/**
 * The services (of those given) that more than one team member performs: their appointments say
 * "with <member>", while a business of one looks as it always did. The same cached reads as the
 * durations above.
 */
export function useTeamServices(serviceIds: readonly string[]): Set<string> {
  const { ids, found } = useServicesOf(serviceIds);
  return new Set(ids.filter((_, i) => (found[i].data?.staff?.length ?? 0) > 1));
}
