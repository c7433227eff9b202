import { ApiRequestError } from "@/lib/console/api-errors";
import { bffHandler } from "@/lib/console/server/bff";
import { getCompany } from "@/lib/console/server/companies/api";
import { companyProfileOf } from "@/lib/queries/company";

// GET /api/bff/company — the session's company (GET /v1/companies/{id}), as much of it as the browser
// needs: its name and billing currency (the payslips' converted net is in it).
export const GET = bffHandler(async ({ api, session }) => {
  if (!session.company)
    throw new ApiRequestError({ kind: "not_found", status: 404, message: "The console acts for no company here.", requestId: null });
  return companyProfileOf(await getCompany(api, session.company.id));
});
