// The calendar (docs/product.md#screens-and-routes): which appointments it shows, their colours, where they sit and the
// provider's actions in an event's dialog.
import type { Appointment, AppointmentStatus } from '@slotwise/shared-contract';
import { addDays, isListed, isPast, parseTimeLabel } from '@slotwise/shared-util';

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

/**
 * Provider calendar actions (docs/product.md#states-and-transitions): pending → confirmed or rejected; confirmed → completed once
 * it has started (the server refuses to complete what has not begun, docs/decisions.md).
 */
export function providerCalendarActions(a: Appointment, now: Date): AppointmentStatus[] {
  if (a.status === 'pending') return ['confirmed', 'rejected'];
  if (a.status === 'confirmed' && isPast(a, now)) return ['completed'];
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
