import { useEffect, useState } from 'react';
import { ErrorBanner, Input, Page, PageHeader, Spinner } from '@slotwise/shared-ui';
import { ServiceGrid } from '@slotwise/catalog-ui';
import { useServices } from '../api/services-api';

export const SERVICES_LOAD_ERROR = 'Failed to load services. Please try again later.';

/** /services — every active service, searchable by name (GET /services?name=). */
export function ServicesPage() {
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setName(search.trim()), 300);
    return () => clearTimeout(t);
  }, [search]);
  const { data, isPending, isError } = useServices({ name });
  return (
    <Page>
      <PageHeader title="Schedule an Appointment" subtitle="Choose a service and book a time that suits you." />
      <label htmlFor="service-search" className="sr-only">
        Search services
      </label>
      <Input
        id="service-search"
        type="search"
        placeholder="Search services by name…"
        className="mb-6 max-w-md"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {isPending ? (
        <Spinner label="Loading services…" />
      ) : isError ? (
        <ErrorBanner>{SERVICES_LOAD_ERROR}</ErrorBanner>
      ) : data.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">No services found.</p>
      ) : (
        <ServiceGrid services={data} />
      )}
    </Page>
  );
}
