import "server-only";
import type { NextRequest } from "next/server";
import { ApiRequestError } from "@/lib/console/api-errors";
import type { AnyFilter, ListApiQuery, ListDefinition } from "@/lib/console/list";

// Server helpers of the people-ops BFF handlers.

/**
 * The API query of a list request. Values the API would refuse are refused here with a 400 naming
 * the parameter, rather than dropped silently; everything else the browser sends is ignored.
 */
export function listQueryOf<F extends Record<string, AnyFilter>>(list: ListDefinition<F>, req: NextRequest): ListApiQuery<F> {
  const params = req.nextUrl.searchParams;
  const bad = list.invalidApiParams(params);
  if (bad.length > 0) throw new ApiRequestError({ kind: "bad_request", status: 400, message: bad.join("; "), requestId: null });
  return list.apiQueryOf(params);
}
