import "server-only";
import { FormResponseSchema } from "@/lib/contract";
import type { ApiClient } from "@/lib/console/server/api-client";
import { read } from "@/lib/console/api-read";

// The countries and their forms (spec 4.2 "Countries", "Forms") over the console's typed client, for
// server pages and BFF handlers alike (docs/decisions/console-api-client-style.md).

const enc = encodeURIComponent;

export const listCountries = (api: ApiClient) => api.json(read.countries, "GET", "v1/countries").then((r) => r.data);

/** A country form's JSON Schema (x-jsf), at a version when one is given. */
export const getForm = (api: ApiClient, countryCode: string, form: string, version?: number) =>
  api
    .json(FormResponseSchema, "GET", `v1/countries/${enc(countryCode)}/${enc(form)}`, { query: { json_schema_version: version } })
    .then((r) => r.data);
