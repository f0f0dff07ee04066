import { addDays, businessDate, businessInstant } from './business-time';
import { addMinutesLabel, displayTime, formatTime12, parseTimeLabel, sameTime } from './time-slots';

describe('time labels and business time', () => {
  it('reads 12- and 24-hour labels', () => {
    expect(parseTimeLabel('9:00 AM')).toBe(540);
    expect(parseTimeLabel('12:00 AM')).toBe(0);
    expect(parseTimeLabel('12:30 PM')).toBe(750);
    expect(parseTimeLabel('14:30')).toBe(870);
    expect(parseTimeLabel('9')).toBeNull();
    expect(parseTimeLabel('25:00')).toBeNull();
    expect(parseTimeLabel('13:00 PM')).toBeNull();
    expect(formatTime12(870)).toBe('2:30 PM');
    expect(displayTime('14:30')).toBe('2:30 PM');
    expect(displayTime('soon')).toBe('soon');
    expect(sameTime('9:00 AM', '09:00')).toBe(true);
  });

  it('business dates and instants are in IST', () => {
    expect(businessDate(new Date('2026-11-21T19:00:00Z'))).toBe('2026-11-22');
    expect(businessInstant('2026-11-22', '9:00 AM')?.toISOString()).toBe('2026-11-22T03:30:00.000Z');
    expect(addDays('2026-11-30', 2)).toBe('2026-12-02');
  });
});

describe('addMinutesLabel', () => {
  it('adds a duration to a slot in either spelling', () => {
    expect(addMinutesLabel('05:30', 15)).toBe('05:45');
    expect(addMinutesLabel('11:45 PM', 30)).toBe('00:15');
    expect(addMinutesLabel('soon', 15)).toBeNull();
  });
});
