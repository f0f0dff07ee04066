// A service's slots: GET /services/{id}/availability, for booking and for rescheduling (which of
// them can be picked: booking-ui's slotState).
import { useQuery } from '@tanstack/react-query';
import { api, queryRoots, unwrap } from '@slotwise/shared-data-access';

/**
 * Every slot of `days` days from `from`, free or taken; refreshed every minute. `staffId` narrows it
 * to one team member ('' or absent: anyone who performs the service).
 */
export function useAvailability(serviceId: string | null, from?: string, days?: number, staffId = '') {
  return useQuery({
    queryKey: [queryRoots.availability, serviceId ?? '', from ?? '', days ?? 0, staffId],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/services/{serviceId}/availability', {
          params: { path: { serviceId: serviceId ?? '' }, query: staffId ? { from, days, staffId } : { from, days } },
          signal,
        }),
      ),
    enabled: !!serviceId,
    refetchInterval: 60_000,
  });
}
