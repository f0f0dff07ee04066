// A service's slots: GET /services/{id}/availability, for booking and for rescheduling.
import { useQuery } from '@tanstack/react-query';
import type { DayAvailability, SlotAvailability } from '@slotwise/shared-contract';
import { api, queryRoots, unwrap } from '@slotwise/shared-data-access';

/** Every slot of `days` days from `from`, free or taken by anyone; refreshed every minute. */
export function useAvailability(serviceId: string | null, from?: string, days?: number) {
  return useQuery({
    queryKey: [queryRoots.availability, serviceId ?? '', from ?? '', days ?? 0],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/services/{serviceId}/availability', { params: { path: { serviceId: serviceId ?? '' }, query: { from, days } }, signal })),
    enabled: !!serviceId,
    refetchInterval: 60_000,
  });
}

/** A slot can be picked when the server says it is free and its start is still ahead. */
export function slotOpen(s: SlotAvailability, now: Date): boolean {
  if (!s.available) return false;
  const t = new Date(s.startsAt).getTime();
  return Number.isNaN(t) || t > now.getTime();
}

/** Every slot of every day is past or taken. */
export function allSlotsGone(days: readonly DayAvailability[], now: Date): boolean {
  return days.every((d) => d.slots.every((s) => !slotOpen(s, now)));
}
