import {
  DEFAULT_TIME_SLOTS,
  RESCHEDULE_MESSAGES,
  RESCHEDULE_PAGE_SLOTS,
  rescheduleModalFailed,
  rescheduleModalMinDate,
  rescheduleModalSlots,
  reschedulePageDates,
  validateRescheduleModal,
  validateReschedulePage,
} from './reschedule-rules';
import { businessInstant } from '@slotwise/shared-util';

const NOW = businessInstant('2026-11-21', '10:15') as Date;
const current = { date: '2026-11-23', time: '10:00' };

describe('reschedule page', () => {
  it('offers 14 days from the later of today and the appointment date', () => {
    const days = reschedulePageDates('2026-11-21', '2026-11-23');
    expect(days).toHaveLength(14);
    expect(days[0]).toBe('2026-11-23');
    expect(days[13]).toBe('2026-12-06');
    expect(reschedulePageDates('2026-11-21', '2026-11-01')[0]).toBe('2026-11-21');
  });

  it('offers hourly slots 9:00 AM to 5:00 PM', () => {
    expect(RESCHEDULE_PAGE_SLOTS).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']);
  });

  it('both date and time are required', () => {
    expect(validateReschedulePage({ date: '', time: '9:00 AM' }, current)).toBe('Please select both date and time');
    expect(validateReschedulePage({ date: '2026-11-24', time: '' }, current)).toBe(RESCHEDULE_MESSAGES.required);
  });

  it('the new moment must be after the current appointment', () => {
    const msg = 'Please select a date and time after the current appointment';
    expect(validateReschedulePage({ date: '2026-11-23', time: '10:00 AM' }, current)).toBe(msg);
    expect(validateReschedulePage({ date: '2026-11-23', time: '9:00 AM' }, current)).toBe(msg);
    expect(validateReschedulePage({ date: '2026-11-22', time: '5:00 PM' }, current)).toBe(msg);
    expect(validateReschedulePage({ date: '2026-11-23', time: '11:00 AM' }, current)).toBeNull();
  });

  it('other page messages', () => {
    expect(RESCHEDULE_MESSAGES.pageFailed).toBe('Failed to reschedule. Please try again.');
    expect(RESCHEDULE_MESSAGES.loadFailed).toBe('Failed to load appointment. Please try again.');
    expect(RESCHEDULE_MESSAGES.notFound).toBe('Appointment not found.');
  });
});

describe('reschedule modal (fixed clock)', () => {
  it('has the eleven default slots of docs/product.md#constants', () => {
    expect(DEFAULT_TIME_SLOTS).toHaveLength(11);
    expect(DEFAULT_TIME_SLOTS[0]).toBe('8:00 AM');
    expect(DEFAULT_TIME_SLOTS[10]).toBe('5:30 PM');
  });

  it('both required; after the current one; in the future — in that order', () => {
    expect(validateRescheduleModal({ date: '', time: '' }, current, NOW)).toBe('Please select both date and time');
    expect(validateRescheduleModal({ date: '2026-11-23', time: '8:00 AM' }, current, NOW)).toBe(
      'Please select a date and time after the current appointment',
    );
    // The current appointment already passed: a later moment that is still past is refused.
    const past = { date: '2026-11-20', time: '10:00' };
    expect(validateRescheduleModal({ date: '2026-11-21', time: '9:00 AM' }, past, NOW)).toBe('Please select a future date and time');
    expect(validateRescheduleModal({ date: '2026-11-24', time: '2:00 PM' }, current, NOW)).toBeNull();
  });

  it('date minimum is the later of the appointment date and today', () => {
    expect(rescheduleModalMinDate('2026-11-21', '2026-11-23')).toBe('2026-11-23');
    expect(rescheduleModalMinDate('2026-11-21', '2026-11-20')).toBe('2026-11-21');
  });

  it('same-day slots must be later than the current time; other days get every default slot', () => {
    expect(rescheduleModalSlots('2026-11-23', current)).toEqual(['10:30 AM', '11:30 AM', '1:00 PM', '2:00 PM', '2:30 PM', '3:30 PM', '4:30 PM', '5:30 PM']);
    expect(rescheduleModalSlots('2026-11-24', current)).toHaveLength(11);
  });

  it('failure message carries the server message', () => {
    expect(rescheduleModalFailed('This time slot is already booked')).toBe(
      'Failed to reschedule appointment: This time slot is already booked',
    );
  });
});
