import { bffHandler } from "@/lib/console/bff";
import { CreateEmploymentBodySchema } from "@/lib/contract";

// POST /api/bff/employments/create — create an employment (POST /v1/employments {country_code, type, basic_information}).
export const POST = bffHandler(
  async ({ api, body }) => {
    // The provider answers the new employment's basic fields only (EmploymentBasicResponse): read the full record.
    const created = await api.createEmployment(body);
    return (await api.getEmployment(created.data.employment.id)).data.employment;
  },
  { body: CreateEmploymentBodySchema, status: 201 },
);
