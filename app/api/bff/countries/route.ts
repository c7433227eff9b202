import { bffHandler } from "@/lib/console/bff";
import { assertSameScope } from "@/lib/console/employments/bff-scope";

// GET /api/bff/countries — the countries the API lists (GET /v1/countries), for the new-employment flow.
export const GET = bffHandler(async ({ api, session, req }) => {
  assertSameScope(req, session);
  const res = await api.listCountries();
  return res.data;
});
