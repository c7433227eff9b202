"use client";

import { HydrationBoundary, type DehydratedState } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";

/** HydrationBoundary of a dehydrated state sent as JSON text (components/console/hydrate.tsx). */
export function HydrateJson({ state, children }: { state: string; children: ReactNode }) {
  const parsed = useMemo(() => JSON.parse(state) as DehydratedState, [state]);
  return <HydrationBoundary state={parsed}>{children}</HydrationBoundary>;
}
