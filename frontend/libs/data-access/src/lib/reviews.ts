import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@slotwise/util';
import { apiRequest } from './client';

export interface CreateReviewPayload {
  appointmentId: string;
  rating: number;
  comment: string;
}

export const reviewsApi = {
  forService: (serviceId: string, signal?: AbortSignal) =>
    apiRequest<{ success: boolean; data: Review[] }>(`/reviews/service/${encodeURIComponent(serviceId)}`, { signal }),
  create: (body: CreateReviewPayload) =>
    apiRequest<{ success: boolean; message?: string; data: Review }>('/reviews', { method: 'POST', body, auth: true }),
};

export function useServiceReviews(serviceId: string | null, enabled = true) {
  return useQuery({
    queryKey: ['reviews', serviceId ?? ''],
    queryFn: ({ signal }) => reviewsApi.forService(serviceId ?? '', signal).then((r) => r.data ?? []),
    enabled: enabled && !!serviceId,
  });
}

export function useCreateReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewPayload) => reviewsApi.create(body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['reviews'] });
      void qc.invalidateQueries({ queryKey: ['appointments'] });
      void qc.invalidateQueries({ queryKey: ['service'] });
    },
  });
}
