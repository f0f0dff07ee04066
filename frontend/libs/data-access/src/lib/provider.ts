// The provider's calls (spec §7): own services (create, update, toggle, delete), bookings
// of their services with status changes, and the reviews of their services.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProviderAppointment, ProviderReview, Service, ServicePayload } from '@slotwise/util';
import { apiRequest } from './client';

export interface ServiceSaveResponse {
  success: boolean;
  data?: Service;
  message?: string;
}

export const providerApi = {
  myServices: (signal?: AbortSignal) =>
    apiRequest<{ success: boolean; services: Service[] }>('/services/provider', { auth: true, signal }),
  createService: (body: ServicePayload) =>
    apiRequest<ServiceSaveResponse>('/services', { method: 'POST', body, auth: true }),
  updateService: (id: string, body: ServicePayload) =>
    apiRequest<ServiceSaveResponse>(`/services/${encodeURIComponent(id)}`, { method: 'PATCH', body, auth: true }),
  setServiceActive: (id: string, isActive: boolean) =>
    apiRequest<ServiceSaveResponse>(`/services/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { isActive },
      auth: true,
    }),
  deleteService: (id: string) =>
    apiRequest<{ success: boolean; message?: string }>(`/services/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      auth: true,
    }),
  appointments: (signal?: AbortSignal) =>
    apiRequest<{ success: boolean; appointments: ProviderAppointment[] }>('/appointments/provider', {
      auth: true,
      signal,
    }),
  setStatus: (id: string, status: string) =>
    apiRequest<{ success: boolean }>(`/appointments/${encodeURIComponent(id)}/provider-status`, {
      method: 'PATCH',
      body: { status },
      auth: true,
    }),
  reviews: (signal?: AbortSignal) =>
    apiRequest<{ success: boolean; data: ProviderReview[] }>('/reviews/provider', { auth: true, signal }),
};

export const providerKeys = {
  services: ['provider', 'services'] as const,
  appointments: ['provider', 'appointments'] as const,
  reviews: ['provider', 'reviews'] as const,
};

/** GET /services/provider: the provider's services, inactive ones included. */
export function useMyServices() {
  return useQuery({
    queryKey: providerKeys.services,
    queryFn: ({ signal }) => providerApi.myServices(signal).then((r) => r.services ?? []),
  });
}

/** GET /appointments/provider: bookings of the provider's services. */
export function useProviderAppointments() {
  return useQuery({
    queryKey: providerKeys.appointments,
    queryFn: ({ signal }) => providerApi.appointments(signal).then((r) => r.appointments ?? []),
  });
}

/** GET /reviews/provider: reviews of the provider's services, newest first. */
export function useProviderReviews() {
  return useQuery({
    queryKey: providerKeys.reviews,
    queryFn: ({ signal }) => providerApi.reviews(signal).then((r) => r.data ?? []),
  });
}

/** Services changed: the provider's list and every public listing. */
function servicesChanged(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: providerKeys.services }),
    qc.invalidateQueries({ queryKey: ['services'] }),
  ]);
}

/** Add/Edit Service: POST /services, or PATCH /services/{id} when editing. */
export function useSaveService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: string; payload: ServicePayload }) =>
      id ? providerApi.updateService(id, payload) : providerApi.createService(payload),
    onSuccess: () => servicesChanged(qc),
  });
}

export function useToggleService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => providerApi.setServiceActive(id, isActive),
    onSuccess: () => servicesChanged(qc),
  });
}

export function useDeleteService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => providerApi.deleteService(id),
    onSuccess: () => servicesChanged(qc),
  });
}

/** PATCH /appointments/{id}/provider-status; every cached appointment list refreshes. */
export function useProviderStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: string }) => providerApi.setStatus(id, status),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: providerKeys.appointments }),
        qc.invalidateQueries({ queryKey: ['appointments'] }),
      ]),
  });
}
