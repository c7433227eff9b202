"use client";

import type { DehydratedState } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import type { QueryScope } from "@/lib/queries/scope";
import { EmploymentsTableSkeleton } from "./employments-table-skeleton";

// The employments list served live from the API, page by page, is only shown until the company's
// first sync completes (then the read-model list serves it: docs/decisions/console-readmodel-lists.md).
// Its code is a chunk of its own, loaded when the page renders it, so a synced company's list does
// not download it (docs/decisions/console-bundle-budgets.md). The server renders it in full either way.
// The chunk brings TanStack Query too (the route's layouts do not: /employments ships without it):
// the list is wrapped in its provider and hydrated with the server's state, as `Hydrate` does elsewhere.
const EmploymentsList = lazy(() => import("./employments-list").then((m) => ({ default: m.HydratedEmploymentsList })));

type LiveListProps = { scope: QueryScope; environmentLabel: string; dehydratedState: DehydratedState; initialError?: ApiErrorPayload };

export function EmploymentsLiveList(props: LiveListProps) {
  return (
    <Suspense fallback={<EmploymentsTableSkeleton rows={10} />}>
      <EmploymentsList {...props} />
    </Suspense>
  );
}
