// The signed-in provider's schedule (docs/product.md#provider-schedule): the queue's open/closed
// state and the days off, over all their services.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Schedule } from '@slotwise/shared-contract';
import { queryRoots, unwrap, userApi } from '@slotwise/shared-data-access';
import { servicesChanged } from './provider-services';

export const scheduleKey = [queryRoots.provider, 'schedule'] as const;

/** A schedule change shows on the provider's services, every listing and every availability. */
function scheduleChanged(qc: QueryClient, schedule: Schedule) {
  qc.setQueryData(scheduleKey, schedule);
  return Promise.all([servicesChanged(qc), qc.invalidateQueries({ queryKey: [queryRoots.availability] })]);
}

/** GET /providers/me/schedule. */
export function useMySchedule() {
  return useQuery({
    queryKey: scheduleKey,
    queryFn: ({ signal }) => unwrap(userApi.GET('/providers/me/schedule', { signal })).then((r) => r.data),
  });
}

/** PUT /providers/me/queue: open or close the queue for every service at once. */
export function useSetQueue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (open: boolean) => unwrap(userApi.PUT('/providers/me/queue', { body: { open } })),
    onSuccess: (r) => scheduleChanged(qc, r.data),
  });
}

/** POST /providers/me/closures: close the days from `from` to `to` (both included). */
export function useAddClosure() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { from: string; to: string; note: string }) => unwrap(userApi.POST('/providers/me/closures', { body })),
    onSuccess: (r) => scheduleChanged(qc, r.data),
  });
}

/** DELETE /providers/me/closures/{id}: reopen those days. */
export function useDeleteClosure() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(userApi.DELETE('/providers/me/closures/{id}', { params: { path: { id } } })),
    onSuccess: (r) => scheduleChanged(qc, r.data),
  });
}

/** The closure covering `date` (YYYY-MM-DD), if any. */
export function closureOn<C extends { from: string; to: string }>(closures: readonly C[], date: string): C | undefined {
  return closures.find((c) => c.from <= date && date <= c.to);
}
