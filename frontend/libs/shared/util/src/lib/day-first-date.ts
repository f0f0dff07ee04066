import { formatDate } from './format';

/** What a person typed in the Day, Month and Year boxes of a date field, as text. */
export interface DayMonthYear {
  day: string;
  month: string;
  year: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The boxes for an ISO 'YYYY-MM-DD' (empty boxes for '' or a malformed value). */
export function dayMonthYearOf(iso: string): DayMonthYear {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.trim());
  return m ? { day: m[3], month: m[2], year: m[1] } : { day: '', month: '', year: '' };
}

export type DayFirstResult =
  | { kind: 'empty' }
  | { kind: 'incomplete' }
  | { kind: 'date'; iso: string }
  | { kind: 'invalid'; message: string };

const digits = /^\d+$/;

/**
 * Reads the boxes day first, as an en-IN reader writes a date (12/04/2026 is 12 April), into the
 * ISO date the API takes; an impossible day (31/02) or one outside [min, max] gets a message that
 * says what to type instead.
 */
export function parseDayFirst({ day, month, year }: DayMonthYear, bounds: { min?: string; max?: string } = {}): DayFirstResult {
  const [d, m, y] = [day.trim(), month.trim(), year.trim()];
  if (!d && !m && !y) return { kind: 'empty' };
  if (!d || !m || y.length < 4) return { kind: 'incomplete' };
  if (!digits.test(d) || !digits.test(m) || !digits.test(y) || y.length > 4) {
    return { kind: 'invalid', message: 'Use numbers only, day first: e.g. 25 12 2026.' };
  }
  const [dn, mn, yn] = [Number(d), Number(m), Number(y)];
  if (mn < 1 || mn > 12) return { kind: 'invalid', message: 'The month is a number from 1 to 12.' };
  const daysInMonth = new Date(Date.UTC(yn, mn, 0)).getUTCDate();
  if (dn < 1 || dn > daysInMonth) {
    return { kind: 'invalid', message: `${MONTHS[mn - 1]} ${yn} has ${daysInMonth} days: enter a day from 1 to ${daysInMonth}.` };
  }
  const iso = `${y}-${String(mn).padStart(2, '0')}-${String(dn).padStart(2, '0')}`;
  // ISO dates of the same length compare as calendar days.
  if (bounds.min && iso < bounds.min) return { kind: 'invalid', message: `Choose ${formatDate(bounds.min)} or later.` };
  if (bounds.max && iso > bounds.max) return { kind: 'invalid', message: `Choose ${formatDate(bounds.max)} or earlier.` };
  return { kind: 'date', iso };
}
