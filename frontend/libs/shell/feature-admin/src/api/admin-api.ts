// The operator's calls (docs/product.md#replies-and-reports): the open reports, and a decision.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewReport } from '@slotwise/shared-contract';
import { queryRoots, unwrap, userApi } from '@slotwise/shared-data-access';

const reportsKey = [queryRoots.reviews, 'reports'] as const;

/** GET /reviews/reports: reviews with open reports, the longest waiting first (operators only: else 403). */
export function useOpenReports() {
  return useQuery({
    queryKey: reportsKey,
    queryFn: ({ signal }) =>
      unwrap(userApi.GET('/reviews/reports', { signal })).then(
        (r) => r.data as ReviewReport[],
      ),
  });
}

/** POST /reviews/{id}/decision: hide or keep; the answer's message says which. */
export function useDecide() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'hide' | 'keep' }) =>
      unwrap(
        userApi.POST('/reviews/{id}/decision', {
          params: { path: { id } },
          body: { decision },
        }),
      ).then((r) => r.message),
    // A hidden review leaves the service's list and rating too.
    onSettled: () => qc.invalidateQueries({ queryKey: [queryRoots.reviews] }),
  });
}
