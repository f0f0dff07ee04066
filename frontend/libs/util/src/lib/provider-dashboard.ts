// Rules of the provider's screens (spec §4, §9): provider-home upcoming, today's and the
// 30-day availability (Free/Booked/Busy), booking-dashboard tabs, average duration.
import { toIsoDate } from './dates';

/** Appointment dates are calendar dates in the business time zone (design §4). */
export const PROVIDER_TIME_ZONE = 'Asia/Kolkata';

/** The calendar date ('YYYY-MM-DD') of an instant in the business time zone. */
export function businessDay(now: Date, timeZone: string = PROVIDER_TIME_ZONE): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return toIsoDate(now);
  }
}

/** 'YYYY-MM-DD' plus n calendar days. */
export function plusDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** One booking as GET /appointments/provider returns it. */
export interface ProviderAppointment {
  _id: string;
  serviceId: string;
  serviceName: string;
  serviceCategory: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
  /** 'YYYY-MM-DD' in the business time zone */
  date: string;
  /** the slot as booked: 'HH:MM' or '9:00 AM' */
  time: string;
  /** RFC 3339 start */
  startsAt: string;
  status: string;
  provider: string;
  location: string;
  notes: string;
  hasReviewed: boolean;
}

/** A review of one of the provider's services (GET /reviews/provider). */
export interface ProviderReview {
  _id: string;
  rating: number;
  comment: string;
  createdAt: string;
  userId: { email: string } | null;
  serviceId: string;
  serviceName: string;
}

type Dated = Pick<ProviderAppointment, 'date' | 'time' | 'startsAt' | 'status'> &
  Partial<Pick<ProviderAppointment, 'serviceName'>>;

export const PROVIDER_HOME_UPCOMING = 3;
export const RECENT_BOOKINGS = 5;
export const AVAILABILITY_DAYS = 30;
export const MINI_CALENDAR_DAYS = 7;
/** more bookings than this on a day makes it Busy */
export const BUSY_ABOVE = 5;

const UPCOMING_STATUSES = new Set(['scheduled', 'confirmed', 'pending']);
/** statuses that no longer hold a slot */
const RELEASED = new Set(['cancelled', 'rejected']);

/** Entries named Unknown Service are hidden everywhere (spec §4). */
export const isShownBooking = (a: Partial<Pick<ProviderAppointment, 'serviceName'>>) => a.serviceName !== 'Unknown Service';

/** Start of an appointment: startsAt, else its date and time read as local wall-clock. */
export function bookingStart(a: Pick<ProviderAppointment, 'date' | 'time' | 'startsAt'>): Date {
  if (a.startsAt) {
    const d = new Date(a.startsAt);
    if (!Number.isNaN(d.getTime())) return d;
  }
  const m = /^(\d{1,2}):(\d{2})\s*([AaPp][Mm])?$/.exec((a.time ?? '').trim());
  const [y, mo, d] = (a.date ?? '').slice(0, 10).split('-').map(Number);
  let h = m ? Number(m[1]) : 0;
  const min = m ? Number(m[2]) : 0;
  if (m?.[3]) {
    const pm = m[3].toLowerCase() === 'pm';
    if (h === 12) h = pm ? 12 : 0;
    else if (pm) h += 12;
  }
  return new Date(y, (mo || 1) - 1, d || 1, h, min);
}

/** Provider home upcoming: future, status scheduled, confirmed or pending, by start, first 3. */
export function providerUpcoming<T extends Dated>(list: readonly T[], now: Date = new Date(), limit = PROVIDER_HOME_UPCOMING): T[] {
  return list
    .filter((a) => isShownBooking(a) && UPCOMING_STATUSES.has(a.status) && bookingStart(a).getTime() > now.getTime())
    .sort((x, y) => bookingStart(x).getTime() - bookingStart(y).getTime())
    .slice(0, limit);
}

/** The most recent bookings (latest start first). */
export function providerRecentBookings<T extends Dated>(list: readonly T[], limit = RECENT_BOOKINGS): T[] {
  return list
    .filter(isShownBooking)
    .slice()
    .sort((x, y) => bookingStart(y).getTime() - bookingStart(x).getTime())
    .slice(0, limit);
}

export type Availability = 'Free' | 'Booked' | 'Busy';

/** Free with 0 bookings, Booked with 1 to 5, Busy with more than 5 (spec §4). */
export function availabilityOf(bookings: number): Availability {
  if (bookings <= 0) return 'Free';
  return bookings > BUSY_ABOVE ? 'Busy' : 'Booked';
}

/** The calendar date ('YYYY-MM-DD') an appointment falls on. */
const dayOf = (a: Pick<ProviderAppointment, 'date' | 'time' | 'startsAt'>) => (a.date ? a.date.slice(0, 10) : businessDay(bookingStart(a)));

/** Bookings that hold a slot, counted per calendar date. */
export function bookingsPerDay(list: readonly Dated[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const a of list) {
    if (!isShownBooking(a) || RELEASED.has(a.status)) continue;
    const d = dayOf(a);
    m.set(d, (m.get(d) ?? 0) + 1);
  }
  return m;
}

export interface ProviderDayAvailability {
  /** 'YYYY-MM-DD' */
  date: string;
  bookings: number;
  availability: Availability;
}

/** Availability of each of `days` days from today in the business zone (30 for the home card, 7 for the mini calendar). */
export function availabilityWindow(list: readonly Dated[], today: Date = new Date(), days = AVAILABILITY_DAYS): ProviderDayAvailability[] {
  const per = bookingsPerDay(list);
  const out: ProviderDayAvailability[] = [];
  const first = businessDay(today);
  for (let i = 0; i < days; i++) {
    const date = plusDays(first, i);
    const bookings = per.get(date) ?? 0;
    out.push({ date, bookings, availability: availabilityOf(bookings) });
  }
  return out;
}

/** Average duration: the rounded mean of the provider's service durations; 0 without services. */
export function averageDuration(services: readonly { duration: number }[]): number {
  const ds = services.map((s) => Number(s.duration)).filter((d) => Number.isFinite(d));
  if (ds.length === 0) return 0;
  return Math.round(ds.reduce((a, b) => a + b, 0) / ds.length);
}

export const BOOKING_TABS = ['Upcoming', 'Today', 'Scheduled', 'Past', 'Cancelled'] as const;
export type BookingTab = (typeof BOOKING_TABS)[number] | 'All';

/**
 * Booking-dashboard tabs (spec §4): Upcoming = start in the future; Today = date is today;
 * Scheduled = status scheduled; Past = completed or no-show; Cancelled = cancelled or rejected.
 */
export function inBookingTab(a: Dated, tab: BookingTab, now: Date = new Date()): boolean {
  switch (tab) {
    case 'Upcoming':
      return bookingStart(a).getTime() > now.getTime();
    case 'Today':
      return dayOf(a) === businessDay(now);
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

export function bookingTab<T extends Dated>(list: readonly T[], tab: BookingTab, now: Date = new Date()): T[] {
  return list
    .filter((a) => isShownBooking(a) && inBookingTab(a, tab, now))
    .sort((x, y) => bookingStart(x).getTime() - bookingStart(y).getTime());
}

export interface ProviderStats {
  today: number;
  noShows: number;
  pending: number;
  completed: number;
}

/** Hero stats and daily snapshot numbers. */
export function providerStats(list: readonly Dated[], now: Date = new Date()): ProviderStats {
  const today = businessDay(now);
  const shown = list.filter(isShownBooking);
  return {
    today: shown.filter((a) => dayOf(a) === today && !RELEASED.has(a.status)).length,
    noShows: shown.filter((a) => a.status === 'no-show').length,
    pending: shown.filter((a) => a.status === 'pending').length,
    completed: shown.filter((a) => a.status === 'completed').length,
  };
}

/** Queue card: pending requests, soonest first. */
export function pendingRequests<T extends Dated>(list: readonly T[]): T[] {
  return list
    .filter((a) => isShownBooking(a) && a.status === 'pending')
    .sort((x, y) => bookingStart(x).getTime() - bookingStart(y).getTime());
}

/** A status as a badge reads it: 'pending' → 'Pending', 'in-progress' → 'In progress'. */
export function providerStatusLabel(status: string): string {
  return status === 'in-progress' ? 'In progress' : status === 'no-show' ? 'No-show' : status.charAt(0).toUpperCase() + status.slice(1);
}
