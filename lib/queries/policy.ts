import { ApiRequestError } from "@/lib/console/api-errors";

// How the console's browser reads behave, for TanStack Query (./query-client.ts) and for the lists
// that read without it (components/console/list/use-bff-data.ts): one policy, without the library.

/** Long enough that hydrated server data is not fetched again on mount. */
export const DEFAULT_STALE_TIME = 30_000;

/** A 4xx is an answer, not a hiccup: only network failures and 5xx are retried, once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
