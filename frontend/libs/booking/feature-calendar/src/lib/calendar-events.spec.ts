import { anAppointment, appointmentsAroundFixedNow, FIXED_NOW, ids } from '@slotwise/shared-testing';
import { calendarAppointments, calendarEnd, calendarStart, categoryColor, DEFAULT_CATEGORY_COLOR, presentCategories, providerCalendarActions } from './calendar-events';

const { future, laterToday, earlierToday, pending, cancelled, rejected, unknown, all } = appointmentsAroundFixedNow();

describe('calendar rules', () => {
  it('hides cancelled, rejected and Unknown Service; filters by category', () => {
    const shown = calendarAppointments(all);
    expect(ids(shown)).not.toContain(cancelled._id);
    expect(ids(shown)).not.toContain(rejected._id);
    expect(ids(shown)).not.toContain(unknown._id);
    const beauty = anAppointment({ date: '2026-11-22', time: '11:00', status: 'scheduled', serviceCategory: 'Beauty & Personal Care' });
    expect(calendarAppointments([...all, beauty], 'Beauty & Personal Care')).toEqual([beauty]);
    expect(presentCategories([...all, beauty])).toEqual(['Beauty & Personal Care', 'Healthcare & Wellness']);
  });

  it('colours categories, with a default', () => {
    expect(categoryColor('Healthcare & Wellness')).not.toBe(DEFAULT_CATEGORY_COLOR);
    expect(categoryColor('Home Repair')).not.toBe(categoryColor('Beauty & Personal Care'));
    for (const c of ['Automobile', 'Education & Coaching', 'Government & Legal', 'Hotels & Restaurants', 'Retail & Local Businesses', 'Private Events']) {
      expect(categoryColor(c)).not.toBe(DEFAULT_CATEGORY_COLOR);
    }
    expect(categoryColor('Pottery')).toBe(DEFAULT_CATEGORY_COLOR);
  });

  it('provider actions: pending → confirmed/rejected, a started confirmed → completed', () => {
    expect(providerCalendarActions(pending, FIXED_NOW)).toEqual(['confirmed', 'rejected']);
    expect(providerCalendarActions(earlierToday, FIXED_NOW)).toEqual(['completed']);
    expect(providerCalendarActions(future, FIXED_NOW)).toEqual([]);
  });

  it('never offers Mark Completed on a confirmed appointment that has not started', () => {
    expect(providerCalendarActions(laterToday, FIXED_NOW)).toEqual([]);
  });

  it('events start at the booked wall-clock time', () => {
    expect(calendarStart(pending)).toBe('2026-11-23T09:00:00');
    expect(calendarStart(laterToday)).toBe('2026-11-21T14:30:00');
    expect(calendarEnd(anAppointment({ date: '2026-11-21', time: '23:30', status: 'scheduled' }))).toBe('2026-11-22T00:30:00');
  });
});
