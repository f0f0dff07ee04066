// The booking page's calls: the service, its reviews and POST /appointments.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppointmentResponse, BookingRequest, ReviewListResponse, ServiceResponse } from '@slotwise/shared-contract';
import { apiRequest, queryRoots } from '@slotwise/shared-data-access';
import { appointmentsChanged } from '@slotwise/booking-data-access';

/** GET /services/{id}. */
export function useService(id: string | null) {
  return useQuery({
    queryKey: [queryRoots.service, id ?? ''],
    queryFn: ({ signal }) => apiRequest<ServiceResponse>(`/services/${encodeURIComponent(id ?? '')}`, { signal }).then((r) => r.service),
    enabled: !!id,
  });
}

/** GET /reviews/service/{id}, once the reviews are opened. */
export function useServiceReviews(serviceId: string | null, enabled = true) {
  return useQuery({
    queryKey: [queryRoots.reviews, serviceId ?? ''],
    queryFn: ({ signal }) =>
      apiRequest<ReviewListResponse>(`/reviews/service/${encodeURIComponent(serviceId ?? '')}`, { signal }).then((r) => r.data ?? []),
    enabled: enabled && !!serviceId,
  });
}

/** POST /appointments with the attempt's Idempotency-Key. */
export function useCreateAppointment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { body: BookingRequest; idempotencyKey: string }) =>
      apiRequest<AppointmentResponse>('/appointments', {
        method: 'POST',
        body: v.body,
        auth: true,
        headers: { 'Idempotency-Key': v.idempotencyKey },
      }),
    onSuccess: () => appointmentsChanged(qc),
  });
}
