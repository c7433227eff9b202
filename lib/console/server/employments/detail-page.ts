import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "@/lib/console/server/api-client";
import { listEmploymentCustomFields } from "@/lib/console/server/custom-fields/api";
import { getEmployment } from "@/lib/console/server/employments/api";
import { employmentCustomFieldsQuery } from "@/lib/queries/custom-fields";
import { employmentDetailQuery } from "@/lib/queries/employments";
import { makeQueryClient } from "@/lib/queries/query-client";
import type { QueryScope } from "@/lib/queries/scope";

// What the employment page (app/(console)/employments/[id]/(detail)/page.tsx) loads, started at once: the
// employment, and the custom fields section (every definition and the employment's values). Each
// lands in a QueryClient under the very key its client island reads (lib/queries), so the islands
// hydrate from it and fetch nothing on mount. Two clients, one per hydration boundary: the custom
// fields section streams behind its own Suspense boundary and never holds the page back.
// docs/decisions/console-bundle-budgets.md (detail page section).

export interface PrefetchedSection<T> {
  queryClient: QueryClient;
  /** Settles when the section's data is in `queryClient` (or rejects with the API's error). */
  loaded: Promise<T>;
}

export interface EmploymentPageLoads {
  employment: PrefetchedSection<Awaited<ReturnType<typeof getEmployment>>>;
  customFields: PrefetchedSection<unknown>;
}

/** Starts every API call of the employment page in parallel (three requests, none waiting for another). */
export function startEmploymentPageLoads(api: ApiClient, scope: QueryScope, id: string): EmploymentPageLoads {
  const employmentClient = makeQueryClient();
  const customFieldsClient = makeQueryClient();
  const employment = employmentClient.fetchQuery({
    ...employmentDetailQuery(scope, id),
    queryFn: () => getEmployment(api, id),
  });
  const customFields = customFieldsClient.fetchQuery({
    ...employmentCustomFieldsQuery(scope, id),
    queryFn: () => listEmploymentCustomFields(api, id),
  });
  // The section is awaited later (or never, when the employment is a 404): no unhandled rejection.
  customFields.catch(() => undefined);
  return {
    employment: { queryClient: employmentClient, loaded: employment },
    customFields: { queryClient: customFieldsClient, loaded: customFields },
  };
}
