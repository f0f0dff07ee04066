// The signed-in provider's team (GET /providers/me/staff, docs/product.md
// "Team members"): read by the team page, the dashboard's and calendar's member filter and the
// reassign dialog; and PUT /appointments/{id}/staff, the reassignment.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { asAppointment, type StaffMember, type StaffRef } from '@slotwise/shared-contract';
import { queryRoots, unwrap, userApi, useSession } from '@slotwise/shared-data-access';
import { appointmentsChanged } from './appointments';
import { useTeamServices } from './service-durations';

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
