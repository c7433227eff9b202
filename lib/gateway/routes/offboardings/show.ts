import "server-only";
import { OffboardingResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { getOffboardingOrThrow, serializeOffboarding } from "../../services/offboardings";
import { COMMON_ERRORS } from "../employments/scopes";
import { OFFBOARDING_READ } from "./scopes";

// GET /v1/offboardings/{id} — one offboarding (another user's confidential one is not found).
export const showOffboardingRoute = defineRoute({
  method: "get",
  path: "/v1/offboardings/{id}",
  operationId: "get_v1_offboardings_id",
  summary: "Show offboarding",
  tag: "Offboardings",
  auth: OFFBOARDING_READ,
  responses: {
    200: { description: "The offboarding", schema: OffboardingResponseSchema },
    404: { description: "Not found" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) =>
    c.json({ data: { offboarding: serializeOffboarding(await getOffboardingOrThrow(c.get("deps").db, principal, params.id!)) } }),
});
