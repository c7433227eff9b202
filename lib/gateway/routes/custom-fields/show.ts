import "server-only";
import { CustomFieldResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { getCustomFieldOrThrow, serializeCustomField } from "../../services/custom-fields";
import { COMMON_ERRORS } from "../employments/scopes";
import { CUSTOM_FIELD_READ } from "./scopes";

// GET /v1/custom-fields/{custom_field_id} — one definition of the company.
export const showCustomFieldRoute = defineRoute({
  method: "get",
  path: "/v1/custom-fields/{custom_field_id}",
  operationId: "get_v1_custom_fields_custom_field_id",
  summary: "Show custom field definition",
  tag: "Custom fields",
  auth: CUSTOM_FIELD_READ,
  responses: {
    200: { description: "The definition", schema: CustomFieldResponseSchema },
    404: { description: "Not found" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) =>
    c.json({
      data: {
        custom_field: serializeCustomField(await getCustomFieldOrThrow(c.get("deps").db, principal.companyId!, params.custom_field_id!)),
      },
    }),
});
