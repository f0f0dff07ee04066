import { useQuery } from '@tanstack/react-query';
import type { DayAvailability, Service } from '@slotwise/util';
import { apiRequest } from './client';

export interface AvailabilityResponse {
  success: boolean;
  serviceId: string;
  timeZone: string;
  days: DayAvailability[];
}

export const availabilityApi = {
  service: (id: string, signal?: AbortSignal) =>
    apiRequest<{ success: boolean; service: Service }>(`/services/${encodeURIComponent(id)}`, { signal }),
  /** GET /services/{id}/availability?from=&days= — every slot, free or taken by anyone. */
  availability: (id: string, from?: string, days?: number, signal?: AbortSignal) => {
    const p = new URLSearchParams();
    if (from) p.set('from', from);
    if (days) p.set('days', String(days));
    const qs = p.toString();
    return apiRequest<AvailabilityResponse>(
      `/services/${encodeURIComponent(id)}/availability${qs ? `?${qs}` : ''}`,
      { signal },
    );
  },
};

export function useService(id: string | null) {
  return useQuery({
    queryKey: ['service', id ?? ''],
    queryFn: ({ signal }) => availabilityApi.service(id ?? '', signal).then((r) => r.service),
    enabled: !!id,
  });
}

export function useAvailability(serviceId: string | null, from?: string, days?: number) {
  return useQuery({
    queryKey: ['availability', serviceId ?? '', from ?? '', days ?? 0],
    queryFn: ({ signal }) => availabilityApi.availability(serviceId ?? '', from, days, signal),
    enabled: !!serviceId,
    refetchInterval: 60_000,
  });
}
