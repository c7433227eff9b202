import { bffHandler } from "@/lib/console/server/bff";
import { CreateEmploymentBodySchema } from "@/lib/contract";
import { createEmployment, getEmployment } from "@/lib/console/server/employments/api";

// POST /api/bff/employments/create — create an employment (POST /v1/employments {country_code, type, basic_information}).
export const POST = bffHandler(
  async ({ api, body }) => {
    // The provider answers the new employment's basic fields only (EmploymentBasicResponse): read the full record.
    const created = await createEmployment(api, body);
    return getEmployment(api, created.id);
  },
  { body: CreateEmploymentBodySchema, status: 201 },
);
