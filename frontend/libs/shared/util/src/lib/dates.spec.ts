import { ageOn, parseIsoDate } from './dates';

describe('dates', () => {
  it('parses only real calendar dates', () => {
    expect(parseIsoDate('2024-02-29')).not.toBeNull();
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('29/02/2024')).toBeNull();
  });

  it('counts whole years', () => {
    const today = new Date(2026, 10, 21);
    expect(ageOn(new Date(2016, 10, 21), today)).toBe(10);
    expect(ageOn(new Date(2016, 10, 22), today)).toBe(9);
  });
});

describe('zoneNotice', () => {
  it('tells a browser in another zone that slots are India time, and says nothing in India', async () => {
    const { zoneNotice } = await import('./business-time');
    expect(zoneNotice('Europe/London')).toBe('Times are India Standard Time (IST).');
    expect(zoneNotice('Asia/Kolkata')).toBeNull();
    expect(zoneNotice('Asia/Calcutta')).toBeNull();
    expect(zoneNotice('Asia/Kolkata', 'Europe/Berlin')).toBe('Times are in the Europe/Berlin time zone.');
  });
});
