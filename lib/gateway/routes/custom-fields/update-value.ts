import "server-only";
import { CustomFieldValueResponseSchema, UpdateCustomFieldValueBodySchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { setCustomFieldValue } from "../../services/custom-fields";
import { COMMON_ERRORS } from "../employments/scopes";
import { CUSTOM_FIELD_VALUE_WRITE } from "./scopes";

// PUT|PATCH /v1/custom-fields/{custom_field_id}/values/{employment_id} — sets a value checked against the field's type; null clears it.
export const updateCustomFieldValueRoute = defineRoute({
  method: ["put", "patch"],
  path: "/v1/custom-fields/{custom_field_id}/values/{employment_id}",
  operationId: "v1_custom_fields_custom_field_id_values_employment_id",
  summary: "Set a custom field value",
  tag: "Custom fields",
  auth: CUSTOM_FIELD_VALUE_WRITE,
  body: UpdateCustomFieldValueBodySchema,
  responses: {
    200: { description: "The value after update", schema: CustomFieldValueResponseSchema },
    400: { description: "Malformed body or unknown property" },
    404: { description: "Field or employment not found" },
    422: { description: "The value does not fit the field's type" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, params, principal }) =>
    c.json({
      data: {
        custom_field_value: await setCustomFieldValue(c.get("deps"), principal, params.custom_field_id!, params.employment_id!, body.value),
      },
    }),
});
