import "server-only";
import type { ApiClient } from "@/lib/console/server/api-client";
import { read } from "@/lib/console/api-read";

// GET /v1/companies and GET /v1/companies/{id} over the console's typed client
// (docs/decisions/console-api-client-style.md).

/** Client-credentials token only: the companies that consented to this client. */
export const listCompanies = (api: ApiClient, q: { external_id?: string } = {}) =>
  api.json(read.companies, "GET", "v1/companies", { query: q }).then((r) => r.companies);

/** One company: the token's own, or (client credentials) one that consented to the client. */
export const getCompany = (api: ApiClient, companyId: string) =>
  api.json(read.company, "GET", `v1/companies/${encodeURIComponent(companyId)}`).then((r) => r.data.company);
