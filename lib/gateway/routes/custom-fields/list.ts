import "server-only";
import { CustomFieldListResponseSchema, PaginationQuerySchema } from "@/lib/contract";
import { pageParams } from "../../pagination";
import { defineRoute } from "../../route";
import { listCustomFields } from "../../services/custom-fields";
import { COMMON_ERRORS } from "../employments/scopes";
import { CUSTOM_FIELD_READ } from "./scopes";

// GET /v1/custom-fields — the company's custom field definitions, oldest first.
export const listCustomFieldsRoute = defineRoute({
  method: "get",
  path: "/v1/custom-fields",
  operationId: "get_v1_custom_fields",
  summary: "List custom field definitions",
  tag: "Custom fields",
  auth: CUSTOM_FIELD_READ,
  query: PaginationQuerySchema,
  responses: {
    200: { description: "A page of definitions", schema: CustomFieldListResponseSchema },
    400: { description: "Invalid query" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query, principal }) => c.json(await listCustomFields(c.get("deps").db, principal.companyId!, pageParams(query))),
});
