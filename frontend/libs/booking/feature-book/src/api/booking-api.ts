// The booking page's calls: the service, its reviews and POST /appointments, which is safe to
// send again: one Idempotency-Key per booking attempt, and a request that got no answer or a
// 5xx is sent once more with the same key, so the server returns the first result instead of
// booking twice (booking-svc keeps a key's result for 24 h; docs/adr/0028-web-booking-retries.md).
import { useCallback, useRef } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { asAppointment, type BookingRequest } from '@slotwise/shared-contract';
import { api, isRetryable, queryRoots, unwrap, userApi } from '@slotwise/shared-data-access';
import { appointmentsChanged } from '@slotwise/booking-data-access';

/** The service itself: booking-data-access's, shared with rescheduling. */
export { useService } from '@slotwise/booking-data-access';

/**
 * GET /reviews/service/{id}, once the reviews are opened: a page of the newest (20), and older
 * ones with `fetchNextPage` while `hasNextPage` ("Load more reviews"); `data` is every page loaded.
 */
export function useServiceReviews(serviceId: string | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: [queryRoots.reviews, serviceId ?? ''],
    initialPageParam: '',
    queryFn: ({ signal, pageParam }) =>
      unwrap(api.GET('/reviews/service/{id}', { params: { path: { id: serviceId ?? '' }, query: { cursor: pageParam || undefined } }, signal })),
    getNextPageParam: (last) => last.nextCursor || undefined,
    select: (d) => d.pages.flatMap((p) => p.data),
    enabled: enabled && !!serviceId,
  });
}

/** A fresh Idempotency-Key. */
export function newIdempotencyKey(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The key of a booking attempt: the same request keeps its key (a double click, a retry, Confirm
 * pressed again after a failure); a different request (another slot, other details) gets a new
 * one. Reusing a key with a different request would be refused by the server.
 */
export function useAttemptKey(): (body: BookingRequest) => string {
  const attempt = useRef<{ request: string; key: string } | null>(null);
  return useCallback((body: BookingRequest) => {
    const request = JSON.stringify(body);
    if (attempt.current?.request !== request) attempt.current = { request, key: newIdempotencyKey() };
    return attempt.current.key;
  }, []);
}

/** How long to wait before sending a booking again. */
export const BOOKING_RETRY_DELAY_MS = 500;

/** POST /appointments with the attempt's key; no answer or a 5xx is retried once with that key. */
export function useBookAppointment() {
  const qc = useQueryClient();
  const keyFor = useAttemptKey();
  const mutation = useMutation({
    mutationFn: (v: { body: BookingRequest; idempotencyKey: string }) =>
      unwrap(userApi.POST('/appointments', { body: v.body, headers: { 'Idempotency-Key': v.idempotencyKey } })).then((r) => ({
        ...r,
        appointment: asAppointment(r.appointment),
      })),
    retry: (failures, error) => failures < 1 && isRetryable(error),
    retryDelay: BOOKING_RETRY_DELAY_MS,
    onSuccess: () => appointmentsChanged(qc),
  });
  const { mutate } = mutation;
  const book = useCallback(
    (body: BookingRequest, handlers?: Parameters<typeof mutate>[1]) => mutate({ body, idempotencyKey: keyFor(body) }, handlers),
    [mutate, keyFor],
  );
  return { ...mutation, book };
}
