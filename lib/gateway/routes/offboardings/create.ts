import "server-only";
import { CreateOffboardingBodySchema, OffboardingResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { createOffboarding } from "../../services/offboardings";
import { COMMON_ERRORS } from "../employments/scopes";
import { OFFBOARDING_WRITE } from "./scopes";

// POST /v1/offboardings — submits a termination; the active employment moves to status offboarding.
export const createOffboardingRoute = defineRoute({
  method: "post",
  path: "/v1/offboardings",
  operationId: "post_v1_offboardings",
  summary: "Create offboarding",
  tag: "Offboardings",
  auth: OFFBOARDING_WRITE,
  body: CreateOffboardingBodySchema,
  responses: {
    201: { description: "Created", schema: OffboardingResponseSchema },
    400: { description: "Malformed body or unknown property" },
    404: { description: "employment_id is not an employment of the company" },
    409: { description: "Company not active" },
    422: { description: "Validation failure; employment not active or of a type/model that cannot be offboarded here" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, principal }) =>
    c.json({ data: { offboarding: await createOffboarding(c.get("deps"), principal, body) } }, 201),
});
