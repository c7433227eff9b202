import "server-only";
import type { NextRequest } from "next/server";
import { ApiRequestError } from "@/lib/console/api-errors";
import type { EnumFilters, ListApiQuery, ListDefinition } from "./list-state";

// Server helpers of the people-ops BFF handlers.

/**
 * The API query of a list request. Values the API would refuse are refused here with a 400 naming
 * the parameter, rather than dropped silently; everything else the browser sends is ignored.
 */
export function listQueryOf<E extends EnumFilters>(list: ListDefinition<E>, req: NextRequest): ListApiQuery<E> {
  const params = req.nextUrl.searchParams;
  const bad = list.invalidParams(params);
  if (bad.length > 0) throw new ApiRequestError({ kind: "bad_request", status: 400, message: bad.join("; "), requestId: null });
  return list.queryOf(params);
}
