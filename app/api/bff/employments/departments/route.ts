import { bffHandler } from "@/lib/console/server/bff";
import { listAllDepartments } from "@/lib/console/server/departments/api";

// GET /api/bff/employments/departments — every department of the company (the employment form's select).
export const GET = bffHandler(async ({ api }) => {
  return listAllDepartments(api);
});
