import { ErrorBanner, Page, PageHeader, Spinner } from '@slotwise/shared-ui';
import { ServiceGrid, type ServiceCardData } from '@slotwise/catalog-ui';
import { useDemoServices } from '../api/demo-services-api';

/** The demo services' rating and review count (docs/product.md#constants). */
export const PLACEHOLDER_RATING = 4.3;
export const PLACEHOLDER_REVIEWS = 12;

/** Three hard-coded demo services (docs/product.md#screens-and-routes, #constants): prices 499/299/599, durations 60/30/45. */
export const DEMO_SERVICES: ServiceCardData[] = [
  {
    _id: 'demo-1',
    name: 'General Health Check-up',
    description: 'A complete routine check-up with a general physician, including vitals and a consultation.',
    price: 499,
    duration: 60,
    provider: 'CarePlus Clinic',
    location: 'FC Road, Pune',
    contact: 'care@example.com',
    imageUrl: '',
    avgRating: PLACEHOLDER_RATING,
    totalReviews: PLACEHOLDER_REVIEWS,
  },
  {
    _id: 'demo-2',
    name: 'Haircut & Styling',
    description: 'A professional haircut and styling session with an experienced stylist.',
    price: 299,
    duration: 30,
    provider: 'Glow Salon',
    location: 'Koramangala, Bengaluru',
    contact: '9876543210',
    imageUrl: '',
    avgRating: PLACEHOLDER_RATING,
    totalReviews: PLACEHOLDER_REVIEWS,
  },
  {
    _id: 'demo-3',
    name: 'AC Service & Repair',
    description: 'Inspection, cleaning and minor repair of a split or window air conditioner.',
    price: 599,
    duration: 45,
    provider: 'CoolFix Services',
    location: 'Andheri, Mumbai',
    contact: 'help@coolfix.example',
    imageUrl: '',
    avgRating: PLACEHOLDER_RATING,
    totalReviews: PLACEHOLDER_REVIEWS,
  },
];

/** Shown instead of the cards when the catalogue cannot be reached (the category pages' words). */
export const DEMO_LOAD_ERROR = 'Failed to load services. Please try again later.';

export function DemoServicesPage() {
  const { services, isPending, isError } = useDemoServices(DEMO_SERVICES);
  return (
    <Page>
      <PageHeader title="Demo Services" subtitle="A taste of what you can book on Slotwise — no login needed." />
      {isError ? (
        <ErrorBanner>{DEMO_LOAD_ERROR}</ErrorBanner>
      ) : isPending ? (
        <Spinner label="Loading services…" />
      ) : (
        <ServiceGrid services={services} />
      )}
    </Page>
  );
}
