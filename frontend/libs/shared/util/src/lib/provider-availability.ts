// A provider's availability per day (docs/product.md#states-and-transitions, #constants): the provider home's 30-day card and the
// provider dashboard's 7-day calendar. Days are calendar dates in the business zone.
import type { Appointment } from '@slotwise/shared-contract';
import { isListed } from './appointments';
import { addDays, businessDate } from './business-time';

export const AVAILABILITY_DAYS = 30;
/** more bookings than this on a day makes it Busy */
export const BUSY_ABOVE = 5;

/** statuses that no longer hold a slot */
const RELEASED = new Set(['cancelled', 'rejected']);

export type Availability = 'Free' | 'Booked' | 'Busy';

/** Free with 0 bookings, Booked with 1 to 5, Busy with more than 5 (docs/product.md#states-and-transitions). */
export function availabilityOf(bookings: number): Availability {
  if (bookings <= 0) return 'Free';
  return bookings > BUSY_ABOVE ? 'Busy' : 'Booked';
}

type Booking = Pick<Appointment, 'date' | 'status' | 'serviceName'>;

/** Bookings that hold a slot, counted per calendar date. */
export function bookingsPerDay(list: readonly Booking[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const a of list) {
    if (!isListed(a) || RELEASED.has(a.status)) continue;
    m.set(a.date, (m.get(a.date) ?? 0) + 1);
  }
  return m;
}

export interface ProviderDayAvailability {
  /** 'YYYY-MM-DD' */
  date: string;
  bookings: number;
  availability: Availability;
}

/** Availability of each of `days` days from today in the business zone. */
export function availabilityWindow(list: readonly Booking[], now: Date = new Date(), days = AVAILABILITY_DAYS): ProviderDayAvailability[] {
  const per = bookingsPerDay(list);
  const first = businessDate(now);
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(first, i);
    const bookings = per.get(date) ?? 0;
    return { date, bookings, availability: availabilityOf(bookings) };
  });
}
