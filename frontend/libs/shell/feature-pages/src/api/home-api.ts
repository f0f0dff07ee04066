// The customer home's reads (docs/product.md#customer-home): both public, both kept by the
// browser for the 5 minutes their Cache-Control allows.
import { useQuery } from '@tanstack/react-query';
import type { Review, StatsResponse } from '@slotwise/shared-contract';
import { API_BASE, ApiError, api, unwrap } from '@slotwise/shared-data-access';

/** Each read stays fresh as long as the server lets the browser keep it. */
const FIVE_MINUTES = 5 * 60_000;

/**
 * GET /stats: the gateway's own route (not in the generated contract). A plain fetch with the
 * browser's default cache mode, so the answer's max-age=300 spares the server the three counts.
 */
export function useHomeStats() {
  return useQuery({
    queryKey: ['home', 'stats'],
    queryFn: async ({ signal }) => {
      const r = await globalThis.fetch(`${API_BASE}/stats`, {
        signal,
        headers: { Accept: 'application/json' },
      });
      if (!r.ok) throw new ApiError(r.status, 'Could not load the figures');
      return ((await r.json()) as StatsResponse).data;
    },
    staleTime: FIVE_MINUTES,
  });
}

/** GET /reviews/testimonials: recent public 5-star reviews with a comment. */
export function useTestimonials() {
  return useQuery({
    queryKey: ['home', 'testimonials'],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/reviews/testimonials', { signal, cache: 'default' }),
      ).then((r) => r.data as Review[]),
    staleTime: FIVE_MINUTES,
  });
}
