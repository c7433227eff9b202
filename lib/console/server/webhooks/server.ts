import "server-only";
import type { NextRequest } from "next/server";
import { ApiRequestError } from "@/lib/console/api-errors";
import type { ConsoleSession } from "@/lib/console/session-types";
import { listQueryOf } from "@/lib/console/server/people-ops/bff";
import { callbacksList, deliveriesList } from "../../webhooks/list";

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

/** page and page_size of a BFF request (the list framework's rules; a value the API would refuse is a 400). */
export const callbacksQueryOf = (req: NextRequest) => listQueryOf(callbacksList, req);

/**
 * The delivery log filters of a BFF request. Values the API would refuse are refused here with a
 * 400 naming the parameter, rather than being dropped silently.
 */
export const deliveriesQueryOf = (req: NextRequest) => listQueryOf(deliveriesList, req);
