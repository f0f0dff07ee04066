// One appointment and the customer's changes to it: cancel, reschedule, review.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppointmentResponse, CreateReviewRequest, CreateReviewResponse } from '@slotwise/shared-contract';
import { apiRequest, queryRoots, useLogoutOn401, useSession } from '@slotwise/shared-data-access';
import { appointmentKeys, appointmentsChanged } from '@slotwise/booking-data-access';

const path = (id: string) => `/appointments/${encodeURIComponent(id)}`;

/** GET /appointments/{id} (the reschedule page). */
export function useAppointment(id: string | null) {
  const { token } = useSession();
  const q = useQuery({
    queryKey: appointmentKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiRequest<AppointmentResponse>(path(id ?? ''), { auth: true, signal }).then((r) => r.appointment),
    enabled: token !== null && !!id,
    retry: false,
  });
  useLogoutOn401(q.error);
  return q;
}

/** PATCH /appointments/{id}/status to cancelled. */
export function useCancelAppointment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<AppointmentResponse>(`${path(id)}/status`, { method: 'PATCH', body: { status: 'cancelled' }, auth: true }),
    onSuccess: () => appointmentsChanged(qc),
  });
}

/** PUT /appointments/{id}/reschedule. */
export function useReschedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; date: string; time: string }) =>
      apiRequest<AppointmentResponse>(`${path(v.id)}/reschedule`, { method: 'PUT', body: { date: v.date, time: v.time }, auth: true }),
    onSuccess: () => appointmentsChanged(qc),
  });
}

/** POST /reviews; the appointment's hasReviewed and the service's rating change. */
export function useCreateReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewRequest) => apiRequest<CreateReviewResponse>('/reviews', { method: 'POST', body, auth: true }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: [queryRoots.reviews] }),
        qc.invalidateQueries({ queryKey: [queryRoots.appointments] }),
        qc.invalidateQueries({ queryKey: [queryRoots.service] }),
      ]),
  });
}
