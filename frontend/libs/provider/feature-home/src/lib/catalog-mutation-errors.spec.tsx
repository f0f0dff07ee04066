import { itShowsTheServersMessage } from '@slotwise/shared-testing';
import { failureMessage } from '@slotwise/shared-util';
// catalog's data-access has no spec set-up of its own: the provider screens that use its hooks test them.
import { useAddClosure, useDeleteClosure, useDeleteService, useSaveService, useSetQueue } from '@slotwise/catalog-data-access';

describe('catalog mutations (provider schedule and services) show the server\'s message', () => {
  itShowsTheServersMessage(failureMessage, [
    {
      hook: 'useSetQueue',
      method: 'put',
      path: '*/providers/me/queue',
      useCase: () => {
        const m = useSetQueue();
        return { send: () => m.mutate(false), error: m.error };
      },
    },
    {
      hook: 'useAddClosure',
      method: 'post',
      path: '*/providers/me/closures',
      useCase: () => {
        const m = useAddClosure();
        return { send: () => m.mutate({ from: '2030-01-02', to: '2030-01-02', note: '' }), error: m.error };
      },
    },
    {
      hook: 'useDeleteClosure',
      method: 'delete',
      path: '*/providers/me/closures/:id',
      useCase: () => {
        const m = useDeleteClosure();
        return { send: () => m.mutate('c1'), error: m.error };
      },
    },
    {
      hook: 'useSaveService',
      method: 'patch',
      path: '*/services/:id',
      useCase: () => {
        const m = useSaveService();
        return { send: () => m.mutate({ id: 's1', payload: {} as Parameters<typeof m.mutate>[0]['payload'] }), error: m.error };
      },
    },
    {
      hook: 'useDeleteService',
      method: 'delete',
      path: '*/services/:id',
      useCase: () => {
        const m = useDeleteService();
        return { send: () => m.mutate('s1'), error: m.error };
      },
    },
  ]);
});
