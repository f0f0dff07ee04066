// The team page's changes (docs/product.md "Team members"): add, edit and remove members and their
// days off. The list itself is booking-data-access's useMyStaff (the dashboard and calendar filter
// by member too). Types: shared-contract's models, read from the generated contract.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StaffClosureRequest, StaffCreateRequest, StaffMember, StaffUpdateRequest } from '@slotwise/shared-contract';
import { queryRoots, unwrap, userApi } from '@slotwise/shared-data-access';
import { staffKey } from '@slotwise/booking-data-access';

/**
 * A member changed: the list, and everything that shows who performs a service or when it is free
 * (the services' `staff`, availability, the provider's appointments named by member).
 */
function teamChanged(qc: QueryClient, member?: StaffMember) {
  if (member) qc.setQueryData<StaffMember[]>(staffKey, (list) => list?.map((m) => (m._id === member._id ? member : m)));
  return Promise.all([
    qc.invalidateQueries({ queryKey: staffKey }),
    qc.invalidateQueries({ queryKey: [queryRoots.service] }),
    qc.invalidateQueries({ queryKey: [queryRoots.services] }),
    qc.invalidateQueries({ queryKey: [queryRoots.provider, 'services'] }),
    qc.invalidateQueries({ queryKey: [queryRoots.availability] }),
  ]);
}

/** POST /providers/me/staff. */
export function useAddMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffCreateRequest) => unwrap(userApi.POST('/providers/me/staff', { body })),
    onSuccess: () => teamChanged(qc),
  });
}

/** PATCH /providers/me/staff/{id}: the fields given; a non-empty array replaces, an empty one changes nothing. */
export function useUpdateMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StaffUpdateRequest }) => unwrap(userApi.PATCH('/providers/me/staff/{id}', { params: { path: { id } }, body })),
    onSuccess: (r) => teamChanged(qc, r.data),
  });
}

/** DELETE /providers/me/staff/{id} (never the owner: 409). */
export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(userApi.DELETE('/providers/me/staff/{id}', { params: { path: { id } } })),
    onSuccess: () => teamChanged(qc),
  });
}

/** POST /providers/me/staff/{id}/closures: the member's days off. */
export function useAddMemberClosure() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StaffClosureRequest }) =>
      unwrap(userApi.POST('/providers/me/staff/{id}/closures', { params: { path: { id } }, body })),
    onSuccess: (r) => teamChanged(qc, r.data),
  });
}

/** DELETE /providers/me/staff/{id}/closures/{closureId}. */
export function useDeleteMemberClosure() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, closureId }: { id: string; closureId: string }) =>
      unwrap(userApi.DELETE('/providers/me/staff/{id}/closures/{closureId}', { params: { path: { id, closureId } } })),
    onSuccess: (r) => teamChanged(qc, r.data),
  });
}
