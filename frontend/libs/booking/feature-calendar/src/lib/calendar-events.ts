// The calendar (docs/product.md#screens-and-routes): which appointments it shows, their colours and where they sit
// (the provider's actions in an event's dialog are booking-ui's ProviderActions, as on every provider screen).
import type { Appointment } from '@slotwise/shared-contract';
import { addDays, isListed, parseTimeLabel } from '@slotwise/shared-util';

/**
 * Category colours (the 700 shades of Tailwind's palette): the calendar writes white on them, at
 * 4.5:1 or more for every one (axe color-contrast; calendar-events.spec checks). Healthcare, Beauty, Home Repair, Automobile, Education, Government, Restaurant, Retail, Events, default. */
export const CATEGORY_COLORS: ReadonlyArray<{ key: string; match: RegExp; color: string }> = [
  { key: 'Healthcare', match: /health/i, color: '#b91c1c' },
  { key: 'Beauty', match: /beauty/i, color: '#be185d' },
  { key: 'Home Repair', match: /home|repair/i, color: '#b45309' },
  { key: 'Automobile', match: /auto/i, color: '#475569' },
  { key: 'Education', match: /educat/i, color: '#1d4ed8' },
  { key: 'Government', match: /govern|legal/i, color: '#0f766e' },
  { key: 'Restaurant', match: /restaurant|hotel/i, color: '#c2410c' },
  { key: 'Retail', match: /retail/i, color: '#6d28d9' },
  { key: 'Events', match: /event/i, color: '#a21caf' },
];
export const DEFAULT_CATEGORY_COLOR = '#4f46e5';

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

/** 'YYYY-MM-DDTHH:MM:00' — a floating wall-clock time for the calendar, shown as booked. */
export function calendarStart(a: Appointment): string | null {
  const t = parseTimeLabel(a.time);
  if (t === null || !/^\d{4}-\d{2}-\d{2}$/.test(a.date)) return null;
  return `${a.date}T${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}:00`;
}

/** How long an appointment is drawn when its service's duration is not known. */
export const DEFAULT_EVENT_MINUTES = 60;

/** Floating end for the calendar: start plus the service's minutes (default 60). */
export function calendarEnd(a: Appointment, minutes: number = DEFAULT_EVENT_MINUTES): string | null {
  const t = parseTimeLabel(a.time);
  if (t === null) return null;
  const end = t + minutes;
  const date = end >= 24 * 60 ? addDays(a.date, 1) : a.date;
  const e = end % (24 * 60);
  return `${date}T${String(Math.floor(e / 60)).padStart(2, '0')}:${String(e % 60).padStart(2, '0')}:00`;
}

const hh = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

/**
 * The hours the week and day grids show: 6:00 to 23:00, widened to the whole hours of any
 * appointment outside them (a 5:00 AM booking must be seen), so nothing is cut off.
 */
export function visibleHours(list: readonly Appointment[], durations?: ReadonlyMap<string, number>): { min: string; max: string } {
  let min = 6 * 60;
  let max = 23 * 60;
  for (const a of list) {
    const t = parseTimeLabel(a.time);
    if (t === null) continue;
    min = Math.min(min, Math.floor(t / 60) * 60);
    max = Math.max(max, Math.min(24 * 60, Math.ceil((t + (durations?.get(a.serviceId) ?? DEFAULT_EVENT_MINUTES)) / 60) * 60));
  }
  return { min: hh(min), max: hh(max) };
}

/** Below 768 px a phone gets an agenda and a day view, and one team member at a time. */
export const PHONE_QUERY = '(max-width: 767px)';

export const isPhone = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/**
 * Team member colours, for a provider's calendar showing everyone: the same 700 shades as the
 * categories (white text at 4.5:1 or more), in an order that keeps neighbours apart.
 */
export const MEMBER_COLORS = ['#1d4ed8', '#b91c1c', '#0f766e', '#6d28d9', '#b45309', '#be185d', '#475569', '#c2410c', '#a21caf', '#4f46e5'] as const;

/** A member's colour by their place in the team (owner first); an unknown member gets the default. */
export function memberColor(team: readonly { _id: string }[], staffId: string): string {
  const i = team.findIndex((m) => m._id === staffId);
  return i < 0 ? DEFAULT_CATEGORY_COLOR : MEMBER_COLORS[i % MEMBER_COLORS.length];
}
