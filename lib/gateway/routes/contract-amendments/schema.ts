import "server-only";
import { ContractAmendmentSchemaQuerySchema, FormResponseSchema } from "@/lib/contract";
import { notFound, validationMessage } from "../../errors";
import { renderFormSchema } from "../../forms/render-form-schema";
import { defineRoute } from "../../route";
import { getEmploymentOrThrow } from "../../services/employments";
import { COMMON_ERRORS } from "../employments/scopes";
import { CONTRACT_AMENDMENT_READ } from "./scopes";

// GET /v1/contract-amendments/schema — the provider's path for the `contract_amendment` form of an
// employment's country (the same document as GET /v1/countries/{country_code}/contract_amendment).
// Registered before /v1/contract-amendments/{contract_amendment_id}, so `schema` is never taken for an id.
export const contractAmendmentSchemaRoute = defineRoute({
  method: "get",
  path: "/v1/contract-amendments/schema",
  operationId: "get_v1_contract_amendments_schema",
  summary: "Show contract amendment form schema",
  tag: "Contract amendments",
  auth: CONTRACT_AMENDMENT_READ,
  query: ContractAmendmentSchemaQuerySchema,
  responses: {
    200: { description: "The contract_amendment form's JSON Schema (x-jsf dialect)", schema: FormResponseSchema },
    404: { description: "Unknown employment or country, or unknown version of the form" },
    422: { description: "The country does not have this form" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query, principal }) => {
    const { forms, clock, db } = c.get("deps");
    await getEmploymentOrThrow(db, principal.companyId!, query.employment_id);
    const code = query.country_code.toUpperCase();
    if (!forms.getCountry(code)) throw notFound("Country");
    if (!forms.getForm(code, "contract_amendment")) throw validationMessage("Form not available for requested country");
    const requested = query.json_schema_version;
    const found = forms.getForm(
      code,
      "contract_amendment",
      requested === undefined || requested === "latest" ? "latest" : Number(requested),
    );
    if (!found) throw notFound("Form version");
    // A GATEWAY_FORMS_DIR file is served verbatim: its own text inside the envelope.
    if (found.source !== undefined) return c.body(`{"data":${found.source}}`, 200, { "content-type": "application/json" });
    return c.json(FormResponseSchema.parse({ data: renderFormSchema(found.schema, clock.now()) }));
  },
});
