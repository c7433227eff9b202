import "server-only";
import { CountriesResponseSchema, MessageErrorSchema } from "@/lib/contract";
import { defineRoute } from "../../route";

export const listCountriesRoute = defineRoute({
  method: "get",
  path: "/v1/countries",
  operationId: "get_v1_countries",
  summary: "List countries",
  tag: "Countries",
  // Countries are not company data: any token kind with the scope may read them.
  auth: { kind: "scoped", scopes: ["country:read"] },
  responses: {
    200: { description: "Every country the API serves, sorted by name", schema: CountriesResponseSchema },
    401: { description: "Missing or invalid token", schema: MessageErrorSchema },
    403: { description: "The token lacks the country:read scope", schema: MessageErrorSchema },
    429: { description: "Rate limit exceeded", schema: MessageErrorSchema },
  },
  // GET /v1/countries: the countries with their subdivisions and supported form schemas.
  handler: (c) => c.json(CountriesResponseSchema.parse({ data: c.get("deps").forms.listCountries() })),
});
