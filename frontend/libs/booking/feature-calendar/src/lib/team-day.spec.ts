import { anAppointment } from '@slotwise/shared-testing';
import { bookingLabel, hourMarks, placeDay, timeRange } from './team-day';

const durations = new Map([
  ['cut', 30],
  ['colour', 90],
]);

describe('placeDay', () => {
  it('puts each booking at its start for its service length, an hour when unknown, in time order', () => {
    const placed = placeDay(
      [anAppointment({ time: '2:00 PM', serviceId: 'colour' }), anAppointment({ time: '10:00', serviceId: 'cut' }), anAppointment({ time: '11:00', serviceId: 'other' })],
      durations,
    );
    expect(placed.map((p) => [p.start, p.end, p.lane, p.lanes])).toEqual([
      [600, 630, 0, 1],
      [660, 720, 0, 1],
      [840, 930, 0, 1],
    ]);
  });

  it('sets overlapping bookings side by side and gives a freed lane to the next one', () => {
    const placed = placeDay(
      [anAppointment({ time: '10:00', serviceId: 'colour' }), anAppointment({ time: '10:30', serviceId: 'cut' }), anAppointment({ time: '11:00', serviceId: 'cut' }), anAppointment({ time: '12:00', serviceId: 'cut' })],
      durations,
    );
    expect(placed.map((p) => [p.start, p.lane, p.lanes])).toEqual([
      [600, 0, 2],
      [630, 1, 2],
      [660, 1, 2],
      [720, 0, 1],
    ]);
  });

  it('cuts a late booking at midnight and leaves out an unreadable time', () => {
    const placed = placeDay([anAppointment({ time: '11:30 PM', serviceId: 'colour' }), { ...anAppointment(), time: 'soon' }], durations);
    expect(placed.map((p) => [p.start, p.end])).toEqual([[1410, 1440]]);
  });
});

describe('labels', () => {
  it('writes a range with one AM or PM when both ends share it', () => {
    expect(timeRange(600, 630)).toBe('10:00–10:30 AM');
    expect(timeRange(690, 750)).toBe('11:30 AM–12:30 PM');
    expect(timeRange(1410, 1440)).toBe('11:30 PM–12:00 AM');
  });

  it('names the member, the time, the service, the customer and the status for a screen reader', () => {
    const [p] = placeDay([anAppointment({ date: '2030-01-02', time: '10:00', serviceId: 'cut', serviceName: 'Haircut', customerName: 'Asha', status: 'confirmed' })], durations);
    expect(bookingLabel('Meera', p, new Date('2029-12-01T00:00:00Z'))).toBe('Meera, 10:00–10:30 AM, Haircut, Asha, Confirmed');
    // A past confirmed booking says completed, as the appointment cards do.
    expect(bookingLabel('Meera', p, new Date('2030-02-01T00:00:00Z'))).toBe('Meera, 10:00–10:30 AM, Haircut, Asha, Completed');
  });

  it('marks every hour the grid shows', () => {
    expect(hourMarks('06:00:00', '09:00:00')).toEqual([360, 420, 480]);
  });
});
