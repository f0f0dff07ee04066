import { itShowsTheServersMessage } from '@slotwise/shared-testing';
import { failureMessage } from '@slotwise/shared-util';
import { useCancelAppointment, useReschedule, useCreateReview } from './appointment-api';

describe('appointment mutations show the server\'s message', () => {
  itShowsTheServersMessage(failureMessage, [
    {
      hook: 'useCancelAppointment',
      method: 'patch',
      path: '*/appointments/:id/status',
      useCase: () => {
        const m = useCancelAppointment();
        return { send: () => m.mutate({ id: 'a1' }), error: m.error };
      },
    },
    {
      hook: 'useReschedule',
      method: 'put',
      path: '*/appointments/:id/reschedule',
      useCase: () => {
        const m = useReschedule();
        return { send: () => m.mutate({ id: 'a1', date: '2030-01-02', time: '09:00' }), error: m.error };
      },
    },
    {
      hook: 'useCreateReview',
      method: 'post',
      path: '*/reviews',
      useCase: () => {
        const m = useCreateReview();
        return { send: () => m.mutate({} as Parameters<typeof m.mutate>[0]), error: m.error };
      },
    },
  ]);
});
