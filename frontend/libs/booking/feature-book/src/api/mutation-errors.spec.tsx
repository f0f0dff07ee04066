import { itShowsTheServersMessage } from '@slotwise/shared-testing';
import { failureMessage } from '@slotwise/shared-util';
import { useBookAppointment } from './booking-api';

describe('booking mutations show the server\'s message', () => {
  itShowsTheServersMessage(failureMessage, [
    {
      hook: 'useBookAppointment',
      method: 'post',
      path: '*/appointments',
      useCase: () => {
        const m = useBookAppointment();
        return { send: () => m.book({} as Parameters<typeof m.book>[0]), error: m.error };
      },
    },
  ]);
});
