import { anAppointment } from '@slotwise/shared-testing';
import { bookingsOnClosedDays, closureLabel } from './schedule-rules';

describe('bookings on closed days', () => {
  it('lists open bookings inside any closure, earliest first', () => {
    const list = [
      anAppointment({ _id: 'late', date: '2026-11-25', startsAt: '2026-11-25T04:30:00Z', status: 'confirmed' }),
      anAppointment({ _id: 'early', date: '2026-11-23', startsAt: '2026-11-23T04:30:00Z', status: 'pending' }),
      anAppointment({ _id: 'gone', date: '2026-11-23', startsAt: '2026-11-23T05:30:00Z', status: 'cancelled' }),
      anAppointment({ _id: 'outside', date: '2026-11-26', startsAt: '2026-11-26T04:30:00Z', status: 'scheduled' }),
    ];
    const got = bookingsOnClosedDays(list, [{ from: '2026-11-23', to: '2026-11-23' }, { from: '2026-11-24', to: '2026-11-25' }]);
    expect(got.map((a) => a._id)).toEqual(['early', 'late']);
    expect(bookingsOnClosedDays(list, [])).toEqual([]);
  });

  it('labels one day or a range, with the note', () => {
    expect(closureLabel({ from: '2026-11-23', to: '2026-11-23', note: '' })).toBe('23 Nov');
    expect(closureLabel({ from: '2026-11-23', to: '2026-11-25', note: 'Diwali' })).toBe('23 Nov – 25 Nov (Diwali)');
  });
});
