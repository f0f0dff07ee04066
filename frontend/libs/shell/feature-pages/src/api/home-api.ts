// The customer home's reads (docs/product.md#customer-home): both public, both kept by the browser
// for the 5 minutes their Cache-Control allows.
//
// Plain fetch, not the query client: importing @tanstack/react-query into this chunk made the
// bundler split the router and the query client out of the entry chunk, about 1 kB gzipped over
// the initial JS budget (tools/initial-js.mjs). The browser's default cache mode lets max-age (300 s, 240 s for the figures)
// spare the server the counts; the figures are read once per visit of the page.
import { useEffect, useState } from 'react';
import type { Review, Stats, StatsResponse } from '@slotwise/shared-contract';
import { API_BASE } from '@slotwise/shared-data-access';

/** GET path's body through pick once the page shows; undefined until it arrives or if it fails. */
function usePublicRead<T>(path: string, pick: (body: unknown) => T): { data: T | undefined } {
  const [data, setData] = useState<T>();
  useEffect(() => {
    const ctl = new AbortController();
    fetch(`${API_BASE}${path}`, { signal: ctl.signal, headers: { Accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${path}: ${r.status}`))))
      .then((body) => setData(pick(body)))
      // The figures and testimonials are extras: a failure leaves them out, silently.
      .catch(() => undefined);
    return () => ctl.abort();
  }, [path, pick]);
  return { data };
}

const pickStats = (body: unknown) => (body as StatsResponse).data;
const pickReviews = (body: unknown) => (body as { data: Review[] }).data;

/** GET /stats: the gateway's own route (its types generated from api/gateway/gateway.swagger.json). */
export const useHomeStats = (): { data: Stats | undefined } => usePublicRead('/stats', pickStats);

/** GET /reviews/testimonials: recent public 5-star reviews with a comment. */
export const useTestimonials = (): { data: Review[] | undefined } => usePublicRead('/reviews/testimonials', pickReviews);
