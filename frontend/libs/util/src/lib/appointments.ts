// Appointments: the model (spec §3) and the display, tab, list and swipe rules (spec §2, §4).
import { addDays, businessDate, businessInstant } from './business-time';
import { parseTimeLabel } from './time-slots';

export type AppointmentStatus =
  | 'pending'
  | 'scheduled'
  | 'confirmed'
  | 'in-progress'
  | 'completed'
  | 'cancelled'
  | 'rejected'
  | 'no-show';

export const APPOINTMENT_STATUSES: readonly AppointmentStatus[] = [
  'pending',
  'scheduled',
  'confirmed',
  'in-progress',
  'completed',
  'cancelled',
  'rejected',
  'no-show',
];

export interface Appointment {
  _id: string;
  serviceId: string;
  serviceName: string;
  serviceCategory: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
  /** 'YYYY-MM-DD' in the business zone */
  date: string;
  /** as the service lists it: '9:00 AM' or 'HH:MM' */
  time: string;
  /** RFC 3339 instant of the start */
  startsAt: string;
  status: AppointmentStatus;
  provider: string;
  location: string;
  notes: string;
  hasReviewed: boolean;
  customerId?: string;
  providerId?: string;
  createdAt?: string;
  updatedAt?: string;
}

/** The start instant: the server's startsAt, else date + time in the business zone. */
export function appointmentStart(a: Pick<Appointment, 'startsAt' | 'date' | 'time'>): Date | null {
  if (a.startsAt) {
    const d = new Date(a.startsAt);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return businessInstant(a.date, a.time);
}

/** Its start has passed (a start equal to now counts as passed, as on the server). */
export function isPast(a: Pick<Appointment, 'startsAt' | 'date' | 'time'>, now: Date): boolean {
  const s = appointmentStart(a);
  return s !== null && s.getTime() <= now.getTime();
}

/**
 * Spec §4 display rule: a scheduled or confirmed appointment whose start has passed is shown
 * as completed.
 */
export function displayStatus(a: Appointment, now: Date): AppointmentStatus {
  if ((a.status === 'scheduled' || a.status === 'confirmed') && isPast(a, now)) return 'completed';
  return a.status;
}

export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  pending: 'Pending',
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  'in-progress': 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
  'no-show': 'No Show',
};

/** Card action: 'review' (Leave a Review), 'reviewed' (Reviewed) or none. */
export function reviewState(a: Appointment, now: Date): 'review' | 'reviewed' | null {
  if (displayStatus(a, now) !== 'completed') return null;
  return a.hasReviewed ? 'reviewed' : 'review';
}

/** Entries named Unknown Service are hidden everywhere (spec §4). */
export function isListed(a: Appointment): boolean {
  return a.serviceName !== 'Unknown Service';
}

/** Open statuses a customer may still cancel or reschedule (pending is the server's initial status). */
const OPEN: readonly AppointmentStatus[] = ['pending', 'scheduled', 'confirmed'];

/** A customer may reschedule or cancel an open appointment that has not started. */
export function canChange(a: Appointment, now: Date): boolean {
  return OPEN.includes(a.status) && !isPast(a, now);
}

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

// ---- Dashboard tabs (spec §4) ----

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
 * Customer dashboard history (spec §4): earlier dates, or status completed, cancelled,
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

// ---- My appointments (spec §2) ----

export interface AppointmentStats {
  total: number;
  upcoming: number;
  completed: number;
  cancelled: number;
}

/**
 * Total; Upcoming (pending, scheduled, confirmed not yet started — a pending request whose
 * time has passed is no longer upcoming); Completed (as displayed); Cancelled (cancelled,
 * rejected, no-show).
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
    else if (d === 'cancelled' || d === 'rejected' || d === 'no-show') s.cancelled++;
  }
  return s;
}

export type SortKey = 'date' | 'time' | 'service' | 'status';

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

const startMs = (a: Appointment) => appointmentStart(a)?.getTime() ?? 0;

export function sortAppointments(list: readonly Appointment[], key: SortKey, now: Date = new Date()): Appointment[] {
  const out = [...list];
  const byStart = (a: Appointment, b: Appointment) => startMs(a) - startMs(b);
  switch (key) {
    case 'date':
      return out.sort(byStart);
    case 'time':
      return out.sort((a, b) => (parseTimeLabel(a.time) ?? 0) - (parseTimeLabel(b.time) ?? 0) || byStart(a, b));
    case 'service':
      return out.sort((a, b) => a.serviceName.localeCompare(b.serviceName) || byStart(a, b));
    case 'status':
      return out.sort((a, b) => displayStatus(a, now).localeCompare(displayStatus(b, now)) || byStart(a, b));
  }
}

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

// ---- Touch swipe (spec §2, §9) ----

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

// ---- Calendar (spec §2) ----

/** Category colours: Healthcare, Beauty, Home Repair, Automobile, Education, Government, Restaurant, Retail, Events, default. */
export const CATEGORY_COLORS: ReadonlyArray<{ key: string; match: RegExp; color: string }> = [
  { key: 'Healthcare', match: /health/i, color: '#ef4444' },
  { key: 'Beauty', match: /beauty/i, color: '#ec4899' },
  { key: 'Home Repair', match: /home|repair/i, color: '#f59e0b' },
  { key: 'Automobile', match: /auto/i, color: '#64748b' },
  { key: 'Education', match: /educat/i, color: '#3b82f6' },
  { key: 'Government', match: /govern|legal/i, color: '#0d9488' },
  { key: 'Restaurant', match: /restaurant|hotel/i, color: '#ea580c' },
  { key: 'Retail', match: /retail/i, color: '#8b5cf6' },
  { key: 'Events', match: /event/i, color: '#d946ef' },
];
export const DEFAULT_CATEGORY_COLOR = '#6366f1';

export function categoryColor(category: string): string {
  return CATEGORY_COLORS.find((c) => c.match.test(category ?? ''))?.color ?? DEFAULT_CATEGORY_COLOR;
}

/** Calendar entries: cancelled (and rejected) ones and Unknown Service are hidden. */
export function calendarAppointments(list: readonly Appointment[], category = 'all'): Appointment[] {
  return list.filter(
    (a) =>
      isListed(a) &&
      a.status !== 'cancelled' &&
      a.status !== 'rejected' &&
      (category === 'all' || a.serviceCategory === category),
  );
}

/** Categories present in the data, for the calendar's filter. */
export function presentCategories(list: readonly Appointment[]): string[] {
  return [...new Set(list.filter(isListed).map((a) => a.serviceCategory).filter(Boolean))].sort();
}

/** Provider calendar actions (spec §4): pending → confirmed or rejected; confirmed → completed. */
export function providerCalendarActions(a: Appointment): AppointmentStatus[] {
  if (a.status === 'pending') return ['confirmed', 'rejected'];
  if (a.status === 'confirmed') return ['completed'];
  return [];
}

/** 'YYYY-MM-DDTHH:MM:00' — a floating wall-clock time for the calendar, shown as booked. */
export function calendarStart(a: Appointment): string | null {
  const t = parseTimeLabel(a.time);
  if (t === null || !/^\d{4}-\d{2}-\d{2}$/.test(a.date)) return null;
  return `${a.date}T${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}:00`;
}

/** Floating end for the calendar: start plus minutes (default 60). */
export function calendarEnd(a: Appointment, minutes = 60): string | null {
  const t = parseTimeLabel(a.time);
  if (t === null) return null;
  const end = t + minutes;
  const date = end >= 24 * 60 ? addDays(a.date, 1) : a.date;
  const e = end % (24 * 60);
  return `${date}T${String(Math.floor(e / 60)).padStart(2, '0')}:${String(e % 60).padStart(2, '0')}:00`;
}
