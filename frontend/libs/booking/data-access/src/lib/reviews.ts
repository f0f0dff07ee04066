// Reporting a review (docs/product.md#replies-and-reports), from the booking page and from the
// provider's Ratings & Feedback (provider screens use booking's data-access).
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { queryRoots, unwrap, userApi } from '@slotwise/shared-data-access';

/**
 * GET /reviews/provider: reviews of the provider's services, newest first (the dashboard's Ratings &
 * Feedback, the home's latest), a page (20) at a time: older ones with `fetchNextPage` while
 * `hasNextPage` (ListPager). `data.reviews` is every page loaded; `data.summary` is the server's
 * count and average of all of them, not of the pages loaded.
 */
export function useProviderReviews() {
  return useInfiniteQuery({
    queryKey: [queryRoots.provider, 'reviews'],
    initialPageParam: '',
    queryFn: ({ signal, pageParam }) =>
      unwrap(userApi.GET('/reviews/provider', { params: { query: { cursor: pageParam || undefined } }, signal })),
    getNextPageParam: (last) => last.nextCursor || undefined,
    select: (d) => ({
      reviews: d.pages.flatMap((p) => p.data),
      summary: { count: d.pages[0]?.summary?.count ?? 0, average: d.pages[0]?.summary?.average ?? 0 },
    }),
  });
}

/** POST /reviews/{id}/reports: resolves with the server's thank-you; an ApiError carries its refusal. */
export function useReportReview() {
  return useMutation({
    mutationFn: ({
      id,
      reason,
      details,
    }: {
      id: string;
      reason: string;
      details: string;
    }) =>
      unwrap(
        userApi.POST('/reviews/{id}/reports', {
          params: { path: { id } },
          body: { reason, details },
        }),
      ).then((r) => r.message),
  });
}
