import "server-only";
import { IncentiveResponseSchema, SandboxIncentiveUpdateBodySchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { sandboxUpdateIncentive } from "../../services/incentives";
import { COMMON_ERRORS } from "../employments/scopes";
import { INCENTIVE_WRITE } from "../incentives/scopes";

// PUT|PATCH /v1/sandbox/incentives/{id} — sandbox only: what payroll does (pending → processing → paid), with its events.
export const sandboxUpdateIncentiveRoute = defineRoute({
  method: ["put", "patch"],
  path: "/v1/sandbox/incentives/{id}",
  operationId: "v1_sandbox_incentives_id",
  summary: "Move an incentive through payroll (sandbox)",
  tag: "Sandbox",
  auth: INCENTIVE_WRITE,
  sandboxOnly: true,
  body: SandboxIncentiveUpdateBodySchema,
  responses: {
    200: { description: "The incentive after update", schema: IncentiveResponseSchema },
    404: { description: "Not found, or called on production" },
    422: { description: "Invalid status, or a transition that does not exist" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, params, principal }) =>
    c.json({ data: { incentive: await sandboxUpdateIncentive(c.get("deps"), principal, params.id!, body.status) } }),
});
