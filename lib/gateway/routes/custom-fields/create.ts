import "server-only";
import { CreateCustomFieldBodySchema, CustomFieldResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { createCustomField } from "../../services/custom-fields";
import { COMMON_ERRORS } from "../employments/scopes";
import { CUSTOM_FIELD_WRITE } from "./scopes";

// POST /v1/custom-fields — defines a custom field (owners and admins); names are unique per company.
export const createCustomFieldRoute = defineRoute({
  method: "post",
  path: "/v1/custom-fields",
  operationId: "post_v1_custom_fields",
  summary: "Create custom field definition",
  tag: "Custom fields",
  auth: CUSTOM_FIELD_WRITE,
  body: CreateCustomFieldBodySchema,
  responses: {
    201: { description: "Created", schema: CustomFieldResponseSchema },
    400: { description: "Malformed body or unknown property" },
    422: { description: "Validation failure (duplicate name, options)" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, principal }) =>
    c.json({ data: { custom_field: await createCustomField(c.get("deps"), principal, body) } }, 200),
});
