import "server-only";
import { BadRequestErrorSchema, FormQuerySchema, FormResponseSchema, MessageErrorSchema } from "@/lib/contract";
import { notFound, validationMessage } from "../../errors";
import { renderFormSchema } from "../../forms/render-form-schema";
import { defineRoute } from "../../route";

export const showFormRoute = defineRoute({
  method: "get",
  path: "/v1/countries/{country_code}/{form}",
  operationId: "get_v1_countries_country_code_form",
  summary: "Show form schema",
  tag: "Countries",
  auth: { kind: "scoped", scopes: ["form:read", "country:read"] },
  query: FormQuerySchema,
  responses: {
    200: { description: "The form's JSON Schema (x-jsf dialect)", schema: FormResponseSchema },
    400: { description: "json_schema_version is neither an integer nor 'latest'", schema: BadRequestErrorSchema },
    401: { description: "Missing or invalid token", schema: MessageErrorSchema },
    403: { description: "The token lacks form:read and country:read", schema: MessageErrorSchema },
    404: { description: "Unknown country code (alpha-3 expected), or unknown version of the form", schema: MessageErrorSchema },
    422: { description: "The country does not have this form", schema: MessageErrorSchema },
    429: { description: "Rate limit exceeded", schema: MessageErrorSchema },
  },
  // GET /v1/countries/{country_code}/{form}: a country's form schema, latest or a given version.
  handler: (c, { params, query }) => {
    const { forms, clock } = c.get("deps");
    const code = params.country_code ?? "";
    const form = params.form ?? "";
    if (!forms.getCountry(code)) throw notFound("Country");
    if (!forms.getForm(code, form)) throw validationMessage("Form not available for requested country");
    const requested = query?.json_schema_version;
    const found = forms.getForm(code, form, requested === undefined || requested === "latest" ? "latest" : Number(requested));
    if (!found) throw notFound("Form version");
    // A GATEWAY_FORMS_DIR file is served verbatim: its own text inside the envelope.
    if (found.source !== undefined) return c.body(`{"data":${found.source}}`, 200, { "content-type": "application/json" });
    // Date bounds such as the earliest start date of our own forms depend on the day they are served.
    return c.json(FormResponseSchema.parse({ data: renderFormSchema(found.schema, clock.now()) }));
  },
});
