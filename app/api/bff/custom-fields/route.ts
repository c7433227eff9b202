import { bffHandler } from "@/lib/console/server/bff";
import { createCustomField, listCustomFields } from "@/lib/console/server/custom-fields/api";
import { customFieldsList } from "@/lib/console/custom-fields/list";
import { CreateCustomFieldBodySchema } from "@/lib/contract";

// GET /api/bff/custom-fields — one page of the company's custom field definitions.
export const GET = bffHandler(async ({ api, req }) => {
  return listCustomFields(api, customFieldsList.apiQueryOf(req.nextUrl.searchParams));
});

// POST /api/bff/custom-fields — creates a definition (POST /v1/custom-fields).
export const POST = bffHandler(
  async ({ api, body }) => {
    return createCustomField(api, body);
  },
  { body: CreateCustomFieldBodySchema, status: 201 },
);
