import { anAppointment, appointmentsAroundFixedNow, FIXED_NOW, ids } from '@slotwise/shared-testing';
import { appointmentStats, cancelBlocked, CHANGE_MESSAGES, emptyFilter, filterAppointments, rescheduleBlocked, swipeAction } from './appointment-list';

const { future, laterToday, earlierToday, pending, pastScheduled, completed, noShow, cancelled, all } = appointmentsAroundFixedNow();
const NOW = FIXED_NOW;

describe('my appointments: stats, filter, sort', () => {
  it('stats count Total, Upcoming, Completed, Cancelled by displayed status', () => {
    expect(appointmentStats(all, NOW)).toEqual({ total: 9, upcoming: 3, completed: 3, cancelled: 2 });
  });

  it('Cancelled counts cancelled and no-show, not rejected', () => {
    const rejected = anAppointment({ date: '2026-11-25', time: '10:00', status: 'rejected' });
    expect(appointmentStats([rejected, noShow, cancelled], NOW)).toMatchObject({ total: 3, cancelled: 2 });
  });

  it('a pending request whose time has passed is not Upcoming (it never got scheduled or confirmed)', () => {
    const stalePending = anAppointment({ date: '2026-11-20', time: '10:00', status: 'pending' });
    expect(appointmentStats([stalePending, future], NOW)).toEqual({ total: 2, upcoming: 1, completed: 0, cancelled: 0 });
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

describe('what may change (fixed clock)', () => {
  it('reschedule and cancel are refused for past appointments with the spec messages', () => {
    expect(rescheduleBlocked(earlierToday, NOW)).toBe('Cannot reschedule past appointments');
    expect(cancelBlocked(earlierToday, NOW)).toBe('Cannot cancel past appointments');
    expect(rescheduleBlocked(future, NOW)).toBeNull();
    expect(cancelBlocked(future, NOW)).toBeNull();
    expect(CHANGE_MESSAGES.noId).toBe('No appointment ID provided');
    expect(CHANGE_MESSAGES.notLoggedIn).toBe('You must be logged in to view this appointment');
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
