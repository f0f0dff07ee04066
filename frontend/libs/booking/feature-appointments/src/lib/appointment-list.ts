// My Appointments rules (docs/product.md#screens-and-routes, #states-and-transitions): what may change, the stats, the search/range/status
// filter and sort, and the touch swipes.
import type { Appointment } from '@slotwise/shared-contract';
import { canChange, displayStatus, isListed, isPast, sortAppointments, type SortKey } from '@slotwise/shared-util';

export const CHANGE_MESSAGES = {
  reschedulePast: 'Cannot reschedule past appointments',
  cancelPast: 'Cannot cancel past appointments',
  noId: 'No appointment ID provided',
  notLoggedIn: 'You must be logged in to view this appointment',
} as const;

/** Why an appointment cannot be rescheduled (null when it can). */
export function rescheduleBlocked(a: Appointment, now: Date): string | null {
  return isPast(a, now) ? CHANGE_MESSAGES.reschedulePast : null;
}

/** Why an appointment cannot be cancelled (null when it can). */
export function cancelBlocked(a: Appointment, now: Date): string | null {
  return isPast(a, now) ? CHANGE_MESSAGES.cancelPast : null;
}

export interface AppointmentStats {
  total: number;
  upcoming: number;
  completed: number;
  cancelled: number;
}

/**
 * Total; Upcoming (pending, scheduled, confirmed not yet started — a pending request whose
 * time has passed is no longer upcoming); Completed (as displayed); Cancelled (cancelled +
 * no-show, docs/product.md#screens-and-routes: a rejected request is in the total only).
 */
export function appointmentStats(list: readonly Appointment[], now: Date): AppointmentStats {
  const s: AppointmentStats = { total: 0, upcoming: 0, completed: 0, cancelled: 0 };
  for (const a of list) {
    if (!isListed(a)) continue;
    s.total++;
    const d = displayStatus(a, now);
    if (d === 'pending' || d === 'scheduled' || d === 'confirmed') {
      if (!isPast(a, now)) s.upcoming++;
    }
    else if (d === 'completed') s.completed++;
    else if (d === 'cancelled' || d === 'no-show') s.cancelled++;
  }
  return s;
}

export interface AppointmentFilter {
  search: string;
  /** 'YYYY-MM-DD' or '' */
  from: string;
  to: string;
  /** 'all' or a status (matched against the displayed status) */
  status: string;
  sort: SortKey;
}

export const emptyFilter = (): AppointmentFilter => ({ search: '', from: '', to: '', status: 'all', sort: 'date' });

/** Text search, From/To date range (inclusive), status filter and sort. */
export function filterAppointments(list: readonly Appointment[], f: AppointmentFilter, now: Date): Appointment[] {
  const q = f.search.trim().toLowerCase();
  const out = list.filter((a) => {
    if (!isListed(a)) return false;
    if (f.from && a.date < f.from) return false;
    if (f.to && a.date > f.to) return false;
    if (f.status !== 'all' && displayStatus(a, now) !== f.status) return false;
    if (q) {
      const hay = [a.serviceName, a.serviceCategory, a.provider, a.location, a.notes, a.customerName, a.customerEmail, displayStatus(a, now)]
        .join(' ')
        .toLowerCase();
      if (!hay.includes(q)) return false;
    }
    return true;
  });
  return sortAppointments(out, f.sort, now);
}

export const SWIPE_THRESHOLD_PX = 50;

/**
 * Left beyond 50 px opens details; right beyond 50 px on a scheduled or confirmed (or
 * pending) appointment that has not started asks reschedule-or-cancel; anything else does nothing.
 */
export function swipeAction(dx: number, a: Appointment, now: Date): 'details' | 'reschedule-or-cancel' | null {
  if (dx < -SWIPE_THRESHOLD_PX) return 'details';
  if (dx > SWIPE_THRESHOLD_PX && canChange(a, now)) return 'reschedule-or-cancel';
  return null;
}
