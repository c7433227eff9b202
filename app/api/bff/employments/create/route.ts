import { bffHandler } from "@/lib/console/bff";
import { assertSameScope } from "@/lib/console/employments/bff-scope";
import { CreateEmploymentBodySchema } from "@/lib/contract";

// POST /api/bff/employments/create — create an employment (POST /v1/employments {country_code, type, basic_information}).
export const POST = bffHandler(
  async ({ api, session, req, body }) => {
    assertSameScope(req, session);
    const res = await api.createEmployment(body);
    return res.data.employment;
  },
  { body: CreateEmploymentBodySchema, status: 201 },
);
