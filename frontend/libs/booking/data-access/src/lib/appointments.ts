// The appointment list (customers: their own; providers: bookings of their services) and the
// provider's status change, used by several booking and provider screens.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { asAppointment, type AppointmentStatus, type Role } from '@slotwise/shared-contract';
import { queryRoots, unwrap, useLogoutOn401, userApi, useSession } from '@slotwise/shared-data-access';

export const appointmentKeys = {
  /** staffId '' = everyone (GET /appointments/provider?staffId=) */
  list: (role: Role | null, staffId = '') => [queryRoots.appointments, 'list', role, staffId] as const,
  one: (id: string) => [queryRoots.appointments, 'one', id] as const,
};

/** Everything an appointment change makes stale: the lists and the free slots. */
export function appointmentsChanged(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: [queryRoots.appointments] }),
    qc.invalidateQueries({ queryKey: [queryRoots.availability] }),
  ]);
}

/**
 * GET /appointments (customer) or /appointments/provider (provider); soonest first. A provider's
 * list may be narrowed to one team member (`staffId`; '' = everyone).
 */
export function useAppointments(staffId = '') {
  const { role, token } = useSession();
  const q = useQuery({
    queryKey: appointmentKeys.list(role, role === 'provider' ? staffId : ''),
    queryFn: ({ signal }) =>
      unwrap(
        role === 'provider'
          ? userApi.GET('/appointments/provider', { params: { query: staffId ? { staffId } : {} }, signal })
          : userApi.GET('/appointments', { signal }),
      ).then((r) => r.appointments.map(asAppointment)),
    // Another member picked: the last list stays on screen (the calendar keeps its view) until the
    // new one arrives; never another account's.
    placeholderData: (previous, query) => (query?.queryKey[2] === role ? previous : undefined),
    enabled: token !== null && role !== null,
  });
  useLogoutOn401(q.error);
  return q;
}

/** PATCH /appointments/{id}/provider-status (provider home, dashboard and calendar). */
export function useProviderStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: string; status: AppointmentStatus; reason?: string }) =>
      unwrap(userApi.PATCH('/appointments/{id}/provider-status', { params: { path: { id } }, body: reason ? { status, reason } : { status } })).then((r) =>
        asAppointment(r.appointment),
      ),
    onSettled: () => appointmentsChanged(qc),
  });
}
