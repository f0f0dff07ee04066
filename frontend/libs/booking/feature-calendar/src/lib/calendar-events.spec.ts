import { anAppointment, appointmentsAroundFixedNow, ids } from '@slotwise/shared-testing';
import { calendarAppointments, calendarEnd, calendarStart, CATEGORY_COLORS, categoryColor, DEFAULT_CATEGORY_COLOR, presentCategories, visibleHours } from './calendar-events';

/** WCAG 2 contrast of white text on a #rrggbb background. */
function contrastWithWhite(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (l + 0.05);
}

const { laterToday, pending, cancelled, rejected, unknown, all } = appointmentsAroundFixedNow();

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

  it('events start at the booked wall-clock time', () => {
    expect(calendarStart(pending)).toBe('2026-11-23T09:00:00');
    expect(calendarStart(laterToday)).toBe('2026-11-21T14:30:00');
    expect(calendarEnd(anAppointment({ date: '2026-11-21', time: '23:30', status: 'scheduled' }))).toBe('2026-11-22T00:30:00');
  });

  it('every category colour carries white text at 4.5:1 or more (event chips, both themes)', () => {
    for (const c of [...CATEGORY_COLORS.map((x) => x.color), DEFAULT_CATEGORY_COLOR]) expect(contrastWithWhite(c), c).toBeGreaterThanOrEqual(4.5);
  });

  it('the week and day grids widen to show an appointment before 6:00 or after 23:00', () => {
    expect(visibleHours([])).toEqual({ min: '06:00:00', max: '23:00:00' });
    const early = anAppointment({ serviceId: 'q', date: '2026-11-21', time: '5:00 AM' });
    const late = anAppointment({ serviceId: 'q', date: '2026-11-21', time: '23:30' });
    expect(visibleHours([early, late], new Map([['q', 15]]))).toEqual({ min: '05:00:00', max: '24:00:00' });
  });

  it('ends an appointment when its service does: a 15-minute booking at 5:00 ends at 5:15', () => {
    expect(calendarEnd(anAppointment({ date: '2026-11-21', time: '5:00 AM' }), 15)).toBe('2026-11-21T05:15:00');
    expect(calendarEnd(anAppointment({ date: '2026-11-21', time: '23:50' }), 45)).toBe('2026-11-22T00:35:00');
  });
});
