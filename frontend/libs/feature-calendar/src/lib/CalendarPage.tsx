import { useSession } from '@slotwise/data-access';
import { Placeholder } from '@slotwise/ui';

/** /calendar (login required). The calendar itself is lazy-loaded with this route. */
export function CalendarPage() {
  const { role } = useSession();
  return (
    <Placeholder title={role === 'provider' ? 'Provider Calendar' : 'Appointment Calendar'}>
      <p>Month, week and day views are coming soon.</p>
    </Placeholder>
  );
}
