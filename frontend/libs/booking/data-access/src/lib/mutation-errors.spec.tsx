import { itShowsTheServersMessage } from '@slotwise/shared-testing';
import { failureMessage } from '@slotwise/shared-util';
import { useProviderStatus, useReassign } from './appointments';
import { useResetCalendarFeed } from './calendar-export';
import { useReportReview } from './reviews';

describe('booking mutations show the server\'s message', () => {
  itShowsTheServersMessage(failureMessage, [
    {
      hook: 'useProviderStatus',
      method: 'patch',
      path: '*/appointments/:id/provider-status',
      useCase: () => {
        const m = useProviderStatus();
        return { send: () => m.mutate({ id: 'a1', status: 'confirmed' }), error: m.error };
      },
    },
    {
      hook: 'useReassign',
      method: 'put',
      path: '*/appointments/:id/staff',
      useCase: () => {
        const m = useReassign();
        return { send: () => m.mutate({ id: 'a1', staffId: 'm2' }), error: m.error };
      },
    },
    {
      hook: 'useResetCalendarFeed',
      method: 'post',
      path: '*/calendar/feed',
      useCase: () => {
        const m = useResetCalendarFeed();
        return { send: () => m.mutate(), error: m.error };
      },
    },
    {
      hook: 'useReportReview',
      method: 'post',
      path: '*/reviews/:id/reports',
      useCase: () => {
        const m = useReportReview();
        return { send: () => m.mutate({ id: 'r1', reason: 'spam', details: '' }), error: m.error };
      },
    },
  ]);
});
