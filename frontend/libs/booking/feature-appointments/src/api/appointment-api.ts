// One appointment and the customer's changes to it: cancel, reschedule, review.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { asAppointment, type CreateReviewRequest } from '@slotwise/shared-contract';
import { queryRoots, unwrap, useLogoutOn401, userApi, useSession } from '@slotwise/shared-data-access';
import { appointmentKeys, appointmentsChanged } from '@slotwise/booking-data-access';

/** GET /appointments/{id} (the reschedule page). */
export function useAppointment(id: string | null) {
  const { token } = useSession();
  const q = useQuery({
    queryKey: appointmentKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      unwrap(userApi.GET('/appointments/{id}', { params: { path: { id: id ?? '' } }, signal })).then((r) => asAppointment(r.appointment)),
    enabled: token !== null && !!id,
    retry: false,
  });
  useLogoutOn401(q.error);
  return q;
}

/** PATCH /appointments/{id}/status to cancelled, with the customer's optional reason (the provider is shown it). */
export function useCancelAppointment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason = '' }: { id: string; reason?: string }) =>
      unwrap(userApi.PATCH('/appointments/{id}/status', { params: { path: { id } }, body: reason ? { status: 'cancelled', reason } : { status: 'cancelled' } })),
    onSuccess: () => appointmentsChanged(qc),
  });
}

/**
 * PUT /appointments/{id}/reschedule. `staffId` absent keeps the member when they are free at the
 * new time; a member's id asks for them; ANY_STAFF ("any") lets the server assign anyone free.
 */
export function useReschedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, date, time, staffId }: { id: string; date: string; time: string; staffId?: string }) =>
      unwrap(userApi.PUT('/appointments/{id}/reschedule', { params: { path: { id } }, body: staffId ? { date, time, staffId } : { date, time } })).then((r) => ({
        ...r,
        appointment: asAppointment(r.appointment),
      })),
    onSuccess: () => appointmentsChanged(qc),
  });
}

/** POST /reviews; the appointment's hasReviewed and the service's rating change. */
export function useCreateReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewRequest) => unwrap(userApi.POST('/reviews', { body })),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: [queryRoots.reviews] }),
        qc.invalidateQueries({ queryKey: [queryRoots.appointments] }),
        qc.invalidateQueries({ queryKey: [queryRoots.service] }),
      ]),
  });
}
