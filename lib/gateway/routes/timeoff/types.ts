import "server-only";
import { TimeoffTypesQuerySchema, TimeoffTypesResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { listTimeoffTypes } from "../../services/timeoff";
import { COMMON_ERRORS } from "../employments/scopes";
import { TIMEOFF_READ } from "./scopes";

// GET /v1/timeoff/types — the valid time off types with their descriptions (a fixed list), under
// the provider's `data.timeoff_types`. `type` (contractor | full_time) is the provider's filter: every
// Roster type applies to both.
export const listTimeoffTypesRoute = defineRoute({
  method: "get",
  path: "/v1/timeoff/types",
  operationId: "get_v1_timeoff_types",
  summary: "List time off types",
  tag: "Time off",
  auth: TIMEOFF_READ,
  query: TimeoffTypesQuerySchema,
  responses: { 200: { description: "Every time off type", schema: TimeoffTypesResponseSchema }, ...COMMON_ERRORS },
  handler: (c) => c.json({ data: listTimeoffTypes() }),
});
