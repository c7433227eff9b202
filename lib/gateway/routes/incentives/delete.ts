import "server-only";
import { OkEnvelopeSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { deleteIncentive } from "../../services/incentives";
import { COMMON_ERRORS } from "../employments/scopes";
import { INCENTIVE_WRITE } from "./scopes";

// DELETE /v1/incentives/{id} — removes a pending incentive; refused (409) when processing or paid.
export const deleteIncentiveRoute = defineRoute({
  method: "delete",
  path: "/v1/incentives/{id}",
  operationId: "delete_v1_incentives_id",
  summary: "Delete incentive",
  tag: "Incentives",
  auth: INCENTIVE_WRITE,
  responses: {
    200: { description: "Deleted", schema: OkEnvelopeSchema },
    404: { description: "Not found" },
    409: { description: "Processing or paid; or company not active" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) => {
    await deleteIncentive(c.get("deps"), principal, params.id!);
    return c.json({ data: { status: "ok" as const } });
  },
});
