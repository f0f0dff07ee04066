import { categoryBySlug, CATEGORY_PAGES, SERVICE_FORM_CATEGORIES, serviceFormCategoryOf } from './categories';
import { formatRupees } from './format';

describe('category pages', () => {
  it('has ten category pages with the spec query names', () => {
    expect(CATEGORY_PAGES).toHaveLength(10);
    expect(categoryBySlug('home-repair')?.query).toBe('Home Repair');
    expect(categoryBySlug('hotel-restaurant')?.query).toBe('Hotels & Restaurants');
    expect(categoryBySlug('government-legal')?.query).toBe('Government & Legal');
    expect(categoryBySlug('nope')).toBeUndefined();
  });

  it('formats rupees', () => {
    expect(formatRupees(499)).toBe('₹499');
  });
});

describe('service form categories', () => {
  it('offers the ten form categories of docs/product.md#constants', () => {
    expect(SERVICE_FORM_CATEGORIES.map((c) => c.name)).toEqual([
      'Healthcare & Wellness',
      'Beauty & Personal Care',
      'Home & Repair Services',
      'Education & Coaching',
      'Government / Legal Services',
      'Automobile Services',
      'Retail & Local Businesses',
      'Private Events',
      'Hotel & Restaurant',
      'Others',
    ]);
  });

  it('puts non-standard categories under Others', () => {
    expect(serviceFormCategoryOf('healthcare and wellness')).toBe('Healthcare & Wellness');
    expect(serviceFormCategoryOf('Hotel & Restaurant')).toBe('Hotel & Restaurant');
    expect(serviceFormCategoryOf('Pet grooming')).toBe('Others');
    expect(serviceFormCategoryOf('')).toBe('Others');
  });
});
