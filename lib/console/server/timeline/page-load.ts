import "server-only";
import type { Employment } from "@/lib/contract";
import { getConsoleDatabase } from "../db/client";
import type { PageApi } from "../pages";
import { loadEmploymentTimeline, type EmploymentTimeline } from "./timeline";

/**
 * Starts the employment page's timeline (its own streamed section): every part at once, next to the
 * page's other loads, reusing the page's load of the employment. Settles later, or never awaited
 * (a 404 page): no unhandled rejection.
 */
export function startEmploymentTimeline({ api, scope }: PageApi, id: string, employment: Promise<Employment>): Promise<EmploymentTimeline> {
  const loaded = getConsoleDatabase().then(({ db }) =>
    loadEmploymentTimeline({ api, db, environment: scope.environment, companyId: scope.companyId }, id, employment),
  );
  loaded.catch(() => undefined);
  return loaded;
}
