import { BUSINESS_TIME_ZONE, businessInstant, zoneAbbreviation } from './business-time';
import { displayTime } from './time-slots';

// Built once: toLocaleString builds a new formatter per call (slow on a phone, once per number shown).
const NUMBER = new Intl.NumberFormat('en-IN');

/** '1,23,456' — a count or amount with Indian digit grouping. */
export function formatNumber(n: number): string {
  return NUMBER.format(n);
}

/** '₹499' — prices are whole or fractional rupees. */
export function formatRupees(amount: number): string {
  return `₹${Number.isFinite(amount) ? formatNumber(amount) : '0'}`;
}

export function formatDuration(minutes: number): string {
  return `${minutes} min`;
}

// One way dates and times read for people, on every screen: 'Tue, 24 Nov 2026 · 10:00 AM'.
const DAY_PARTS = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * 'Tue, 24 Nov 2026' for a calendar date ('YYYY-MM-DD', read as that wall-clock day whatever the
 * browser's zone) or for an instant (an ISO timestamp, its day in the browser's zone); '' when
 * missing or unreadable.
 */
export function formatDate(value: string | undefined): string {
  if (!value) return '';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  let utc: number;
  if (day) {
    utc = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 12);
  } else {
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) return '';
    utc = Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), 12);
  }
  const parts = DAY_PARTS.formatToParts(new Date(utc));
  const get = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('weekday')}, ${get('day')} ${get('month')} ${get('year')}`;
}

/** 'Tue, 24 Nov 2026 · 10:00 AM' for a calendar date and a slot label ('10:00 AM' or '10:00'). */
export function formatDateTime(date: string, time: string): string {
  const d = formatDate(date) || date;
  return time ? `${d} · ${displayTime(time)}` : d;
}

/** '10:30 AM IST': a slot label with the short name of the zone it is read in (the API's timeZone). */
export function formatZonedTime(date: string, time: string, timeZone: string = BUSINESS_TIME_ZONE): string {
  return `${displayTime(time)} ${zoneAbbreviation(timeZone, businessInstant(date, time, timeZone) ?? undefined)}`;
}

/** 'Tue, 24 Nov 2026 · 10:30 AM IST' for a calendar date and slot in the business zone. */
export function formatZonedDateTime(date: string, time: string, timeZone: string = BUSINESS_TIME_ZONE): string {
  const d = formatDate(date) || date;
  return time ? `${d} · ${formatZonedTime(date, time, timeZone)}` : d;
}
