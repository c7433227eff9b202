import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "@/lib/console/api-errors";

// One QueryClient configuration for server prefetch and the browser.

/** Long enough that hydrated server data is not fetched again on mount. */
export const DEFAULT_STALE_TIME = 30_000;

/** A 4xx is an answer, not a hiccup: only network failures and 5xx are retried, once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function makeQueryClient(options: { onError?: (error: unknown) => void } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: options.onError }),
    mutationCache: new MutationCache({ onError: options.onError }),
    defaultOptions: {
      queries: { staleTime: DEFAULT_STALE_TIME, retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
