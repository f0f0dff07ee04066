// Complete API objects for tests, typed by the generated contract: every spec builds its data
// from these, changing only the fields its case is about.
import type { AnalyticsDay, AppNotification, Appointment, DayAvailability, ProviderAnalytics, Review, Service, StaffMember, User } from '@slotwise/shared-contract';

let seq = 0;
const nextId = (prefix: string) => `${prefix}${++seq}`;

/**
 * The instant of a wall-clock date and slot label in Asia/Kolkata, the business zone of the
 * fixtures (UTC+05:30 all year). Accepts '09:00' and '9:00 AM'.
 */
export function istInstant(date: string, time: string): string {
  const m = /^(\d{1,2}):(\d{2})\s*([AaPp][Mm])?$/.exec(time.trim());
  if (!m) throw new Error(`fixture time ${time}`);
  let h = Number(m[1]) % (m[3] ? 12 : 24);
  if (m[3]?.toUpperCase() === 'PM') h += 12;
  return new Date(`${date}T${String(h).padStart(2, '0')}:${m[2]}:00+05:30`).toISOString();
}

/** 'YYYY-MM-DD' of an instant in Asia/Kolkata. */
export function istDate(instant: Date): string {
  return new Date(instant.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

export function aUser(over: Partial<User> = {}): User {
  return {
    _id: nextId('u'),
    fullName: 'Asha Rao',
    email: 'asha@example.com',
    phoneNumber: '9876543210',
    address: '12 MG Road, Pune',
    dateOfBirth: '',
    gender: 'female',
    role: 'customer',
    createdAt: '2026-01-05T10:00:00Z',
    updatedAt: '2026-02-01T10:00:00Z',
    providerInfo: null,
    emailNotifications: true,
    emailVerified: true,
    pendingEmail: '',
    operator: false,
    ...over,
  };
}

export function aProvider(over: Partial<User> = {}): User {
  return aUser({
    fullName: 'Ravi Kumar',
    email: 'ravi@example.com',
    gender: 'male',
    role: 'provider',
    providerInfo: {
      businessName: 'Ravi Motors',
      businessDescription: 'Car care',
      businessCategory: 'automotive',
      businessHours: '9-6',
      location: 'Bengaluru',
      specializations: ['brakes', 'tyres'],
      experience: 7,
    },
    ...over,
  });
}

export function aService(over: Partial<Service> = {}): Service {
  return {
    _id: nextId('s'),
    name: 'Dental check-up',
    category: 'Healthcare & Wellness',
    description: 'Cleaning and a full check-up.',
    price: 499,
    duration: 30,
    provider: 'Smile Clinic',
    location: 'MG Road, Pune',
    contact: '9876543210',
    imageUrl: '',
    isActive: true,
    timeSlots: ['09:00', '10:00'],
    avgRating: 0,
    totalReviews: 0,
    icon: '',
    providerId: 'p1',
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
    nextAvailable: null,
    queueOpen: true,
    closures: [],
    minNoticeMinutes: 0,
    bufferMinutes: 0,
    staff: [],
    ...over,
  };
}

/** An appointment; startsAt follows date and time (in Asia/Kolkata) unless given. */
export function anAppointment(over: Partial<Appointment> = {}): Appointment {
  const date = over.date ?? '2030-01-02';
  const time = over.time ?? '09:00';
  return {
    _id: nextId('a'),
    serviceId: 's1',
    serviceName: 'Dental check-up',
    serviceCategory: 'Healthcare & Wellness',
    customerName: 'Asha Rao',
    customerEmail: 'asha@example.com',
    customerPhone: '9876543210',
    customerAddress: '12 MG Road, Pune',
    date,
    time,
    startsAt: istInstant(date, time),
    status: 'pending',
    provider: 'Smile Clinic',
    location: 'MG Road, Pune',
    notes: '',
    hasReviewed: false,
    customerId: 'u1',
    providerId: 'p1',
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
    // A pending one awaits the provider, as the server says.
    awaitingProvider: (over.status ?? 'pending') === 'pending',
    reason: '',
    cancelledBy: '',
    staffId: '',
    staffName: '',
    ...over,
  };
}

/** An appointment starting `hours` from now (negative: in the past). */
export function anAppointmentIn(hours: number, over: Partial<Appointment> = {}): Appointment {
  const start = new Date(Date.now() + hours * 3600_000);
  const ist = new Date(start.getTime() + 330 * 60_000).toISOString();
  return anAppointment({ date: ist.slice(0, 10), time: ist.slice(11, 16), startsAt: start.toISOString(), ...over });
}

export function aReview(over: Partial<Review> = {}): Review {
  return {
    _id: nextId('r'),
    rating: 5,
    comment: 'Great care',
    createdAt: '2026-11-01T00:00:00Z',
    userId: { _id: 'u2', email: '', displayName: 'Ravi P.' },
    serviceId: 's1',
    appointmentId: 'a1',
    serviceName: 'Dental check-up',
    reply: null,
    ...over,
  };
}

/** One day of availability: [time, free] pairs; each slot starts at its wall-clock time in IST. */
export function availabilityDay(date: string, ...slots: Array<[time: string, available: boolean, startsAt?: string]>): DayAvailability {
  return { date, closed: false, closedNote: '', slots: slots.map(([time, available, startsAt]) => ({ time, available, startsAt: startsAt ?? istInstant(date, time) })) };
}

/** 21 Nov 2026, 10:15 in Asia/Kolkata: the clock of the appointment rule tests. */
export const FIXED_NOW = new Date(istInstant('2026-11-21', '10:15'));

/** One appointment of each kind around FIXED_NOW, and all of them (booked on different days). */
export function appointmentsAroundFixedNow() {
  let day = 0;
  const at = (date: string, time: string, status: Appointment['status'], over: Partial<Appointment> = {}) =>
    anAppointment({ serviceName: `Service ${++day}`, date, time, status, createdAt: `2026-11-0${day % 10}T00:00:00Z`, ...over });
  const s = {
    future: at('2026-11-22', '09:00', 'scheduled'),
    laterToday: at('2026-11-21', '14:30', 'confirmed'),
    earlierToday: at('2026-11-21', '09:00', 'confirmed'),
    pending: at('2026-11-23', '9:00 AM', 'pending'),
    pastScheduled: at('2026-11-19', '10:00', 'scheduled'),
    completed: at('2026-11-18', '10:00', 'completed', { hasReviewed: true }),
    noShow: at('2026-11-17', '10:00', 'no-show'),
    cancelled: at('2026-11-25', '10:00', 'cancelled'),
    rejected: at('2026-11-26', '10:00', 'rejected'),
    unknown: at('2026-11-24', '10:00', 'scheduled', { serviceName: 'Unknown Service' }),
  };
  return { ...s, all: Object.values(s) };
}

export const ids = (list: readonly { _id: string }[]) => list.map((a) => a._id);

export function aNotification(over: Partial<AppNotification> = {}): AppNotification {
  return {
    _id: nextId('n'),
    type: 'new_booking',
    text: 'New booking request from Asha Rao: Dental check-up on Tue 1 Dec, 9:00 AM.',
    unread: true,
    createdAt: '2026-11-24T04:30:00Z',
    appointmentId: nextId('a'),
    ...over,
  };
}

const STATUS_COUNTS = ['pending', 'confirmed', 'completed', 'cancelled', 'rejected', 'noShow', 'other'] as const;

/**
 * A provider's analytics over `days` days ending on `to`, as booking-svc answers them: every day
 * present (zero-filled), the `filled` days' figures as given (bookings defaults to the sum of the
 * statuses), and the totals, rates and average rating derived from the days the way the server does.
 */
export function anAnalytics(
  days: number,
  filled: Array<Partial<AnalyticsDay> & { date: string }> = [],
  hours: Record<number, number> = {},
  to = '2026-11-25',
): ProviderAnalytics {
  const end = Date.parse(`${to}T00:00:00Z`);
  const daily: AnalyticsDay[] = Array.from({ length: days }, (_, i) => {
    const date = new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const given: Partial<AnalyticsDay> = filled.find((f) => f.date === date) ?? {};
    const d: AnalyticsDay = { date, bookings: 0, pending: 0, confirmed: 0, completed: 0, cancelled: 0, rejected: 0, noShow: 0, other: 0, revenue: 0, averageRating: 0, ratingCount: 0, ...given };
    if (given.bookings === undefined) d.bookings = STATUS_COUNTS.reduce((n, k) => n + d[k], 0);
    return d;
  });
  const sum = (k: keyof Omit<AnalyticsDay, 'date'>) => daily.reduce((n, d) => n + d[k], 0);
  const totals = { bookings: sum('bookings'), pending: sum('pending'), confirmed: sum('confirmed'), completed: sum('completed'), cancelled: sum('cancelled'), rejected: sum('rejected'), noShow: sum('noShow'), other: sum('other'), revenue: sum('revenue') };
  const rate = (n: number) => (totals.bookings > 0 ? n / totals.bookings : 0);
  const ratingCount = sum('ratingCount');
  return {
    days,
    from: daily[0]?.date ?? to,
    to,
    timeZone: 'Asia/Kolkata',
    totals,
    rates: { cancellation: rate(totals.cancelled), rejection: rate(totals.rejected), noShow: rate(totals.noShow) },
    averageRating: ratingCount > 0 ? daily.reduce((n, d) => n + d.averageRating * d.ratingCount, 0) / ratingCount : 0,
    ratingCount,
    daily,
    hours: Array.from({ length: 24 }, (_, hour) => ({ hour, bookings: hours[hour] ?? 0 })),
  };
}

/** Every weekday 09:00–17:00, Sunday = 0 as the contract counts. */
export const WEEKDAY_HOURS = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, from: '09:00', to: '17:00' }));

/** A team member (not the owner unless said). */
export function aStaffMember(over: Partial<StaffMember> = {}): StaffMember {
  return { _id: nextId('m'), name: 'Meera Iyer', email: '', isOwner: false, serviceIds: [], hours: WEEKDAY_HOURS, closures: [], ...over };
}

/** The owner member every provider has: every day, all day. */
export function anOwner(over: Partial<StaffMember> = {}): StaffMember {
  return aStaffMember({ name: 'Smile Clinic', isOwner: true, hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, from: '00:00', to: '24:00' })), ...over });
}
