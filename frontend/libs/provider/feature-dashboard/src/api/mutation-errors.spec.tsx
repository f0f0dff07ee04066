import { itShowsTheServersMessage } from '@slotwise/shared-testing';
import { failureMessage } from '@slotwise/shared-util';
import { useToggleService, useSaveReply, useDeleteReply } from './provider-dashboard-api';

describe('provider dashboard mutations show the server\'s message', () => {
  itShowsTheServersMessage(failureMessage, [
    {
      hook: 'useToggleService',
      method: 'patch',
      path: '*/services/:id',
      useCase: () => {
        const m = useToggleService();
        return { send: () => m.mutate({ id: 's1', isActive: false }), error: m.error };
      },
    },
    {
      hook: 'useSaveReply',
      method: 'put',
      path: '*/reviews/:id/reply',
      useCase: () => {
        const m = useSaveReply();
        return { send: () => m.mutate({ id: 'r1', text: 'Thank you' }), error: m.error };
      },
    },
    {
      hook: 'useDeleteReply',
      method: 'delete',
      path: '*/reviews/:id/reply',
      useCase: () => {
        const m = useDeleteReply();
        return { send: () => m.mutate('r1'), error: m.error };
      },
    },
  ]);
});
