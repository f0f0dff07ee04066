// The category lists of docs/product.md#constants: the category pages, the categories of the service form and
// the business categories of provider registration.

/** Business categories offered in provider registration (docs/product.md#screens-and-routes). */
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
  /** the `category` query sent to GET /services (docs/product.md#constants) */
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

/** The categories the service form offers (docs/product.md#constants), in order; each names its category page. */
export const SERVICE_FORM_CATEGORIES = [
  { name: 'Healthcare & Wellness', slug: 'healthcare' },
  { name: 'Beauty & Personal Care', slug: 'beauty' },
  { name: 'Home & Repair Services', slug: 'home-repair' },
  { name: 'Education & Coaching', slug: 'education' },
  { name: 'Government / Legal Services', slug: 'government-legal' },
  { name: 'Automobile Services', slug: 'automobile' },
  { name: 'Retail & Local Businesses', slug: 'retail' },
  { name: 'Private Events', slug: 'private-events' },
  { name: 'Hotel & Restaurant', slug: 'hotel-restaurant' },
  { name: 'Others', slug: 'others' },
] as const;

export type ServiceFormCategory = (typeof SERVICE_FORM_CATEGORIES)[number]['name'];

export const OTHERS_CATEGORY: ServiceFormCategory = 'Others';

const normalizeCategory = (s: string) =>
  s.toLowerCase().split(/\s+/).filter(Boolean).join(' ').replace(/ and /g, ' & ');

/**
 * The form category a service is listed under: one of the nine standard ones (matched
 * case-insensitively, '&' or 'and'), else Others. The server stores the form name already;
 * this keeps older or hand-made categories out of the standard groups.
 */
export function serviceFormCategoryOf(category: string | undefined): ServiceFormCategory {
  const n = normalizeCategory(category ?? '');
  const hit = SERVICE_FORM_CATEGORIES.find((c) => normalizeCategory(c.name) === n);
  return hit ? hit.name : OTHERS_CATEGORY;
}
