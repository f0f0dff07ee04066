import {
  RESCHEDULE_MESSAGES,
  rescheduleFrom,
  rescheduleModalFailed,
  validateRescheduleModal,
  validateReschedulePage,
} from './reschedule-rules';
import { businessInstant } from '@slotwise/shared-util';

const NOW = businessInstant('2026-11-21', '10:15') as Date;
const current = { date: '2026-11-23', time: '10:00' };

describe('reschedule page', () => {
  it('offers days from the later of today and the appointment date', () => {
    expect(rescheduleFrom('2026-11-21', '2026-11-23')).toBe('2026-11-23');
    expect(rescheduleFrom('2026-11-21', '2026-11-01')).toBe('2026-11-21');
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

  it('failure message carries the server message', () => {
    expect(rescheduleModalFailed('This time slot is already booked')).toBe(
      'Failed to reschedule appointment: This time slot is already booked',
    );
  });
});
