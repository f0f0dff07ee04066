// The app's one query policy (docs/adr/0032-phone-first-accessible-web.md): a refusal (4xx) is an answer and is
// shown at once; only no answer (network) or a server fault (5xx) is asked again, once, soon.
import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from './client';

/** The wait before the one retry: short, so an error state shows within a second of the answer. */
export const QUERY_RETRY_DELAY_MS = 300;

/** A failed read is retried once, and only when it may succeed when sent again. */
export const queryRetry = (failureCount: number, error: unknown): boolean => failureCount < 1 && isRetryable(error);

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: queryRetry, retryDelay: QUERY_RETRY_DELAY_MS },
    },
  });
}
