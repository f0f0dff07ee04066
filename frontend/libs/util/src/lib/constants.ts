// Business constants of spec §9.

export const TOKEN_KEY = 'token';
export const THEME_KEY = 'theme';

export const MIN_PASSWORD_LENGTH = 6;
export const MIN_AGE = 10;
export const MAX_AGE = 120;

export const LOGIN_REDIRECT_MS = 1500;
export const REGISTER_REDIRECT_MS = 2000;
export const ROLE_LOOKUP_DELAY_MS = 1000;
export const TOAST_MS = 3000;
export const PROFILE_SUCCESS_MS = 3000;
export const PROFILE_ERROR_MS = 5000;

export const PLACEHOLDER_RATING = 4.3;
export const PLACEHOLDER_REVIEWS = 12;

export const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
  { value: 'prefer-not-to-say', label: 'Prefer not to say' },
] as const;

/** Business categories offered in provider registration (spec §2). */
export const BUSINESS_CATEGORIES = [
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'beauty', label: 'Beauty' },
  { value: 'automotive', label: 'Automotive' },
  { value: 'education', label: 'Education' },
  { value: 'home-repair', label: 'Home Repair' },
  { value: 'restaurant', label: 'Restaurant' },
  { value: 'retail', label: 'Retail' },
  { value: 'government', label: 'Government' },
  { value: 'events', label: 'Events' },
  { value: 'other', label: 'Other' },
] as const;

export interface CategoryPage {
  /** URL segment under /categories/ */
  slug: string;
  title: string;
  /** the `category` query sent to GET /services (spec §9) */
  query: string;
  /** icon name (see the ui Icon set) */
  icon: string;
  blurb: string;
}

/** The ten category pages: nine standard categories plus Others. */
export const CATEGORY_PAGES: readonly CategoryPage[] = [
  { slug: 'healthcare', title: 'Healthcare & Wellness', query: 'Healthcare & Wellness', icon: 'heart', blurb: 'Doctors, clinics, therapists and wellness coaches.' },
  { slug: 'beauty', title: 'Beauty & Personal Care', query: 'Beauty & Personal Care', icon: 'scissors', blurb: 'Salons, spas, barbers and makeup artists.' },
  { slug: 'home-repair', title: 'Home Repair', query: 'Home Repair', icon: 'tool', blurb: 'Plumbers, electricians, carpenters and cleaners.' },
  { slug: 'education', title: 'Education & Coaching', query: 'Education & Coaching', icon: 'book', blurb: 'Tutors, coaching classes and skill trainers.' },
  { slug: 'government-legal', title: 'Government & Legal', query: 'Government & Legal', icon: 'briefcase', blurb: 'Lawyers, notaries and document services.' },
  { slug: 'automobile', title: 'Automobile', query: 'Automobile', icon: 'truck', blurb: 'Servicing, repairs, washing and inspections.' },
  { slug: 'retail', title: 'Retail & Local Businesses', query: 'Retail & Local Businesses', icon: 'bag', blurb: 'Local shops, tailors and personal shoppers.' },
  { slug: 'private-events', title: 'Private Events', query: 'Private Events', icon: 'gift', blurb: 'Planners, decorators, photographers and caterers.' },
  { slug: 'hotel-restaurant', title: 'Hotels & Restaurants', query: 'Hotels & Restaurants', icon: 'coffee', blurb: 'Table reservations, stays and private dining.' },
  { slug: 'others', title: 'Others', query: 'Others', icon: 'grid', blurb: 'Everything else our providers offer.' },
];

export function categoryBySlug(slug: string | undefined): CategoryPage | undefined {
  return CATEGORY_PAGES.find((c) => c.slug === slug);
}
