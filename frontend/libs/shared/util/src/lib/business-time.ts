import { parseTimeLabel } from './time-slots';

/**
 * Slots are wall-clock times in the business time zone (docs/architecture.md#rules-the-server-enforces, APP_TIMEZONE). The
 * availability endpoint names the zone; this is its default.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata';

// One formatter per zone, built on first use: building one costs 1–3 ms on a phone, and a screen
// reads many instants.
const partsFormats = new Map<string, Intl.DateTimeFormat>();
const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();
function cachedFormat(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat) {
  let f = cache.get(timeZone);
  if (!f) cache.set(timeZone, (f = make()));
  return f;
}

function partsIn(instant: Date, timeZone: string) {
  const parts = cachedFormat(partsFormats, timeZone, () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
  ).formatToParts(instant);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour') % 24, mi: get('minute'), s: get('second') };
}

/** 'YYYY-MM-DD' of `now` in the business zone. */
export function businessDate(now: Date, timeZone: string = BUSINESS_TIME_ZONE): string {
  const p = partsIn(now, timeZone);
  return `${p.y}-${String(p.mo).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

/** The instant of a wall-clock date ('YYYY-MM-DD') and slot label in the business zone. */
export function businessInstant(
  date: string,
  time: string,
  timeZone: string = BUSINESS_TIME_ZONE,
): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  const t = parseTimeLabel(time ?? '');
  if (!d || t === null) return null;
  const guess = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Math.floor(t / 60), t % 60);
  const p = partsIn(new Date(guess), timeZone);
  const offset = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) - guess;
  return new Date(guess - offset);
}

/** 'YYYY-MM-DD' plus n days (calendar arithmetic, no zone). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return t.toISOString().slice(0, 10);
}

/** The later of two 'YYYY-MM-DD' dates. */
export function laterDate(a: string, b: string): string {
  return a >= b ? a : b;
}

/**
 * What to tell a browser in another zone about slot times: they are the business zone's wall
 * clock ("Times are India Standard Time (IST)."); null when the browser is in that zone.
 */
export function zoneNotice(browserZone: string | undefined, businessZone: string = BUSINESS_TIME_ZONE): string | null {
  if (!browserZone || browserZone === businessZone || (businessZone === 'Asia/Kolkata' && browserZone === 'Asia/Calcutta')) return null;
  if (businessZone === 'Asia/Kolkata') return 'Times are India Standard Time (IST).';
  return `Times are in the ${businessZone} time zone.`;
}

/**
 * The short name of a time zone as people read it: 'IST' for Asia/Kolkata, else what Intl calls it
 * ('GMT+1', 'CET'); the zone's own name when Intl does not know it.
 */
export function zoneAbbreviation(timeZone: string = BUSINESS_TIME_ZONE, at: Date = new Date()): string {
  try {
    const part = cachedFormat(zoneNameFormats, timeZone, () => new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' })).formatToParts(at).find((p) => p.type === 'timeZoneName');
    return part?.value || timeZone;
  } catch {
    return timeZone;
  }
}
