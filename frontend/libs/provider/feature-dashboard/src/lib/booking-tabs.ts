// The provider dashboard's Booking Dashboard (docs/product.md#states-and-transitions): tabs over the stored statuses (a
// provider sees what is still to be completed, docs/adr/0062-one-status-line-for-provider-steps.md); the actions on a row are
// booking-ui's ProviderActions, the same on every provider screen.
import type { Appointment } from '@slotwise/shared-contract';
import { appointmentStart, awaitsProvider, businessDate, isListed } from '@slotwise/shared-util';

export const MINI_CALENDAR_DAYS = 7;

export const BOOKING_TABS = ['Requests', 'Upcoming', 'Today', 'Scheduled', 'Past', 'Cancelled'] as const;
export type BookingTab = (typeof BOOKING_TABS)[number] | 'All';

type Booking = Pick<Appointment, 'date' | 'time' | 'startsAt' | 'status' | 'serviceName'> & { awaitingProvider?: boolean };

const startMs = (a: Booking) => appointmentStart(a)?.getTime() ?? 0;

// The people still coming: a request not yet answered, or a booking not ended, cancelled or declined.
const COMING: readonly Booking['status'][] = ['pending', 'scheduled', 'confirmed', 'in-progress'];

/**
 * Requests = awaiting the provider's answer (new, or moved by the customer before it); Upcoming = people who are coming (start in
 * the future, not cancelled, declined or ended: an owner reads the tab as who will walk in, issue 51); Today = date is today; Scheduled = status scheduled;
 * Past = completed or no-show; Cancelled = cancelled or rejected.
 */
export function inBookingTab(a: Booking, tab: BookingTab, now: Date = new Date()): boolean {
  switch (tab) {
    case 'Requests':
      return awaitsProvider(a);
    case 'Upcoming':
      return startMs(a) > now.getTime() && COMING.includes(a.status);
    case 'Today':
      return a.date === businessDate(now);
    case 'Scheduled':
      return a.status === 'scheduled';
    case 'Past':
      return a.status === 'completed' || a.status === 'no-show';
    case 'Cancelled':
      return a.status === 'cancelled' || a.status === 'rejected';
    default:
      return true;
  }
}

/** The bookings of a tab, soonest first. */
export function bookingTab<T extends Booking>(list: readonly T[], tab: BookingTab, now: Date = new Date()): T[] {
  return list.filter((a) => isListed(a) && inBookingTab(a, tab, now)).sort((x, y) => startMs(x) - startMs(y));
}
