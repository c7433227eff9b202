import "server-only";
import { CreateTimeoffBodySchema, TimeoffResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { createTimeoff } from "../../services/timeoff";
import { COMMON_ERRORS } from "../employments/scopes";
import { TIMEOFF_WRITE } from "./scopes";

// POST /v1/timeoff — records a requested (or already approved) time off for an employment.
export const createTimeoffRoute = defineRoute({
  method: "post",
  path: "/v1/timeoff",
  operationId: "post_v1_timeoff",
  summary: "Create time off",
  tag: "Time off",
  auth: TIMEOFF_WRITE,
  body: CreateTimeoffBodySchema,
  responses: {
    201: { description: "Created", schema: TimeoffResponseSchema },
    400: { description: "Malformed body or unknown property" },
    404: { description: "employment_id is not an employment of the company" },
    409: { description: "Company not active" },
    422: { description: "Validation failure, overlap with another time off, or operation not available" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, principal }) => c.json({ data: { timeoff: await createTimeoff(c.get("deps"), principal, body) } }, 201),
});
