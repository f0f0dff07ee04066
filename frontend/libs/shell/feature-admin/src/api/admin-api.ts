// The operator's calls (docs/product.md#replies-and-reports): the open reports, and a decision.
//
// Without the query client: importing @tanstack/react-query into a new lazy chunk made the bundler
// split the router and the query client out of the entry chunk, about 1 kB gzipped over the
// initial JS budget (tools/initial-js.mjs). This page is one list and its buttons.
import { useCallback, useEffect, useState } from 'react';
import type { ReviewReport } from '@slotwise/shared-contract';
import { unwrap, userApi } from '@slotwise/shared-data-access';

export interface OpenReports {
  data: ReviewReport[] | undefined;
  error: Error | null;
  /** the review's reports were decided: it leaves the list */
  remove: (reviewId: string) => void;
  /** the queue goes on past the pages loaded: `loadMore` reads the next one */
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreError: Error | null;
  loadMore: () => void;
}

const page = (cursor: string, signal?: AbortSignal) =>
  unwrap(userApi.GET('/reviews/reports', { params: { query: { cursor: cursor || undefined } }, signal }));

/**
 * GET /reviews/reports: reviews with open reports, the longest waiting first (operators only: else
 * 403), a page (20) at a time: `loadMore` appends the next page while `hasMore`.
 */
export function useOpenReports(): OpenReports {
  const [data, setData] = useState<ReviewReport[]>();
  const [error, setError] = useState<Error | null>(null);
  const [next, setNext] = useState('');
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreError, setLoadMoreError] = useState<Error | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    page('', ctl.signal)
      .then((r) => {
        setData(r.data as ReviewReport[]);
        setNext(r.nextCursor ?? '');
      })
      .catch((e: Error) => {
        if (e.name !== 'AbortError') setError(e);
      });
    return () => ctl.abort();
  }, []);
  const remove = useCallback((id: string) => setData((list) => list?.filter((r) => r.review._id !== id)), []);
  const loadMore = useCallback(() => {
    if (!next || loadingMore) return;
    setLoadingMore(true);
    setLoadMoreError(null);
    page(next)
      .then((r) => {
        setData((list) => [...(list ?? []), ...(r.data as ReviewReport[])]);
        setNext(r.nextCursor ?? '');
      })
      .catch((e: Error) => setLoadMoreError(e))
      .finally(() => setLoadingMore(false));
  }, [next, loadingMore]);
  return { data, error, remove, hasMore: next !== '', loadingMore, loadMoreError, loadMore };
}

/** POST /reviews/{id}/decision: hide or keep; resolves with the answer's message. */
export function decide(id: string, decision: 'hide' | 'keep'): Promise<string> {
  return unwrap(userApi.POST('/reviews/{id}/decision', { params: { path: { id } }, body: { decision } })).then((r) => r.message);
}
