import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Appointment, AppointmentStatus, BookingPayload, Role } from '@slotwise/util';
import { apiRequest, isUnauthorized } from './client';
import { useSession } from './session';

export interface AppointmentResponse {
  success: boolean;
  message?: string;
  appointment: Appointment;
}

export const appointmentsApi = {
  /** GET /appointments (customer) or /appointments/provider (provider); soonest first. */
  list: (role: Role, signal?: AbortSignal) =>
    apiRequest<{ success: boolean; appointments: Appointment[] }>(
      role === 'provider' ? '/appointments/provider' : '/appointments',
      { auth: true, signal },
    ),
  get: (id: string, signal?: AbortSignal) =>
    apiRequest<AppointmentResponse>(`/appointments/${encodeURIComponent(id)}`, { auth: true, signal }),
  /** POST /appointments with one Idempotency-Key per booking attempt. */
  create: (body: BookingPayload, idempotencyKey: string) =>
    apiRequest<AppointmentResponse>('/appointments', {
      method: 'POST',
      body,
      auth: true,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  cancel: (id: string) =>
    apiRequest<AppointmentResponse>(`/appointments/${encodeURIComponent(id)}/status`, {
      method: 'PATCH',
      body: { status: 'cancelled' },
      auth: true,
    }),
  providerStatus: (id: string, status: AppointmentStatus) =>
    apiRequest<AppointmentResponse>(`/appointments/${encodeURIComponent(id)}/provider-status`, {
      method: 'PATCH',
      body: { status },
      auth: true,
    }),
  reschedule: (id: string, date: string, time: string) =>
    apiRequest<AppointmentResponse>(`/appointments/${encodeURIComponent(id)}/reschedule`, {
      method: 'PUT',
      body: { date, time },
      auth: true,
    }),
};

export const appointmentKeys = {
  all: ['appointments'] as const,
  list: (role: Role | null) => ['appointments', 'list', role] as const,
  one: (id: string) => ['appointments', 'one', id] as const,
};

/** A 401 on an appointment call removes the token and goes to /login (spec §8). */
export function useLogoutOn401(error: unknown) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (isUnauthorized(error)) {
      signOut();
      navigate('/login', { replace: true });
    }
  }, [error, signOut, navigate]);
}

/** The signed-in user's appointments (the provider's bookings for providers). */
export function useAppointments() {
  const { role, token } = useSession();
  const q = useQuery({
    queryKey: appointmentKeys.list(role),
    queryFn: ({ signal }) => appointmentsApi.list(role ?? 'customer', signal).then((r) => r.appointments ?? []),
    enabled: token !== null && role !== null,
    retry: (n, e) => !isUnauthorized(e) && n < 1,
  });
  useLogoutOn401(q.error);
  return q;
}

export function useAppointment(id: string | null) {
  const { token } = useSession();
  const q = useQuery({
    queryKey: appointmentKeys.one(id ?? ''),
    queryFn: ({ signal }) => appointmentsApi.get(id ?? '', signal).then((r) => r.appointment),
    enabled: token !== null && !!id,
    retry: false,
  });
  useLogoutOn401(q.error);
  return q;
}

function useInvalidateAppointments() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: appointmentKeys.all });
    // availability and service ratings depend on bookings
    void qc.invalidateQueries({ queryKey: ['availability'] });
    // the provider screens keep their own copy of the bookings
    void qc.invalidateQueries({ queryKey: ['provider'] });
  };
}

export function useCreateAppointment() {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: (v: { body: BookingPayload; idempotencyKey: string }) => appointmentsApi.create(v.body, v.idempotencyKey),
    onSuccess: invalidate,
  });
}

export function useCancelAppointment() {
  const invalidate = useInvalidateAppointments();
  return useMutation({ mutationFn: (id: string) => appointmentsApi.cancel(id), onSuccess: invalidate });
}

/** Provider status change (calendar: pending → confirmed/rejected, confirmed → completed). */
export function useChangeAppointmentStatus() {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: (v: { id: string; status: AppointmentStatus }) => appointmentsApi.providerStatus(v.id, v.status),
    onSuccess: invalidate,
  });
}

export function useReschedule() {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: (v: { id: string; date: string; time: string }) => appointmentsApi.reschedule(v.id, v.date, v.time),
    onSuccess: invalidate,
  });
}
