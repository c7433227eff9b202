import "server-only";
import { TimeoffResponseSchema, UpdateTimeoffBodySchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { updateTimeoff } from "../../services/timeoff";
import { COMMON_ERRORS } from "../employments/scopes";
import { TIMEOFF_WRITE } from "./scopes";

// PUT|PATCH /v1/timeoff/{id} — edits dates, days, type or notes; approves, declines or cancels.
export const updateTimeoffRoute = defineRoute({
  method: ["put", "patch"],
  path: "/v1/timeoff/{id}",
  operationId: "v1_timeoff_id",
  summary: "Update time off",
  tag: "Time off",
  auth: TIMEOFF_WRITE,
  body: UpdateTimeoffBodySchema.optional().transform((b) => b ?? {}),
  responses: {
    200: { description: "The time off after update", schema: TimeoffResponseSchema },
    400: { description: "Malformed body or unknown property" },
    404: { description: "Not found" },
    409: { description: "Company not active" },
    422: { description: "Validation failure, overlap, or a status that forbids the change" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, params, principal }) =>
    c.json({ data: { timeoff: await updateTimeoff(c.get("deps"), principal, params.id!, body) } }),
});
