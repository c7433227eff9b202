import { bffHandler } from "@/lib/console/bff";

// GET /api/bff/countries — the countries the API lists (GET /v1/countries), for the new-employment flow.
export const GET = bffHandler(async ({ api }) => {
  const res = await api.listCountries();
  return res.data;
});
