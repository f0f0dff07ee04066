import { ageOn, dateOfBirthBounds, parseIsoDate } from './dates';
import { categoryBySlug, CATEGORY_PAGES } from './constants';
import { formatRupees, fullStars } from './format';

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

  it('limits the date picker to 120..10 years ago', () => {
    expect(dateOfBirthBounds(new Date(2026, 10, 21))).toEqual({ min: '1906-11-21', max: '2016-11-21' });
  });
});

describe('categories and formatting', () => {
  it('has ten category pages with the spec query names', () => {
    expect(CATEGORY_PAGES).toHaveLength(10);
    expect(categoryBySlug('home-repair')?.query).toBe('Home Repair');
    expect(categoryBySlug('hotel-restaurant')?.query).toBe('Hotels & Restaurants');
    expect(categoryBySlug('government-legal')?.query).toBe('Government & Legal');
    expect(categoryBySlug('nope')).toBeUndefined();
  });

  it('formats rupees and stars', () => {
    expect(formatRupees(499)).toBe('₹499');
    expect(fullStars(4.3)).toBe(4);
    expect(fullStars(0)).toBe(0);
  });
});
