import "server-only";
import { TimeoffResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { showTimeoff } from "../../services/timeoff";
import { COMMON_ERRORS } from "../employments/scopes";
import { TIMEOFF_READ } from "./scopes";

// GET /v1/timeoff/{id} — one time off of the company.
export const showTimeoffRoute = defineRoute({
  method: "get",
  path: "/v1/timeoff/{id}",
  operationId: "get_v1_timeoff_id",
  summary: "Show time off",
  tag: "Time off",
  auth: TIMEOFF_READ,
  responses: { 200: { description: "The time off", schema: TimeoffResponseSchema }, 404: { description: "Not found" }, ...COMMON_ERRORS },
  handler: async (c, { params, principal }) =>
    c.json({ data: { timeoff: await showTimeoff(c.get("deps"), principal.companyId!, params.id!) } }),
});
