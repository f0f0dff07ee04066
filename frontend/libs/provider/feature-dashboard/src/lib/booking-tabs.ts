// The provider dashboard's Booking Dashboard (docs/product.md#states-and-transitions): tabs over the stored statuses (a
// provider sees what is still to be completed, docs/adr/0029-web-screen-rules.md) and the actions on a row.
import type { Appointment, AppointmentStatus } from '@slotwise/shared-contract';
import { appointmentStart, businessDate, displayStatus, isListed } from '@slotwise/shared-util';

export const MINI_CALENDAR_DAYS = 7;

export const BOOKING_TABS = ['Upcoming', 'Today', 'Scheduled', 'Past', 'Cancelled'] as const;
export type BookingTab = (typeof BOOKING_TABS)[number] | 'All';

type Booking = Pick<Appointment, 'date' | 'time' | 'startsAt' | 'status' | 'serviceName'>;

const startMs = (a: Booking) => appointmentStart(a)?.getTime() ?? 0;

/**
 * Upcoming = start in the future; Today = date is today; Scheduled = status scheduled;
 * Past = completed or no-show; Cancelled = cancelled or rejected.
 */
export function inBookingTab(a: Booking, tab: BookingTab, now: Date = new Date()): boolean {
  switch (tab) {
    case 'Upcoming':
      return startMs(a) > now.getTime();
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

export interface BookingAction {
  label: string;
  status: AppointmentStatus;
  tone: 'ok' | 'bad';
}

/**
 * The actions a provider has on one booking of the dashboard (docs/product.md#states-and-transitions, docs/adr/0029-web-screen-rules.md), by
 * its displayed status: Confirm (which sends scheduled) only on a pending request, so never on
 * one already Scheduled; Reject while it has not started; Complete only on one in progress
 * (a started scheduled or confirmed one already reads Completed).
 */
export function bookingActions(a: Booking, now: Date): BookingAction[] {
  switch (displayStatus(a, now)) {
    case 'pending':
      return [
        { label: 'Confirm', status: 'scheduled', tone: 'ok' },
        { label: 'Reject', status: 'cancelled', tone: 'bad' },
      ];
    case 'scheduled':
    case 'confirmed':
      return [{ label: 'Reject', status: 'cancelled', tone: 'bad' }];
    case 'in-progress':
      return [{ label: 'Complete', status: 'completed', tone: 'ok' }];
    default:
      return [];
  }
}
