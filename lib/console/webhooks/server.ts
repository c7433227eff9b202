import "server-only";
import type { NextRequest } from "next/server";
import { ApiRequestError } from "@/lib/console/api-errors";
import type { ConsoleSession } from "@/lib/console/session-types";
import { parseCallbacksState, parseDeliveriesState, toCallbacksApiQuery, toDeliveriesApiQuery } from "./url-state";

// Server helpers of the webhooks BFF handlers.

/** The company whose callbacks are listed: the session's own (webhook callbacks are listed per company). */
export function requireCompanyId(session: ConsoleSession): string {
  if (session.company) return session.company.id;
  throw new ApiRequestError({
    kind: "bad_request",
    status: 400,
    message: "This session acts for no company: webhook callbacks are listed per company. Sign in for a company first.",
    requestId: null,
  });
}

/** page and page_size of a BFF request, with the same rules as the console's URLs. */
export const callbacksQueryOf = (req: NextRequest) => toCallbacksApiQuery(parseCallbacksState(req.nextUrl.searchParams));

/**
 * The delivery log filters of a BFF request. Values the API would refuse are refused here with a
 * 400 naming the parameter, rather than being dropped silently.
 */
export function deliveriesQueryOf(req: NextRequest) {
  const params = req.nextUrl.searchParams;
  const state = parseDeliveriesState(params);
  for (const [key, ok] of [
    ["event_type", state.eventType !== ""],
    ["successfully_delivered", state.delivered !== ""],
  ] as const) {
    if (params.get(key) && !ok) {
      throw new ApiRequestError({
        kind: "bad_request",
        status: 400,
        message: `${key}: invalid value ${JSON.stringify(params.get(key))}`,
        requestId: null,
      });
    }
  }
  return toDeliveriesApiQuery(state);
}
