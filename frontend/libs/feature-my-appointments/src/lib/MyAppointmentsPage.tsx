import { Placeholder } from '@slotwise/ui';

/** /my-appointments (login required). */
export function MyAppointmentsPage() {
  return (
    <Placeholder title="My Appointments">
      <p>Your appointment list with search, filters and sorting is coming soon.</p>
    </Placeholder>
  );
}
