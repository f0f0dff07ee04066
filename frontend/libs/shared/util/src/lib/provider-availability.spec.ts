import { anAppointment } from '@slotwise/shared-testing';
import { availabilityOf, availabilityWindow } from './provider-availability';

const now = new Date('2026-11-21T12:00:00+05:30'); // 21 Nov 2026, noon in the business zone

describe('availability', () => {
  it('is Free with 0 bookings, Booked with 1 to 5, Busy above 5', () => {
    expect(availabilityOf(0)).toBe('Free');
    expect(availabilityOf(1)).toBe('Booked');
    expect(availabilityOf(5)).toBe('Booked');
    expect(availabilityOf(6)).toBe('Busy');
  });

  it('covers 30 days from today and ignores cancelled and rejected bookings', () => {
    const six = Array.from({ length: 6 }, (_, i) => anAppointment({ date: '2026-11-22', time: `${9 + i}:00`, status: 'scheduled' }));
    const list = [
      ...six,
      anAppointment({ date: '2026-11-21', time: '15:00', status: 'pending' }),
      anAppointment({ date: '2026-11-21', time: '16:00', status: 'cancelled' }),
      anAppointment({ date: '2026-11-23', time: '16:00', status: 'rejected' }),
      anAppointment({ date: '2026-12-25', time: '10:00', status: 'confirmed' }),
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

describe('business day', () => {
  it('takes today in the business zone (Asia/Kolkata), not the browser zone', () => {
    const w = availabilityWindow([anAppointment({ date: '2026-11-22', time: '09:00', status: 'pending' })], new Date('2026-11-21T20:00:00Z'), 7);
    expect(w[0]).toMatchObject({ date: '2026-11-22', availability: 'Booked' });
  });
});
