"use client";

import { QueryClientContext, QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useContext, useState, type ReactNode } from "react";
import { onApiError } from "@/lib/console/auth/on-api-error";
import { makeQueryClient } from "@/lib/queries/query-client";

// TanStack Query for the console routes that use it, not the console's shell
// (docs/decisions/console-bundle-budgets.md, "Follow-up: /employments without TanStack Query"): each
// route segment that needs it renders `QueryProvider` in its layout, and the parts of the shell that
// load on demand (the command palette) render it themselves. In the browser every provider hands out
// the one client of the tab (`sharedQueryClient`), so the cache is shared across routes as it was
// when the console's layout held it; on the server each render makes its own.

let browserClient: QueryClient | undefined;

/** The browser tab's QueryClient (created on first use); never call it on the server. */
export function sharedQueryClient(): QueryClient {
  browserClient ??= makeQueryClient({ onError: onApiError });
  return browserClient;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const [client] = useState(
    () => outer ?? (typeof window === "undefined" ? makeQueryClient({ onError: onApiError }) : sharedQueryClient()),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The QueryClient of the nearest provider, or the tab's (for a module loaded on demand on a route without one). */
export function useQueryClientOrShared(): QueryClient {
  return useContext(QueryClientContext) ?? sharedQueryClient();
}
