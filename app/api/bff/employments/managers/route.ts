import { bffHandler } from "@/lib/console/server/bff";
import { listAllCompanyManagers } from "@/lib/console/server/company-managers/api";

// GET /api/bff/employments/managers — the company's users with roles (manager candidates for the form).
export const GET = bffHandler(async ({ api }) => {
  return listAllCompanyManagers(api);
});
