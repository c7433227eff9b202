import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { DEFAULT_STALE_TIME, shouldRetry } from "./policy";

export { DEFAULT_STALE_TIME, shouldRetry };

// One QueryClient configuration for server prefetch and the browser (the policy: ./policy.ts).

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
