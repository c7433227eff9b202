import { bffHandler } from "@/lib/console/server/bff";
import { ApiRequestError } from "@/lib/console/api-errors";
import { FORM_NAMES } from "@/lib/contract";
import { getForm } from "@/lib/console/server/countries/api";

// GET /api/bff/countries/{code}/{form} — a country form's JSON Schema (GET /v1/countries/{code}/{form}),
// answered as the schema itself. Only the form names of the contract pass (an allow-list).
export const GET = bffHandler(async ({ api, req, params }) => {
  const code = params.code ?? "";
  const form = params.form ?? "";
  if (!(FORM_NAMES as readonly string[]).includes(form)) {
    throw new ApiRequestError({ kind: "not_found", status: 404, message: `Unknown form "${form}"`, requestId: null });
  }
  const version = req.nextUrl.searchParams.get("json_schema_version");
  return getForm(api, code, form, version && /^[0-9]+$/.test(version) ? Number(version) : undefined);
});
