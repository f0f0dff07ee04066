import { anAppointment } from '@slotwise/shared-testing';
import { bookingActions, bookingTab } from './booking-tabs';

const now = new Date('2026-11-21T12:00:00+05:30'); // 21 Nov 2026, noon in the business zone

describe('booking dashboard tabs', () => {
  const list = [
    anAppointment({ date: '2026-11-21', time: '09:00', status: 'completed' }),
    anAppointment({ date: '2026-11-21', time: '15:00', status: 'scheduled' }),
    anAppointment({ date: '2026-11-22', time: '09:00', status: 'confirmed' }),
    anAppointment({ date: '2026-11-20', time: '09:00', status: 'no-show' }),
    anAppointment({ date: '2026-11-23', time: '09:00', status: 'rejected' }),
    anAppointment({ date: '2026-11-24', time: '09:00', status: 'cancelled' }),
  ];
  const ids = (tab: Parameters<typeof bookingTab>[1]) => bookingTab(list, tab, now).map((a) => a.status);
  it('Upcoming = start in the future', () => expect(ids('Upcoming')).toEqual(['scheduled', 'confirmed', 'rejected', 'cancelled']));
  it('Today = date is today', () => expect(ids('Today')).toEqual(['completed', 'scheduled']));
  it('Scheduled = status scheduled', () => expect(ids('Scheduled')).toEqual(['scheduled']));
  it('Past = completed or no-show', () => expect(ids('Past')).toEqual(['no-show', 'completed']));
  it('Cancelled = cancelled or rejected', () => expect(ids('Cancelled')).toEqual(['rejected', 'cancelled']));
  it('All = every one', () => expect(ids('All')).toHaveLength(6));

  const labels = (over: Parameters<typeof anAppointment>[0]) => bookingActions(anAppointment(over), now).map((x) => x.label);
  it('Confirm only on a pending request, never on one already Scheduled', () => {
    expect(labels({ date: '2026-11-22', time: '09:00', status: 'pending' })).toEqual(['Confirm', 'Reject']);
    expect(labels({ date: '2026-11-22', time: '09:00', status: 'scheduled' })).toEqual(['Reject']);
  });
  it('no Complete on a booking that already reads Completed', () => {
    expect(labels({ date: '2026-11-20', time: '09:00', status: 'scheduled' })).toEqual([]);
    expect(labels({ date: '2026-11-20', time: '09:00', status: 'confirmed' })).toEqual([]);
    expect(labels({ date: '2026-11-20', time: '09:00', status: 'completed' })).toEqual([]);
    expect(labels({ date: '2026-11-21', time: '09:00', status: 'in-progress' })).toEqual(['Complete']);
  });

});
