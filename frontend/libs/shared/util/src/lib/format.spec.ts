import { formatDate, formatDateTime, formatZonedDateTime, formatZonedTime } from './format';
import { zoneAbbreviation } from './business-time';

describe('one date and time format for people', () => {
  it("reads 'Tue, 24 Nov 2026 · 10:00 AM' from a slot in either spelling", () => {
    expect(formatDateTime('2026-11-24', '10:00 AM')).toBe('Tue, 24 Nov 2026 · 10:00 AM');
    expect(formatDateTime('2026-11-24', '14:30')).toBe('Tue, 24 Nov 2026 · 2:30 PM');
  });

  it('reads a calendar date as its own day and an instant as its local day', () => {
    expect(formatDate('2026-01-01')).toBe('Thu, 1 Jan 2026');
    expect(formatDate(new Date(2026, 10, 21, 23, 30).toISOString())).toBe('Sat, 21 Nov 2026');
  });

  it('leaves nothing for what it cannot read', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('someday', '')).toBe('someday');
  });
});

describe('times with their zone', () => {
  it("says '10:30 AM IST' for a slot in India", () => {
    expect(formatZonedTime('2026-11-24', '10:30', 'Asia/Kolkata')).toBe('10:30 AM IST');
    expect(formatZonedDateTime('2026-11-24', '05:30', 'Asia/Kolkata')).toBe('Tue, 24 Nov 2026 · 5:30 AM IST');
  });

  it("names another zone as Intl does, and an unknown one by its name", () => {
    expect(formatZonedTime('2026-11-24', '09:00', 'UTC')).toBe('9:00 AM UTC');
    expect(zoneAbbreviation('Not/AZone')).toBe('Not/AZone');
  });
});
