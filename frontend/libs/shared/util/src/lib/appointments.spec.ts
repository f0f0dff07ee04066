import { anAppointment, appointmentsAroundFixedNow, FIXED_NOW } from '@slotwise/shared-testing';
import { canChange, displayStatus, reviewState } from './appointments';

const { future, laterToday, earlierToday, pending, pastScheduled, completed, noShow, cancelled } = appointmentsAroundFixedNow();
const NOW = FIXED_NOW;

describe('display rules (fixed clock)', () => {
  it('a scheduled or confirmed appointment whose start passed shows as completed', () => {
    expect(displayStatus(pastScheduled, NOW)).toBe('completed');
    expect(displayStatus(earlierToday, NOW)).toBe('completed');
    expect(displayStatus(laterToday, NOW)).toBe('confirmed');
    expect(displayStatus(future, NOW)).toBe('scheduled');
  });

  it('other statuses are shown as they are, past or not', () => {
    expect(displayStatus(noShow, NOW)).toBe('no-show');
    expect(displayStatus(anAppointment({ date: '2026-11-01', time: '10:00', status: 'pending' }), NOW)).toBe('pending');
    expect(displayStatus(anAppointment({ date: '2026-11-01', time: '10:00', status: 'cancelled' }), NOW)).toBe('cancelled');
  });

  it('a start equal to now counts as passed', () => {
    const atNow = anAppointment({ date: '2026-11-21', time: '10:15', status: 'scheduled' });
    expect(displayStatus(atNow, NOW)).toBe('completed');
  });

  it('completed without review: Leave a Review; reviewed: Reviewed; otherwise nothing', () => {
    expect(reviewState(pastScheduled, NOW)).toBe('review');
    expect(reviewState(completed, NOW)).toBe('reviewed');
    expect(reviewState(future, NOW)).toBeNull();
    expect(reviewState(cancelled, NOW)).toBeNull();
  });

  it('open, not started appointments can be changed', () => {
    expect(canChange(future, NOW)).toBe(true);
    expect(canChange(pending, NOW)).toBe(true);
    expect(canChange(earlierToday, NOW)).toBe(false);
    expect(canChange(cancelled, NOW)).toBe(false);
  });

  it('falls back to date + time in the business zone without startsAt', () => {
    const a = { ...future, startsAt: '' };
    expect(displayStatus(a, NOW)).toBe('scheduled');
    expect(displayStatus({ ...earlierToday, startsAt: '' }, NOW)).toBe('completed');
  });
});
