import "server-only";
import type { QueryScope } from "@/lib/queries/scope";
import type { ApiClient } from "../api-client";
import { getConsoleDatabase } from "../db/client";
import { getEmployment } from "../employments/api";
import { loadEmploymentTimeline, type EmploymentTimeline } from "./timeline";

/**
 * One employment's timeline for the BFF (GET /api/bff/employments/{id}/timeline), which the
 * employment page's section asks for once the page is shown (docs/decisions/console-employment-timeline.md,
 * "Follow-up: loaded after the page"). The employment and every part are requested at once: six
 * API calls and one console database query, none waiting for another. The employment's 404 (one of
 * another company) refuses the whole timeline.
 */
export async function loadEmploymentTimelineFor(api: ApiClient, scope: QueryScope, id: string): Promise<EmploymentTimeline> {
  const employment = getEmployment(api, id);
  // Taken at once: a 404 while the database is opened must not be an unhandled rejection.
  employment.catch(() => undefined);
  const { db } = await getConsoleDatabase();
  return loadEmploymentTimeline({ api, db, environment: scope.environment, companyId: scope.companyId }, id, employment);
}
