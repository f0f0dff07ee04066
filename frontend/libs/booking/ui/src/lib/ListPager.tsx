import { Button, ErrorBanner } from '@slotwise/shared-ui';

/** What a paged list offers (useAppointments, useProviderReviews: TanStack's infinite query). */
export interface PagedList {
  hasPreviousPage: boolean;
  isFetchingPreviousPage: boolean;
  isFetchPreviousPageError: boolean;
  fetchPreviousPage: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

export const SHOW_EARLIER = 'Show earlier appointments';
export const LOAD_MORE = 'Load more appointments';
export const PAGE_ERROR = 'Could not load more appointments. Please try again.';

/** A list's own words for its buttons and its failure (default: the appointments'). */
export interface PagerLabels {
  earlier?: string;
  more?: string;
  error?: string;
}

/** A provider's own services (useMyServices). */
export const SERVICE_PAGER: PagerLabels = { more: 'Load more services', error: 'Could not load more services. Please try again.' };

/**
 * The way to the rest of a paged list (docs/product.md "The API": the first page is what is
 * upcoming and the last 30 days): "Show earlier appointments" above it, "Load more appointments"
 * below. Nothing when there is nothing more that way. A full-width button on a phone.
 */
export function ListPager({ list, direction, labels = {} }: { list: PagedList; direction: 'earlier' | 'later'; labels?: PagerLabels }) {
  const earlier = direction === 'earlier';
  const more = earlier ? list.hasPreviousPage : list.hasNextPage;
  const loading = earlier ? list.isFetchingPreviousPage : list.isFetchingNextPage;
  const failed = earlier ? list.isFetchPreviousPageError : list.isFetchNextPageError;
  if (!more) return null;
  return (
    <div className={`flex flex-col items-center gap-2 ${earlier ? 'mb-4' : 'mt-6'}`}>
      {failed && <ErrorBanner>{labels.error ?? PAGE_ERROR}</ErrorBanner>}
      <Button
        variant="secondary"
        className="w-full sm:w-auto"
        aria-busy={loading}
        disabled={loading}
        onClick={() => void (earlier ? list.fetchPreviousPage() : list.fetchNextPage())}
      >
        {loading ? 'Loading…' : earlier ? (labels.earlier ?? SHOW_EARLIER) : (labels.more ?? LOAD_MORE)}
      </Button>
    </div>
  );
}
