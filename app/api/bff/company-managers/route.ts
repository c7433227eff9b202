import { z } from "zod";
import { bffHandler } from "@/lib/console/server/bff";
import { inviteCompanyManager, listCompanyManagers } from "@/lib/console/server/company-managers/api";
import { managersList } from "@/lib/console/company-managers/list";
import { CreateCompanyManagerBodySchema } from "@/lib/contract";

// GET /api/bff/company-managers — one page of the company's users with roles.
export const GET = bffHandler(async ({ api, req }) => {
  return listCompanyManagers(api, managersList.apiQueryOf(req.nextUrl.searchParams));
});

// POST /api/bff/company-managers — invites a user with a role to the session's company
// (POST /v1/company-managers); company_id is never taken from the browser.
export const POST = bffHandler(
  async ({ api, body }) => {
    return inviteCompanyManager(api, body);
  },
  {
    body: z.strictObject({
      name: CreateCompanyManagerBodySchema.shape.name,
      email: CreateCompanyManagerBodySchema.shape.email,
      role: CreateCompanyManagerBodySchema.shape.role,
    }),
    status: 201,
  },
);
