import { anAnalytics } from '@slotwise/shared-testing';
import { busiestHours, dailyRows, dayLabel, emptyMessage, formatPercent, formatRating, hourLabel, hourRows, parsePeriod, ratingRows, summaryFigures } from './analytics-data';

describe('analytics data', () => {
  it('only 7, 30 and 90 are periods', () => {
    expect(parsePeriod('7')).toBe(7);
    expect(parsePeriod('30')).toBe(30);
    expect(parsePeriod('90')).toBe(90);
    expect(parsePeriod('14')).toBeNull();
    expect(parsePeriod('')).toBeNull();
  });

  it('rates read as percentages with at most one decimal', () => {
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.125)).toBe('12.5%');
    expect(formatPercent(1 / 3)).toBe('33.3%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(Number.NaN)).toBe('0%');
  });

  it('a rating has one decimal, and a dash when nobody reviewed', () => {
    expect(formatRating(4.25, 4)).toBe('4.3');
    expect(formatRating(5, 1)).toBe('5.0');
    expect(formatRating(0, 0)).toBe('—');
  });

  it('business days and hours read the same in any browser zone', () => {
    expect(dayLabel('2026-11-25')).toBe('25 Nov');
    expect(dayLabel('2026-01-01')).toBe('1 Jan');
    expect(dayLabel('not a date')).toBe('not a date');
    expect([0, 9, 12, 17, 23].map(hourLabel)).toEqual(['12 AM', '9 AM', '12 PM', '5 PM', '11 PM']);
  });

  it('the totals: counts, revenue in rupees (en-IN grouping), rates and the average rating', () => {
    const a = anAnalytics(30, [
      { date: '2026-11-20', completed: 3, revenue: 124000, averageRating: 4, ratingCount: 2 },
      { date: '2026-11-24', cancelled: 1, noShow: 1, rejected: 1, pending: 2, averageRating: 5, ratingCount: 1 },
    ]);
    expect(summaryFigures(a)).toEqual([
      { label: 'Bookings', value: '8' },
      { label: 'Completed', value: '3' },
      { label: 'Revenue', value: '₹1,24,000' },
      { label: 'Average rating', value: '4.3', note: '3 reviews' },
      { label: 'Cancellation rate', value: '12.5%' },
      { label: 'Rejection rate', value: '12.5%' },
      { label: 'No-show rate', value: '12.5%' },
    ]);
    expect(emptyMessage(7)).toBe('No bookings in the last 7 days');
    expect(summaryFigures(anAnalytics(7, [{ date: '2026-11-24', completed: 1, averageRating: 5, ratingCount: 1 }]))[3]).toEqual({ label: 'Average rating', value: '5.0', note: '1 review' });
    expect(summaryFigures(anAnalytics(7, [{ date: '2026-11-24', pending: 1 }]))[3]).toEqual({ label: 'Average rating', value: '—', note: 'no reviews' });
  });

  it('the daily rows keep the server order and label each day; days without reviews are gaps, not zeros', () => {
    const a = anAnalytics(7, [{ date: '2026-11-23', completed: 1, averageRating: 4.5, ratingCount: 2 }]);
    const rows = dailyRows(a);
    expect(rows.map((r) => r.label)).toEqual(['19 Nov', '20 Nov', '21 Nov', '22 Nov', '23 Nov', '24 Nov', '25 Nov']);
    expect(rows[4]).toMatchObject({ date: '2026-11-23', bookings: 1, completed: 1 });
    const ratings = ratingRows(a);
    expect(ratings[4]).toEqual({ date: '2026-11-23', label: '23 Nov', rating: 4.5, count: 2 });
    expect(ratings.filter((r) => r.rating === null)).toHaveLength(6);
  });

  it('24 hours labelled; the busiest are the ones with most bookings, earlier first on a tie', () => {
    const a = anAnalytics(7, [], { 9: 2, 10: 5, 14: 2, 18: 1 });
    expect(hourRows(a)).toHaveLength(24);
    expect(hourRows(a)[10]).toEqual({ hour: 10, label: '10 AM', bookings: 5 });
    expect(busiestHours(a).map((h) => h.label)).toEqual(['10 AM', '9 AM', '2 PM']);
    expect(busiestHours(anAnalytics(7))).toEqual([]);
  });
});
