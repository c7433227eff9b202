import "server-only";
import { OkEnvelopeSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { deleteCompanyManager } from "../../services/company-structure";
import { COMMON_ERRORS } from "../employments/scopes";

// DELETE /v1/company-managers/{user_id} — removes a user from the company (never the last owner).
export const deleteCompanyManagerRoute = defineRoute({
  method: "delete",
  path: "/v1/company-managers/{user_id}",
  operationId: "delete_v1_company_managers_user_id",
  summary: "Delete company manager",
  tag: "Company managers",
  auth: { kind: "scoped", scopes: ["company_manager:write"], company: true, write: true },
  responses: {
    200: { description: "Deleted", schema: OkEnvelopeSchema },
    404: { description: "Not found" },
    409: { description: "The last owner" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) => {
    await deleteCompanyManager(c.get("deps"), principal, principal.companyId!, params.user_id!);
    return c.json({ data: { status: "ok" } });
  },
});
