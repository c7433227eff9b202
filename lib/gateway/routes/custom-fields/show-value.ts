import "server-only";
import { CustomFieldValueResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { showCustomFieldValue } from "../../services/custom-fields";
import { COMMON_ERRORS } from "../employments/scopes";
import { CUSTOM_FIELD_VALUE_READ } from "./scopes";

// GET /v1/custom-fields/{custom_field_id}/values/{employment_id} — an employment's value (null when unset).
export const showCustomFieldValueRoute = defineRoute({
  method: "get",
  path: "/v1/custom-fields/{custom_field_id}/values/{employment_id}",
  operationId: "get_v1_custom_fields_custom_field_id_values_employment_id",
  summary: "Show a custom field value",
  tag: "Custom fields",
  auth: CUSTOM_FIELD_VALUE_READ,
  responses: {
    200: { description: "The value", schema: CustomFieldValueResponseSchema },
    404: { description: "Field or employment not found" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) =>
    c.json({
      data: {
        custom_field_value: await showCustomFieldValue(
          c.get("deps").db,
          principal.companyId!,
          params.custom_field_id!,
          params.employment_id!,
        ),
      },
    }),
});
