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
}

/** GET /reviews/reports: reviews with open reports, the longest waiting first (operators only: else 403). */
export function useOpenReports(): OpenReports {
  const [data, setData] = useState<ReviewReport[]>();
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    unwrap(userApi.GET('/reviews/reports', { signal: ctl.signal }))
      .then((r) => setData(r.data as ReviewReport[]))
      .catch((e: Error) => {
        if (e.name !== 'AbortError') setError(e);
      });
    return () => ctl.abort();
  }, []);
  const remove = useCallback((id: string) => setData((list) => list?.filter((r) => r.review._id !== id)), []);
  return { data, error, remove };
}

/** POST /reviews/{id}/decision: hide or keep; resolves with the answer's message. */
export function decide(id: string, decision: 'hide' | 'keep'): Promise<string> {
  return unwrap(userApi.POST('/reviews/{id}/decision', { params: { path: { id } }, body: { decision } })).then((r) => r.message);
}
