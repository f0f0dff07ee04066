import { availabilityDay, FIXED_NOW } from '@slotwise/shared-testing';
import { cancellationPolicy, noticeWords } from './booking-policy';
import { dayOpen, firstOpenDay, slotState } from './slot-state';

// FIXED_NOW: 21 Nov 2026, 10:15 IST.
const day = availabilityDay('2026-11-21', ['05:30', false], ['10:30', false], ['12:30', true], ['13:00', false], ['14:00', true]);
const slot = (t: string) => day.slots.find((s) => s.time === t) ?? day.slots[0];

describe('slotState: one rule for booking and both reschedule screens', () => {
  it('a free slot ahead is open; a past one, a taken one and a closed day are not, each with its reason', () => {
    expect(slotState(slot('14:00'), day, { now: FIXED_NOW })).toEqual({ open: true, reason: '' });
    expect(slotState(slot('05:30'), day, { now: FIXED_NOW })).toEqual({ open: false, reason: 'This time has passed' });
    expect(slotState(slot('13:00'), day, { now: FIXED_NOW })).toEqual({ open: false, reason: 'Already booked' });
    expect(slotState(slot('14:00'), { closed: true }, { now: FIXED_NOW }).reason).toBe('Closed');
  });

  it('a slot inside the minimum notice says how far ahead to book, as the server does', () => {
    // 10:30 is 15 minutes away: the server marks it not free under a 2-hour notice.
    expect(slotState(slot('10:30'), day, { now: FIXED_NOW, minNoticeMinutes: 120 })).toEqual({ open: false, reason: 'Book at least 2 hours ahead' });
    expect(slotState(slot('13:00'), day, { now: FIXED_NOW, minNoticeMinutes: 120 }).reason).toBe('Already booked');
  });

  it('a reschedule offers only times after the current appointment', () => {
    const after = new Date(slot('12:30').startsAt);
    expect(slotState(slot('12:30'), day, { now: FIXED_NOW, after })).toEqual({ open: false, reason: 'Not after your current appointment' });
    expect(slotState(slot('14:00'), day, { now: FIXED_NOW, after }).open).toBe(true);
  });

  it('the first day with a slot to pick is chosen; a day with none is not open', () => {
    const full = availabilityDay('2026-11-21', ['14:00', false]);
    const next = availabilityDay('2026-11-22', ['05:30', true]);
    expect(dayOpen(full, { now: FIXED_NOW })).toBe(false);
    expect(firstOpenDay([full, next], { now: FIXED_NOW })?.date).toBe('2026-11-22');
    expect(firstOpenDay([full], { now: FIXED_NOW })?.date).toBe('2026-11-21');
    expect(firstOpenDay([], { now: FIXED_NOW })).toBeNull();
  });
});

describe('the cancellation policy booking-svc enforces', () => {
  it('says notices in the words of the server', () => {
    expect(noticeWords(120)).toBe('2 hours');
    expect(noticeWords(30)).toBe('30 minutes');
    expect(noticeWords(1560)).toBe('1 day 2 hours');
  });

  it('states cancel and reschedule before the start, and the notice when there is one', () => {
    const lines = cancellationPolicy('Smile Clinic', 120);
    expect(lines[0]).toMatch(/^Cancel any time before the appointment starts/);
    expect(lines[1]).toBe('Reschedule before it starts to a later free time within 14 days.');
    expect(lines).toContain('Smile Clinic takes bookings and new times at least 2 hours ahead.');
    expect(cancellationPolicy('Smile Clinic', 0).some((l) => l.includes('ahead'))).toBe(false);
  });
});
