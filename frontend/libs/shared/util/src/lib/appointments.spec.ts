import { anAppointment, appointmentsAroundFixedNow, FIXED_NOW } from '@slotwise/shared-testing';
import { awaitsProvider, canChange, cancellationNote, displayStatus, PROVIDER_STEPS, providerSteps, reviewState } from './appointments';

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

describe('the provider steps: one word each, on every screen', () => {
  const steps = (over: Parameters<typeof anAppointment>[0]) => providerSteps(anAppointment(over), NOW).map((s) => PROVIDER_STEPS[s].label);
  it('a request, new or moved by the customer before the answer: Accept, Decline', () => {
    expect(steps({ date: '2026-11-23', status: 'pending' })).toEqual(['Accept', 'Decline']);
    expect(steps({ date: '2026-11-23', status: 'scheduled', awaitingProvider: true })).toEqual(['Accept', 'Decline']);
    // Even once its time has passed it is to be answered, not finished.
    expect(steps({ date: '2026-11-19', status: 'scheduled', awaitingProvider: true })).toEqual(['Accept', 'Decline']);
  });
  it('accepted, before its start: Cancel Appointment; once started: Mark Completed, Mark No-show', () => {
    expect(steps({ date: '2026-11-23', status: 'scheduled' })).toEqual(['Cancel Appointment']);
    expect(steps({ date: '2026-11-23', status: 'confirmed' })).toEqual(['Cancel Appointment']);
    expect(providerSteps(laterToday, NOW)).toEqual(['cancel']);
    expect(providerSteps(earlierToday, NOW)).toEqual(['complete', 'no-show']);
    expect(providerSteps(pastScheduled, NOW)).toEqual(['complete', 'no-show']);
    expect(steps({ date: '2026-11-21', time: '09:00', status: 'in-progress' })).toEqual(['Mark Completed']);
  });
  it('nothing on a settled one', () => {
    for (const a of [completed, noShow, cancelled]) expect(providerSteps(a, NOW)).toEqual([]);
  });
  it('Accept sends scheduled and Decline cancelled, wherever they are pressed', () => {
    expect([PROVIDER_STEPS.accept.status, PROVIDER_STEPS.decline.status]).toEqual(['scheduled', 'cancelled']);
    expect(pending.awaitingProvider).toBe(true);
    expect(awaitsProvider(pending)).toBe(true);
  });
});

describe('who cancelled and why', () => {
  const a = (over: Parameters<typeof anAppointment>[0]) => anAppointment({ status: 'cancelled', ...over });
  it('is told to the other party with the reason', () => {
    expect(cancellationNote(a({ cancelledBy: 'provider', reason: 'Closed for Diwali' }), 'customer')).toBe('Cancelled by the provider: “Closed for Diwali”');
    expect(cancellationNote(a({ cancelledBy: 'customer', reason: 'Feeling better' }), 'provider')).toBe('Cancelled by the customer: “Feeling better”');
    expect(cancellationNote(a({ cancelledBy: 'customer' }), 'customer')).toBe('Cancelled by you');
  });
  it('says nothing while open, or when nothing is known', () => {
    expect(cancellationNote(anAppointment({ status: 'scheduled', reason: 'x' }), 'customer')).toBeNull();
    expect(cancellationNote(a({}), 'customer')).toBeNull();
  });
});
