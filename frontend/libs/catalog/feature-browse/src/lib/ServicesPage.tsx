import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Input, Page, PageHeader } from '@slotwise/shared-ui';
import { ServiceListing } from './ServiceListing';

export const SERVICES_LOAD_ERROR = 'Failed to load services. Please try again later.';

/** /services?q=… — every active service, or those matching the search (GET /services?q=, best match first). */
export function ServicesPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  // The navbar's box (or Back) changes q: the field follows.
  useEffect(() => setSearch(q), [q]);
  useEffect(() => {
    const t = setTimeout(() => {
      const next = search.trim();
      if (next !== q) setParams(next ? { q: next } : {}, { replace: true });
    }, 300);
    return () => clearTimeout(t);
  }, [search, q, setParams]);
  return (
    <Page>
      <PageHeader title="Schedule an Appointment" subtitle="Choose a service and book a time that suits you." />
      <label htmlFor="service-search" className="sr-only">
        Search services
      </label>
      <Input
        id="service-search"
        type="search"
        enterKeyHint="search"
        placeholder="Search services by name or description…"
        className="mb-6 max-w-md"
        maxLength={100}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <ServiceListing query={{ q }} loadError={SERVICES_LOAD_ERROR} empty={<p className="text-slate-600 dark:text-slate-300">No services found.</p>} />
    </Page>
  );
}
