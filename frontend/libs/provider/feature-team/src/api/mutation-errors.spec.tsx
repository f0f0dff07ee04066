import { itShowsTheServersMessage } from '@slotwise/shared-testing';
import { failureMessage } from '@slotwise/shared-util';
import { useAddMember, useUpdateMember, useRemoveMember, useAddMemberClosure, useDeleteMemberClosure } from './team-api';

describe('team mutations show the server\'s message', () => {
  itShowsTheServersMessage(failureMessage, [
    {
      hook: 'useAddMember',
      method: 'post',
      path: '*/providers/me/staff',
      useCase: () => {
        const m = useAddMember();
        return { send: () => m.mutate({} as Parameters<typeof m.mutate>[0]), error: m.error };
      },
    },
    {
      hook: 'useUpdateMember',
      method: 'patch',
      path: '*/providers/me/staff/:id',
      useCase: () => {
        const m = useUpdateMember();
        return { send: () => m.mutate({} as Parameters<typeof m.mutate>[0]), error: m.error };
      },
    },
    {
      hook: 'useRemoveMember',
      method: 'delete',
      path: '*/providers/me/staff/:id',
      useCase: () => {
        const m = useRemoveMember();
        return { send: () => m.mutate('m1'), error: m.error };
      },
    },
    {
      hook: 'useAddMemberClosure',
      method: 'post',
      path: '*/providers/me/staff/:id/closures',
      useCase: () => {
        const m = useAddMemberClosure();
        return { send: () => m.mutate({} as Parameters<typeof m.mutate>[0]), error: m.error };
      },
    },
    {
      hook: 'useDeleteMemberClosure',
      method: 'delete',
      path: '*/providers/me/staff/:id/closures/:closureId',
      useCase: () => {
        const m = useDeleteMemberClosure();
        return { send: () => m.mutate({ id: 'm1', closureId: 'c1' }), error: m.error };
      },
    },
  ]);
});
