import "server-only";
import type { NextRequest } from "next/server";
import { ApiRequestError } from "@/lib/console/api-errors";
import type { ConsoleSession } from "@/lib/console/session-types";
import { scopeOf } from "@/lib/queries/scope";
import { SCOPE_CHANGED } from "./errors";

/**
 * Refuses a BFF call made for another environment or company than the session's current one (the
 * console was switched in another tab): the browser would otherwise cache that data under the old
 * scope's key. Calls without scope parameters are let through (they carry no cache key).
 */
export function assertSameScope(req: NextRequest, session: ConsoleSession): void {
  const env = req.nextUrl.searchParams.get("scope_env");
  const company = req.nextUrl.searchParams.get("scope_company");
  if (env === null && company === null) return;
  const current = scopeOf(session);
  if (env === current.environment && company === current.companyId) return;
  const label = current.environment === "production" ? "Production" : "Sandbox";
  throw new ApiRequestError({
    kind: "conflict",
    status: 409,
    message: `The console now shows ${label}${current.companyId !== company ? " for another company" : ""} (it was switched in another tab or window). Reload the page to see its data.`,
    requestId: null,
    body: { code: SCOPE_CHANGED },
  });
}
