import type { ReactNode } from 'react';
import { Button, ErrorBanner, Spinner } from '@slotwise/shared-ui';
import { ServiceGrid } from '@slotwise/catalog-ui';
import { formatNumber } from '@slotwise/shared-util';
import { useServicePages, type ServiceQuery } from '../api/services-api';

export const LOAD_MORE_ERROR = 'Could not load more services. Please try again.';
export const CAPPED_HINT = 'These are the newest matches of many: add a word to narrow your search.';

/** A listing a page at a time: the cards, how many of how many, and Load more while more remain. */
export function ServiceListing({ query, loadError, empty }: { query: ServiceQuery; loadError: string; empty: ReactNode }) {
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useServicePages(query);
  if (isPending) return <Spinner label="Loading services…" />;
  if (isError && !data) return <ErrorBanner>{loadError}</ErrorBanner>;
  const services = data.pages.flatMap((p) => p.services);
  const last = data.pages[data.pages.length - 1];
  const total = last?.total ?? services.length;
  const capped = last?.totalCapped ?? false;
  if (services.length === 0) return empty;
  return (
    <>
      <ServiceGrid services={services} />
      <div className="mt-6 flex flex-col items-center gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
          Showing {services.length} of {formatNumber(total)}
          {capped && '+'}
        </p>
        {capped && !hasNextPage && <p className="text-sm text-slate-600 dark:text-slate-300">{CAPPED_HINT}</p>}
        {isFetchNextPageError && <ErrorBanner>{LOAD_MORE_ERROR}</ErrorBanner>}
        {hasNextPage && (
          <Button variant="secondary" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        )}
      </div>
    </>
  );
}
