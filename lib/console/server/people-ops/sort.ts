import "server-only";
import type { ApiClient } from "@/lib/console/server/api-client";
import { listEmployments } from "@/lib/console/server/employments/api";
import type { SortAccessors } from "@/lib/console/list";
import { PEOPLE_OPS_EMPLOYMENTS_QUERY } from "../../people-ops/eligibility";

// The "Employee" column of a list of records that carry only an employment id: sorted by the name
// the list shows, read from the same employments query the page names them with
// (PEOPLE_OPS_EMPLOYMENTS_QUERY), so the order is the order of what is on screen. An employment the
// query does not name sorts by its id, as the list shows it.

/** The sort accessors of `base` plus `employee` (by the shown name), the names read only when asked for. */
export function withEmployeeSort<T extends { employment_id: string }>(api: ApiClient, base: SortAccessors<T>, key = "employee") {
  return async (by: string): Promise<SortAccessors<T>> => {
    if (by !== key) return base;
    const page = await listEmployments(api, PEOPLE_OPS_EMPLOYMENTS_QUERY).catch(() => null);
    const names = new Map((page?.employments ?? []).map((e) => [e.id, e.full_name]));
    return { ...base, [key]: (r: T) => names.get(r.employment_id) ?? r.employment_id };
  };
}
