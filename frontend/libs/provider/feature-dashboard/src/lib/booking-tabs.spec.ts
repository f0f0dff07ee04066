import { anAppointment } from '@slotwise/shared-testing';
import { bookingTab } from './booking-tabs';

const now = new Date('2026-11-21T12:00:00+05:30'); // 21 Nov 2026, noon in the business zone

describe('booking dashboard tabs', () => {
  const list = [
    anAppointment({ date: '2026-11-21', time: '09:00', status: 'completed' }),
    anAppointment({ date: '2026-11-21', time: '15:00', status: 'scheduled' }),
    // today's cancelled visit: later today, but nobody is coming (issue 51)
    anAppointment({ date: '2026-11-21', time: '16:00', status: 'cancelled' }),
    anAppointment({ date: '2026-11-22', time: '09:00', status: 'confirmed' }),
    anAppointment({ date: '2026-11-20', time: '09:00', status: 'no-show' }),
    anAppointment({ date: '2026-11-23', time: '09:00', status: 'rejected' }),
    anAppointment({ date: '2026-11-24', time: '09:00', status: 'cancelled' }),
    anAppointment({ date: '2026-11-25', time: '09:00', status: 'pending' }),
    anAppointment({ date: '2026-11-26', time: '09:00', status: 'scheduled', awaitingProvider: true }),
  ];
  const ids = (tab: Parameters<typeof bookingTab>[1]) => bookingTab(list, tab, now).map((a) => `${a.status} ${a.date.slice(8)}`);
  it('Requests = awaiting the answer: pending, and a scheduled one the customer moved first', () =>
    expect(ids('Requests')).toEqual(['pending 25', 'scheduled 26']));
  it('Upcoming = people who are coming: start in the future, neither cancelled nor declined', () =>
    expect(ids('Upcoming')).toEqual(['scheduled 21', 'confirmed 22', 'pending 25', 'scheduled 26']));
  it('Today = date is today', () => expect(ids('Today')).toEqual(['completed 21', 'scheduled 21', 'cancelled 21']));
  it('Scheduled = status scheduled', () => expect(ids('Scheduled')).toEqual(['scheduled 21', 'scheduled 26']));
  it('Past = completed or no-show', () => expect(ids('Past')).toEqual(['no-show 20', 'completed 21']));
  it('Cancelled = cancelled or rejected', () => expect(ids('Cancelled')).toEqual(['cancelled 21', 'rejected 23', 'cancelled 24']));
  it('All = every one', () => expect(ids('All')).toHaveLength(9));
});
