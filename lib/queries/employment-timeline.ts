import { queryOptions } from "@tanstack/react-query";
import { bffFetch } from "@/lib/console/bff-client";
import type { EmploymentTimeline } from "@/lib/console/timeline/types";
import { employmentKeys } from "./employment";
import { withScope, type QueryScope } from "./scope";

// The employment page's timeline, read by its section in the browser once the page is shown
// (docs/decisions/console-employment-timeline.md). Under the employment's own key, so whatever
// invalidates the employment (an amendment approved, an offboarding) invalidates its timeline too.
// Never fresh: the section reads it again each time the page is shown (an update made on the edit
// page appears when the browser comes back, without a reload).

export const employmentTimelineKey = (scope: QueryScope, id: string) => [...employmentKeys.detail(scope, id), "timeline"] as const;

export const employmentTimelineQuery = (scope: QueryScope, id: string) =>
  queryOptions({
    queryKey: employmentTimelineKey(scope, id),
    queryFn: ({ signal }) =>
      bffFetch<EmploymentTimeline>(withScope(`/api/bff/employments/${encodeURIComponent(id)}/timeline`, scope), { signal }),
    staleTime: 0,
  });
