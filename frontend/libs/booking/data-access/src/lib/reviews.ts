// Reporting a review (docs/product.md#replies-and-reports), from the booking page and from the
// provider's Ratings & Feedback (provider screens use booking's data-access).
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryRoots, unwrap, userApi } from '@slotwise/shared-data-access';

/** GET /reviews/provider: reviews of the provider's services, newest first (the dashboard's Ratings & Feedback, the home's latest). */
export function useProviderReviews() {
  return useQuery({
    queryKey: [queryRoots.provider, 'reviews'],
    queryFn: ({ signal }) => unwrap(userApi.GET('/reviews/provider', { signal })).then((r) => r.data),
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
