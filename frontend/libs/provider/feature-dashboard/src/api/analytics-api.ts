// The provider's analytics (GET /providers/me/analytics): computed by booking-svc, which owns
// the appointments; the page only draws them.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryRoots, unwrap, userApi } from '@slotwise/shared-data-access';
import type { AnalyticsPeriod } from '../lib/analytics/analytics-data';

/**
 * The figures of the last `days` days. Switching the period keeps the previous figures on screen
 * until the new ones arrive (the section says it is updating), instead of blanking the charts.
 * Retries follow the app's one read policy (makeQueryClient). `staffId` narrows them to one team
 * member ('' = everyone).
 */
export function useProviderAnalytics(days: AnalyticsPeriod, staffId = '') {
  return useQuery({
    queryKey: [queryRoots.provider, 'analytics', days, staffId],
    queryFn: ({ signal }) => unwrap(userApi.GET('/providers/me/analytics', { params: { query: staffId ? { days, staffId } : { days } }, signal })),
    placeholderData: keepPreviousData,
  });
}
