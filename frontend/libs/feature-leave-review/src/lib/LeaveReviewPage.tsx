import { useLocation } from 'react-router';
import { Placeholder } from '@slotwise/ui';

/** /leave-review — reads appointmentId from navigation state. */
export function LeaveReviewPage() {
  const state = useLocation().state as { appointmentId?: string } | null;
  return (
    <Placeholder title="Leave a Review">
      <p>{state?.appointmentId ? 'The review form is coming soon.' : 'Open this page from a completed appointment.'}</p>
    </Placeholder>
  );
}
