// A customer's request on a day the provider has since closed (docs/product.md#provider-schedule):
// the bell and the mail said so, and the card must too. The service's availability for that day
// is what the server knows now (a reopened day reads open again), so the card asks it rather than
// reading the notices, which a reopening does not retract.
import type { ReactNode } from 'react';
import type { Appointment } from '@slotwise/shared-contract';
import { useAvailability } from '@slotwise/booking-data-access';
import { awaitsProvider, isPast } from '@slotwise/shared-util';

export interface ClosedDay {
  note: string;
}

/** The closure on the appointment's day, while it still awaits the provider's answer; undefined otherwise. */
export function useClosedDay(a: Appointment, now: Date): ClosedDay | undefined {
  const watch = awaitsProvider(a) && !isPast(a, now);
  const q = useAvailability(watch ? a.serviceId : null, a.date, 1, a.staffId ?? '');
  const day = q.data?.days?.find((d) => d.date === a.date);
  return watch && day?.closed ? { note: day.closedNote } : undefined;
}

/** Hands `children` the closed day of `appointment`, for a list that maps its cards. */
export function WithClosedDay({ appointment, now, children }: { appointment: Appointment; now: Date; children: (closed: ClosedDay | undefined) => ReactNode }) {
  return <>{children(useClosedDay(appointment, now))}</>;
}
