// The appointment list (customers: their own; providers: bookings of their services), the
// provider's status change, and the provider's team (GET /providers/me/staff,
// docs/product.md#team-members: the member filter, the reassign dialog and the team page) with
// the reassignment, used by several booking and provider screens. One module, so one chunk: each
// chunk name costs the initial bundle's preload map some bytes (tools/initial-js.mjs).
import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { asAppointment, type Appointment, type AppointmentStatus, type Role, type StaffMember, type StaffRef } from '@slotwise/shared-contract';
import { queryRoots, unwrap, useLogoutOn401, userApi, useSession } from '@slotwise/shared-data-access';
import { useTeamServices } from './service-durations';

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

/** One page of a list as the server answers it (docs/product.md "The API"). */
interface AppointmentPage {
  appointments: Appointment[];
  nextCursor: string;
  earlierCursor: string;
}

/**
 * GET /appointments (customer) or /appointments/provider (provider), a page at a time, soonest
 * first. The first page starts at the server's window (the last 30 days); the later pages load
 * on their own, so every screen has all that is upcoming (bounded: nothing is booked more than
 * the 10-day window ahead). `fetchPreviousPage` loads older ones while `hasPreviousPage` ("Show
 * earlier appointments", ListPager); `data` is every page loaded, in order. A provider's list may
 * be narrowed to one team member (`staffId`; '' = everyone).
 */
export function useAppointments(staffId = '') {
  const { role, token } = useSession();
  const q = useInfiniteQuery({
    queryKey: appointmentKeys.list(role, role === 'provider' ? staffId : ''),
    initialPageParam: '',
    queryFn: ({ signal, pageParam }): Promise<AppointmentPage> =>
      unwrap(
        role === 'provider'
          ? userApi.GET('/appointments/provider', { params: { query: { staffId: staffId || undefined, cursor: pageParam || undefined } }, signal })
          : userApi.GET('/appointments', { params: { query: { cursor: pageParam || undefined } }, signal }),
      ).then((r) => ({ appointments: r.appointments.map(asAppointment), nextCursor: r.nextCursor ?? '', earlierCursor: r.earlierCursor ?? '' })),
    getNextPageParam: (last) => last.nextCursor || undefined,
    getPreviousPageParam: (first) => first.earlierCursor || undefined,
    select: (d) => d.pages.flatMap((p) => p.appointments),
    // Another member picked: the last list stays on screen (the calendar keeps its view) until the
    // new one arrives; never another account's.
    placeholderData: (previous, query) => (query?.queryKey[2] === role ? previous : undefined),
    enabled: token !== null && role !== null,
  });
  useLogoutOn401(q.error);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = q;
  useEffect(() => {
    // A failed page stops here: ListPager offers "Load more appointments" to try again.
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
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

// The provider's team.

export const staffKey = [queryRoots.provider, 'staff'] as const;

/** GET /providers/me/staff: owner first, then by name (the server's order). Only for providers. */
export function useMyStaff() {
  const { role, token } = useSession();
  return useQuery({
    queryKey: staffKey,
    queryFn: ({ signal }) => unwrap(userApi.GET('/providers/me/staff', { signal })).then((r) => r.data),
    enabled: token !== null && role === 'provider',
  });
}

/** The members who perform a service, as the reassign dialog lists them. */
export function performers(team: readonly StaffMember[], serviceId: string): StaffRef[] {
  return team.filter((m) => m.serviceIds.includes(serviceId)).map((m) => ({ _id: m._id, name: m.name }));
}

/** PUT /appointments/{id}/staff: the booking goes to another member who performs its service. */
export function useReassign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, staffId }: { id: string; staffId: string }) =>
      unwrap(userApi.PUT('/appointments/{id}/staff', { params: { path: { id } }, body: { staffId } })).then((r) => ({
        message: r.message,
        appointment: asAppointment(r.appointment),
      })),
    onSettled: () => appointmentsChanged(qc),
  });
}

/**
 * Whether an appointment card names its member ("with Meera"): for a provider, when their team has
 * more than one member; for a customer, when more than one member performs the booked service.
 * A business of one looks as it always did.
 */
export function useShowStaff(list: readonly { serviceId: string }[] | undefined): (a: { serviceId: string }) => boolean {
  const { role } = useSession();
  const provider = role === 'provider';
  const team = useMyStaff();
  const teamServices = useTeamServices(provider ? [] : (list ?? []).map((a) => a.serviceId));
  if (provider) {
    const many = (team.data?.length ?? 0) > 1;
    return () => many;
  }
  return (a) => teamServices.has(a.serviceId);
}
