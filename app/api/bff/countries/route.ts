import { bffHandler } from "@/lib/console/server/bff";
import { listCountries } from "@/lib/console/server/countries/api";

// GET /api/bff/countries — the countries the API lists (GET /v1/countries), for the new-employment flow.
export const GET = bffHandler(async ({ api }) => listCountries(api));
