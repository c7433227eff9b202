import "server-only";
import { cache } from "react";
import { employmentHref } from "@/lib/console/employments/links";
import { getPageApi, type PageApi } from "@/lib/console/server/pages";
import { startEmploymentPageLoads, type EmploymentPageLoads } from "./detail-page";

/**
 * The loads of one employment's pages, started once per request: the `[id]` layout starts them to
 * decide the 404 before anything streams (docs/decisions/console-not-found.md), and the page below
 * it reads the very same promises (React's cache() is per request), so the API is called once.
 */
export const employmentPageLoads = cache(async (id: string): Promise<PageApi & { loads: EmploymentPageLoads }> => {
  const { api, scope } = await getPageApi(employmentHref(id));
  return { api, scope, loads: startEmploymentPageLoads(api, scope, id) };
});
