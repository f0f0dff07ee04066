import {
  availabilityOf,
  availabilityWindow,
  averageDuration,
  bookingTab,
  businessDay,
  plusDays,
  pendingRequests,
  providerStats,
  providerUpcoming,
  providerRecentBookings,
  bookingStart,
  type ProviderAppointment,
} from './provider-dashboard';

const now = new Date('2026-11-21T12:00:00+05:30'); // 21 Nov 2026, noon in the business zone

let n = 0;
function appt(date: string, time: string, status: string, extra: Partial<ProviderAppointment> = {}): ProviderAppointment {
  const [h, m] = time.split(':');
  return {
    _id: String(++n),
    serviceId: 's',
    serviceName: 'Dental',
    serviceCategory: 'Healthcare & Wellness',
    customerName: 'Asha',
    customerEmail: 'asha@example.com',
    customerPhone: '9876543210',
    customerAddress: 'Pune',
    date,
    time,
    startsAt: new Date(`${date}T${h.padStart(2, '0')}:${m}:00+05:30`).toISOString(),
    status,
    provider: 'Smile',
    location: 'Pune',
    notes: '',
    hasReviewed: false,
    ...extra,
  };
}

describe('availability', () => {
  it('is Free with 0 bookings, Booked with 1 to 5, Busy above 5', () => {
    expect(availabilityOf(0)).toBe('Free');
    expect(availabilityOf(1)).toBe('Booked');
    expect(availabilityOf(5)).toBe('Booked');
    expect(availabilityOf(6)).toBe('Busy');
  });

  it('covers 30 days from today and ignores cancelled and rejected bookings', () => {
    const six = Array.from({ length: 6 }, (_, i) => appt('2026-11-22', `${9 + i}:00`, 'scheduled'));
    const list = [
      ...six,
      appt('2026-11-21', '15:00', 'pending'),
      appt('2026-11-21', '16:00', 'cancelled'),
      appt('2026-11-23', '16:00', 'rejected'),
      appt('2026-12-25', '10:00', 'confirmed'),
    ];
    const w = availabilityWindow(list, now);
    expect(w).toHaveLength(30);
    expect(w[0]).toEqual({ date: '2026-11-21', bookings: 1, availability: 'Booked' });
    expect(w[1]).toEqual({ date: '2026-11-22', bookings: 6, availability: 'Busy' });
    expect(w[2].availability).toBe('Free');
    expect(w[29].date).toBe('2026-12-20');
    expect(availabilityWindow(list, now, 7)).toHaveLength(7);
  });
});

describe('provider home upcoming', () => {
  it('keeps future scheduled, confirmed or pending, sorted by start, first 3', () => {
    const list = [
      appt('2026-11-25', '10:00', 'confirmed'),
      appt('2026-11-21', '11:00', 'scheduled'), // already started
      appt('2026-11-22', '09:00', 'pending'),
      appt('2026-11-23', '09:00', 'cancelled'),
      appt('2026-11-24', '09:00', 'completed'),
      appt('2026-11-21', '13:00', 'scheduled'),
      appt('2026-11-30', '13:00', 'confirmed'),
      appt('2026-11-22', '10:00', 'pending', { serviceName: 'Unknown Service' }),
    ];
    expect(providerUpcoming(list, now).map((a) => `${a.date} ${a.time}`)).toEqual([
      '2026-11-21 13:00',
      '2026-11-22 09:00',
      '2026-11-25 10:00',
    ]);
  });

  it('reads the start from date and time when startsAt is missing', () => {
    const a = { date: '2026-11-21', time: '2:30 PM', startsAt: '', status: 'pending' };
    expect(bookingStart(a).getHours()).toBe(14);
    expect(bookingStart({ ...a, time: '12:15 AM' }).getHours()).toBe(0);
  });
});

describe('booking dashboard tabs', () => {
  const list = [
    appt('2026-11-21', '09:00', 'completed'),
    appt('2026-11-21', '15:00', 'scheduled'),
    appt('2026-11-22', '09:00', 'confirmed'),
    appt('2026-11-20', '09:00', 'no-show'),
    appt('2026-11-23', '09:00', 'rejected'),
    appt('2026-11-24', '09:00', 'cancelled'),
  ];
  const ids = (tab: Parameters<typeof bookingTab>[1]) => bookingTab(list, tab, now).map((a) => a.status);
  it('Upcoming = start in the future', () => expect(ids('Upcoming')).toEqual(['scheduled', 'confirmed', 'rejected', 'cancelled']));
  it('Today = date is today', () => expect(ids('Today')).toEqual(['completed', 'scheduled']));
  it('Scheduled = status scheduled', () => expect(ids('Scheduled')).toEqual(['scheduled']));
  it('Past = completed or no-show', () => expect(ids('Past')).toEqual(['no-show', 'completed']));
  it('Cancelled = cancelled or rejected', () => expect(ids('Cancelled')).toEqual(['rejected', 'cancelled']));
  it('All = every one', () => expect(ids('All')).toHaveLength(6));

  it('stats, recent bookings and the pending queue', () => {
    expect(providerStats(list, now)).toEqual({ today: 2, noShows: 1, pending: 0, completed: 1 });
    expect(providerRecentBookings(list, 2).map((a) => a.date)).toEqual(['2026-11-24', '2026-11-23']);
    const p = [appt('2026-11-26', '09:00', 'pending'), appt('2026-11-25', '09:00', 'pending'), appt('2026-11-25', '10:00', 'scheduled')];
    expect(pendingRequests(p).map((a) => a.date)).toEqual(['2026-11-25', '2026-11-26']);
  });
});

describe('business day', () => {
  it('takes today in the business zone (Asia/Kolkata), not the browser zone', () => {
    expect(businessDay(new Date('2026-11-21T20:00:00Z'))).toBe('2026-11-22');
    expect(businessDay(new Date('2026-11-21T18:00:00Z'))).toBe('2026-11-21');
    expect(plusDays('2026-12-31', 1)).toBe('2027-01-01');
    const w = availabilityWindow([appt('2026-11-22', '09:00', 'pending')], new Date('2026-11-21T20:00:00Z'), 7);
    expect(w[0]).toMatchObject({ date: '2026-11-22', availability: 'Booked' });
  });
});

describe('average duration', () => {
  it('is the rounded mean of the service durations, 0 without services', () => {
    expect(averageDuration([{ duration: 30 }, { duration: 45 }])).toBe(38);
    expect(averageDuration([{ duration: 60 }, { duration: 30 }, { duration: 45 }])).toBe(45);
    expect(averageDuration([])).toBe(0);
  });
});
