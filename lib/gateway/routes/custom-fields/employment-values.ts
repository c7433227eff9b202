import "server-only";
import { EmploymentCustomFieldValueListResponseSchema, PaginationQuerySchema } from "@/lib/contract";
import { pageParams } from "../../pagination";
import { defineRoute } from "../../route";
import { listEmploymentCustomFieldValues } from "../../services/custom-fields";
import { COMMON_ERRORS } from "../employments/scopes";

// GET /v1/employments/{employment_id}/custom-fields — the provider's list of an employment's custom
// field values: every definition of the company with its value (null when unset), paginated.
export const listEmploymentCustomFieldValuesRoute = defineRoute({
  method: "get",
  path: "/v1/employments/{employment_id}/custom-fields",
  operationId: "get_v1_employments_employment_id_custom_fields",
  summary: "List an employment's custom field values",
  tag: "Custom fields",
  // The provider's scopes: custom_field_value:read, custom_field_value:write (read implied), or employments.
  auth: { kind: "scoped", scopes: ["custom_field_value:read", "custom_field_value:write", "employments"], company: true },
  query: PaginationQuerySchema,
  responses: {
    200: { description: "A page of the employment's values", schema: EmploymentCustomFieldValueListResponseSchema },
    400: { description: "Invalid page or page_size" },
    404: { description: "Employment not found" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, query, principal }) =>
    c.json(await listEmploymentCustomFieldValues(c.get("deps").db, principal.companyId!, params.employment_id!, pageParams(query))),
});
