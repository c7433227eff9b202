import "server-only";
import { OffboardingResponseSchema, SandboxOffboardingUpdateBodySchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { sandboxUpdateOffboarding } from "../../services/offboardings";
import { COMMON_ERRORS } from "../employments/scopes";
import { OFFBOARDING_WRITE } from "../offboardings/scopes";

// PUT|PATCH /v1/sandbox/offboardings/{id} — sandbox only: the provider's review (in_review, done, canceled), with its events.
export const sandboxUpdateOffboardingRoute = defineRoute({
  method: ["put", "patch"],
  path: "/v1/sandbox/offboardings/{id}",
  operationId: "v1_sandbox_offboardings_id",
  summary: "Move an offboarding through review (sandbox)",
  tag: "Sandbox",
  auth: OFFBOARDING_WRITE,
  sandboxOnly: true,
  body: SandboxOffboardingUpdateBodySchema,
  responses: {
    200: { description: "The offboarding after update", schema: OffboardingResponseSchema },
    404: { description: "Not found, or called on production" },
    422: { description: "Invalid status, or a transition that does not exist" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, params, principal }) =>
    c.json({ data: { offboarding: await sandboxUpdateOffboarding(c.get("deps"), principal, params.id!, body.status) } }),
});
