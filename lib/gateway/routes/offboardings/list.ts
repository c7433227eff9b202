import "server-only";
import { OffboardingListQuerySchema, OffboardingListResponseSchema, PaginationQuerySchema } from "@/lib/contract";
import { pageParams } from "../../pagination";
import { defineRoute } from "../../route";
import { listOffboardings } from "../../services/offboardings";
import { COMMON_ERRORS } from "../employments/scopes";
import { OFFBOARDING_READ } from "./scopes";

// GET /v1/offboardings — the company's offboardings, newest first. Confidential ones are listed only
// with include_confidential=true (the provider's default leaves them out), and only for their requester.
export const listOffboardingsRoute = defineRoute({
  method: "get",
  path: "/v1/offboardings",
  operationId: "get_v1_offboardings",
  summary: "List offboardings",
  tag: "Offboardings",
  auth: OFFBOARDING_READ,
  query: PaginationQuerySchema.extend(OffboardingListQuerySchema.shape),
  responses: {
    200: { description: "A page of offboardings", schema: OffboardingListResponseSchema },
    400: { description: "Invalid query" },
    404: { description: "employment_id is not an employment of the company" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query, principal }) =>
    c.json(
      await listOffboardings(
        c.get("deps"),
        principal,
        {
          employmentId: query.employment_id,
          type: query.type,
          status: query.status,
          includeConfidential: query.include_confidential === "true",
        },
        pageParams(query),
      ),
    ),
});
