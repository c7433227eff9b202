import { dehydrate, HydrationBoundary, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";

/**
 * Server side of "prefetch, then hydrate": the queries a page fetched with the shared options
 * (lib/queries) reach the client islands below, which read them with the same keys.
 */
export function Hydrate({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
