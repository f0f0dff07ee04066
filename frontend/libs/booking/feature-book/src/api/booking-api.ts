// The booking page's calls: the service, its reviews and POST /appointments.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { asAppointment, type BookingRequest } from '@slotwise/shared-contract';
import { api, queryRoots, unwrap, userApi } from '@slotwise/shared-data-access';
import { appointmentsChanged } from '@slotwise/booking-data-access';

/** GET /services/{id}. */
export function useService(id: string | null) {
  return useQuery({
    queryKey: [queryRoots.service, id ?? ''],
    queryFn: ({ signal }) => unwrap(api.GET('/services/{id}', { params: { path: { id: id ?? '' } }, signal })).then((r) => r.service),
    enabled: !!id,
  });
}

/** GET /reviews/service/{id}, once the reviews are opened. */
export function useServiceReviews(serviceId: string | null, enabled = true) {
  return useQuery({
    queryKey: [queryRoots.reviews, serviceId ?? ''],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/reviews/service/{id}', { params: { path: { id: serviceId ?? '' } }, signal })).then((r) => r.data),
    enabled: enabled && !!serviceId,
  });
}

/** POST /appointments with the attempt's Idempotency-Key. */
export function useCreateAppointment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { body: BookingRequest; idempotencyKey: string }) =>
      unwrap(userApi.POST('/appointments', { body: v.body, headers: { 'Idempotency-Key': v.idempotencyKey } })).then((r) => ({
        ...r,
        appointment: asAppointment(r.appointment),
      })),
    onSuccess: () => appointmentsChanged(qc),
  });
}
