import {
  appointmentStats,
  calendarAppointments,
  calendarEnd,
  calendarStart,
  cancelBlocked,
  categoryColor,
  canChange,
  CHANGE_MESSAGES,
  DEFAULT_CATEGORY_COLOR,
  displayStatus,
  emptyFilter,
  filterAppointments,
  historyList,
  inTab,
  presentCategories,
  providerCalendarActions,
  recentBookings,
  rescheduleBlocked,
  reviewState,
  swipeAction,
  tabList,
  type Appointment,
} from './appointments';
import { businessInstant } from './business-time';

// Fixed clock: 21 Nov 2026, 10:15 in the business zone (IST).
const NOW = businessInstant('2026-11-21', '10:15') as Date;

let seq = 0;
function appt(date: string, time: string, status: Appointment['status'], extra: Partial<Appointment> = {}): Appointment {
  seq++;
  return {
    _id: `a${seq}`,
    serviceId: 's1',
    serviceName: `Service ${seq}`,
    serviceCategory: 'Healthcare & Wellness',
    customerName: 'Asha Rao',
    customerEmail: 'asha@example.com',
    customerPhone: '9876543210',
    customerAddress: 'Pune',
    date,
    time,
    startsAt: (businessInstant(date, time) as Date).toISOString(),
    status,
    provider: 'Smile Clinic',
    location: 'MG Road, Pune',
    notes: '',
    hasReviewed: false,
    createdAt: `2026-11-0${(seq % 9) + 1}T00:00:00Z`,
    ...extra,
  };
}

const future = appt('2026-11-22', '09:00', 'scheduled');
const laterToday = appt('2026-11-21', '14:30', 'confirmed');
const earlierToday = appt('2026-11-21', '09:00', 'confirmed');
const pending = appt('2026-11-23', '9:00 AM', 'pending');
const pastScheduled = appt('2026-11-19', '10:00', 'scheduled');
const completed = appt('2026-11-18', '10:00', 'completed', { hasReviewed: true });
const noShow = appt('2026-11-17', '10:00', 'no-show');
const cancelled = appt('2026-11-25', '10:00', 'cancelled');
const rejected = appt('2026-11-26', '10:00', 'rejected');
const unknown = appt('2026-11-24', '10:00', 'scheduled', { serviceName: 'Unknown Service' });
const all = [future, laterToday, earlierToday, pending, pastScheduled, completed, noShow, cancelled, rejected, unknown];
const ids = (l: Appointment[]) => l.map((a) => a._id);

describe('display rules (fixed clock)', () => {
  it('a scheduled or confirmed appointment whose start passed shows as completed', () => {
    expect(displayStatus(pastScheduled, NOW)).toBe('completed');
    expect(displayStatus(earlierToday, NOW)).toBe('completed');
    expect(displayStatus(laterToday, NOW)).toBe('confirmed');
    expect(displayStatus(future, NOW)).toBe('scheduled');
  });

  it('other statuses are shown as they are, past or not', () => {
    expect(displayStatus(noShow, NOW)).toBe('no-show');
    expect(displayStatus(appt('2026-11-01', '10:00', 'pending'), NOW)).toBe('pending');
    expect(displayStatus(appt('2026-11-01', '10:00', 'cancelled'), NOW)).toBe('cancelled');
  });

  it('a start equal to now counts as passed', () => {
    const atNow = appt('2026-11-21', '10:15', 'scheduled');
    expect(displayStatus(atNow, NOW)).toBe('completed');
  });

  it('completed without review: Leave a Review; reviewed: Reviewed; otherwise nothing', () => {
    expect(reviewState(pastScheduled, NOW)).toBe('review');
    expect(reviewState(completed, NOW)).toBe('reviewed');
    expect(reviewState(future, NOW)).toBeNull();
    expect(reviewState(cancelled, NOW)).toBeNull();
  });

  it('reschedule and cancel are refused for past appointments with the spec messages', () => {
    expect(rescheduleBlocked(earlierToday, NOW)).toBe('Cannot reschedule past appointments');
    expect(cancelBlocked(earlierToday, NOW)).toBe('Cannot cancel past appointments');
    expect(rescheduleBlocked(future, NOW)).toBeNull();
    expect(cancelBlocked(future, NOW)).toBeNull();
    expect(CHANGE_MESSAGES.noId).toBe('No appointment ID provided');
    expect(CHANGE_MESSAGES.notLoggedIn).toBe('You must be logged in to view this appointment');
  });

  it('open, not started appointments can be changed', () => {
    expect(canChange(future, NOW)).toBe(true);
    expect(canChange(pending, NOW)).toBe(true);
    expect(canChange(earlierToday, NOW)).toBe(false);
    expect(canChange(cancelled, NOW)).toBe(false);
  });

  it('falls back to date + time in the business zone without startsAt', () => {
    const a = { ...future, startsAt: '' };
    expect(displayStatus(a, NOW)).toBe('scheduled');
    expect(displayStatus({ ...earlierToday, startsAt: '' }, NOW)).toBe('completed');
  });
});

describe('dashboard tabs (fixed clock)', () => {
  it('Upcoming: open and in the future; pending counts for the customer', () => {
    expect(ids(tabList(all, 'Upcoming', NOW))).toEqual(ids([laterToday, future, pending]));
  });

  it('Today: the date equals today', () => {
    expect(ids(tabList(all, 'Today', NOW))).toEqual(ids([earlierToday, laterToday]));
  });

  it('Scheduled: status scheduled and not yet past', () => {
    expect(ids(tabList(all, 'Scheduled', NOW))).toEqual(ids([future]));
  });

  it('Past: completed (as displayed) or no-show, most recent first', () => {
    expect(ids(tabList(all, 'Past', NOW))).toEqual(ids([earlierToday, pastScheduled, completed, noShow]));
  });

  it('Cancelled: cancelled or rejected', () => {
    expect(ids(tabList(all, 'Cancelled', NOW))).toEqual(ids([cancelled, rejected]));
  });

  it('All: every one except Unknown Service, soonest first', () => {
    const list = tabList(all, 'All', NOW);
    expect(list).toHaveLength(all.length - 1);
    expect(ids(list)).not.toContain(unknown._id);
    expect(list[0]._id).toBe(noShow._id);
  });

  it('inTab for the provider role too', () => {
    expect(inTab(pending, 'Upcoming', NOW, 'provider')).toBe(true);
    expect(inTab(cancelled, 'Upcoming', NOW, 'provider')).toBe(false);
  });

  it('history: earlier dates or closed statuses, most recent first', () => {
    expect(ids(historyList(all, NOW))).toEqual(ids([rejected, cancelled, earlierToday, pastScheduled, completed, noShow]));
  });

  it('recent bookings: newest booking first, five at most', () => {
    const r = recentBookings(all);
    expect(r).toHaveLength(5);
    for (let i = 1; i < r.length; i++) expect((r[i - 1].createdAt ?? '') >= (r[i].createdAt ?? '')).toBe(true);
  });
});

describe('my appointments: stats, filter, sort', () => {
  it('stats count Total, Upcoming, Completed, Cancelled by displayed status', () => {
    expect(appointmentStats(all, NOW)).toEqual({ total: 9, upcoming: 3, completed: 3, cancelled: 3 });
  });

  it('a pending request whose time has passed is not Upcoming (it never got scheduled or confirmed)', () => {
    const stalePending = appt('2026-11-20', '10:00', 'pending');
    expect(appointmentStats([stalePending, future], NOW)).toEqual({ total: 2, upcoming: 1, completed: 0, cancelled: 0 });
    // the same rule as the Upcoming tab
    expect(tabList([stalePending], 'Upcoming', NOW)).toEqual([]);
  });

  it('text search looks at service, provider, location and status', () => {
    const f = { ...emptyFilter(), search: 'service 1' };
    expect(filterAppointments(all, f, NOW).map((a) => a.serviceName)).toEqual(['Service 1']);
    expect(filterAppointments(all, { ...emptyFilter(), search: 'SMILE' }, NOW)).toHaveLength(9);
    expect(filterAppointments(all, { ...emptyFilter(), search: 'no-show' }, NOW)).toEqual([noShow]);
  });

  it('From/To is inclusive', () => {
    const f = { ...emptyFilter(), from: '2026-11-21', to: '2026-11-22' };
    expect(ids(filterAppointments(all, f, NOW))).toEqual(ids([earlierToday, laterToday, future]));
  });

  it('status filter matches the displayed status', () => {
    const f = { ...emptyFilter(), status: 'completed' };
    expect(ids(filterAppointments(all, f, NOW))).toEqual(ids([completed, pastScheduled, earlierToday]));
  });

  it('sorts by date, time, service or status', () => {
    const base = [future, laterToday, pending];
    expect(ids(filterAppointments(base, { ...emptyFilter(), sort: 'date' }, NOW))).toEqual(ids([laterToday, future, pending]));
    expect(ids(filterAppointments(base, { ...emptyFilter(), sort: 'time' }, NOW))).toEqual(ids([future, pending, laterToday]));
    expect(ids(filterAppointments(base, { ...emptyFilter(), sort: 'service' }, NOW))).toEqual(ids([future, laterToday, pending]));
    expect(ids(filterAppointments(base, { ...emptyFilter(), sort: 'status' }, NOW))).toEqual(ids([laterToday, pending, future]));
  });
});

describe('swipe thresholds', () => {
  it('left beyond 50 px opens details', () => {
    expect(swipeAction(-51, future, NOW)).toBe('details');
    expect(swipeAction(-50, future, NOW)).toBeNull();
    expect(swipeAction(-80, cancelled, NOW)).toBe('details');
  });

  it('right beyond 50 px on an open, future appointment asks reschedule or cancel', () => {
    expect(swipeAction(51, future, NOW)).toBe('reschedule-or-cancel');
    expect(swipeAction(50, future, NOW)).toBeNull();
    expect(swipeAction(120, earlierToday, NOW)).toBeNull();
    expect(swipeAction(120, cancelled, NOW)).toBeNull();
  });
});

describe('calendar rules', () => {
  it('hides cancelled, rejected and Unknown Service; filters by category', () => {
    const shown = calendarAppointments(all);
    expect(ids(shown)).not.toContain(cancelled._id);
    expect(ids(shown)).not.toContain(rejected._id);
    expect(ids(shown)).not.toContain(unknown._id);
    const beauty = appt('2026-11-22', '11:00', 'scheduled', { serviceCategory: 'Beauty & Personal Care' });
    expect(calendarAppointments([...all, beauty], 'Beauty & Personal Care')).toEqual([beauty]);
    expect(presentCategories([...all, beauty])).toEqual(['Beauty & Personal Care', 'Healthcare & Wellness']);
  });

  it('colours categories, with a default', () => {
    expect(categoryColor('Healthcare & Wellness')).not.toBe(DEFAULT_CATEGORY_COLOR);
    expect(categoryColor('Home Repair')).not.toBe(categoryColor('Beauty & Personal Care'));
    for (const c of ['Automobile', 'Education & Coaching', 'Government & Legal', 'Hotels & Restaurants', 'Retail & Local Businesses', 'Private Events']) {
      expect(categoryColor(c)).not.toBe(DEFAULT_CATEGORY_COLOR);
    }
    expect(categoryColor('Pottery')).toBe(DEFAULT_CATEGORY_COLOR);
  });

  it('provider actions: pending → confirmed/rejected, confirmed → completed', () => {
    expect(providerCalendarActions(pending)).toEqual(['confirmed', 'rejected']);
    expect(providerCalendarActions(laterToday)).toEqual(['completed']);
    expect(providerCalendarActions(future)).toEqual([]);
  });

  it('events start at the booked wall-clock time', () => {
    expect(calendarStart(pending)).toBe('2026-11-23T09:00:00');
    expect(calendarStart(laterToday)).toBe('2026-11-21T14:30:00');
    expect(calendarEnd(appt('2026-11-21', '23:30', 'scheduled'))).toBe('2026-11-22T00:30:00');
  });
});
