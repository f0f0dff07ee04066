import { useSearchParams } from 'react-router';
import { ErrorBanner, Placeholder } from '@slotwise/ui';

export const NO_APPOINTMENT_ID = 'No appointment ID provided';

/** /reschedule?id={appointmentId} (login required). */
export function ReschedulePage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Placeholder title="Reschedule Appointment">
      {id ? <p>Choosing a new date and time is coming soon.</p> : <ErrorBanner>{NO_APPOINTMENT_ID}</ErrorBanner>}
    </Placeholder>
  );
}
