// /dashboard: the Booked Services tabs, the history and a provider's recent bookings (docs/product.md#states-and-transitions).
import type { Appointment, AppointmentStatus } from '@slotwise/shared-contract';
import { businessDate, displayStatus, isListed, isPast, sortAppointments } from '@slotwise/shared-util';

export const DASHBOARD_TABS = ['Upcoming', 'Today', 'Scheduled', 'Past', 'Cancelled', 'All'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** Statuses counted as upcoming: a pending request is upcoming for the customer who made it. */
const UPCOMING_FOR: Record<'customer' | 'provider', readonly AppointmentStatus[]> = {
  customer: ['pending', 'scheduled', 'confirmed', 'in-progress'],
  provider: ['pending', 'scheduled', 'confirmed', 'in-progress'],
};

export function inTab(
  a: Appointment,
  tab: DashboardTab,
  now: Date,
  role: 'customer' | 'provider' = 'customer',
): boolean {
  switch (tab) {
    case 'Upcoming':
      return UPCOMING_FOR[role].includes(a.status) && !isPast(a, now);
    case 'Today':
      return a.date === businessDate(now);
    case 'Scheduled':
      return a.status === 'scheduled' && !isPast(a, now);
    case 'Past': {
      const s = displayStatus(a, now);
      return s === 'completed' || s === 'no-show';
    }
    case 'Cancelled':
      return a.status === 'cancelled' || a.status === 'rejected';
    case 'All':
      return true;
  }
}

/** The appointments of a tab, soonest first (Past: most recent first). */
export function tabList(
  list: readonly Appointment[],
  tab: DashboardTab,
  now: Date,
  role: 'customer' | 'provider' = 'customer',
): Appointment[] {
  const out = list.filter((a) => isListed(a) && inTab(a, tab, now, role));
  const sorted = sortAppointments(out, 'date');
  return tab === 'Past' ? sorted.reverse() : sorted;
}

/**
 * Customer dashboard history (docs/product.md#states-and-transitions): earlier dates, or status completed, cancelled,
 * rejected or no-show (including ones shown as completed), most recent first.
 */
export function historyList(list: readonly Appointment[], now: Date): Appointment[] {
  const today = businessDate(now);
  const closed: AppointmentStatus[] = ['completed', 'cancelled', 'rejected', 'no-show'];
  return sortAppointments(
    list.filter((a) => isListed(a) && (a.date < today || closed.includes(displayStatus(a, now)))),
    'date',
  ).reverse();
}

/** A provider's most recent bookings (by booking time), newest first. */
export function recentBookings(list: readonly Appointment[], n = 5): Appointment[] {
  return [...list]
    .filter(isListed)
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''))
    .slice(0, n);
}
