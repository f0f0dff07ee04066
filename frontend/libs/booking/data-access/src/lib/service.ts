// GET /services/{id}: the service being booked or moved (its price, duration, minimum notice).
import { useQuery } from '@tanstack/react-query';
import type { Service } from '@slotwise/shared-contract';
import { api, queryRoots, unwrap } from '@slotwise/shared-data-access';

export function useService(id: string | null) {
  return useQuery({
    queryKey: [queryRoots.service, id ?? ''],
    queryFn: ({ signal }) => unwrap(api.GET('/services/{id}', { params: { path: { id: id ?? '' } }, signal })).then((r): Service => r.service),
    enabled: !!id,
  });
}
