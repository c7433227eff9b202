import { describe, expect, it } from "vitest";
import * as gatewayForms from "@/lib/gateway/forms";
import { FORM_NAMES, type FormName } from "@/lib/contract";
import { checkConditionals, checkRenders, checkValidBodies } from "./testing/conformance";
import { createFormModel, settleForm, validateFormValues, type FormValues, type JsonSchema } from "./index";

// Every form the API serves (the gateway's form registry, as GET /v1/countries/{code}/{form}
// renders it today) through the adapter: it renders, its const/enum conditionals show and hide
// the right fields in both branches, and filled forms — the registry's own example sections and
// forms filled by the generator — give bodies that the API's validator accepts (null).

const registry = await gatewayForms.getDefaultFormRegistry();
const exampleSection = (gatewayForms as { exampleSection?: (code: string, form: string, variant?: number) => Record<string, unknown> }).exampleSection;
const render = (gatewayForms as { renderFormSchema?: (schema: JsonSchema, today: Date) => JsonSchema }).renderFormSchema ?? ((s: JsonSchema) => s);

function formsOf(code: string): FormName[] {
  const listed = typeof registry.listFormNames === "function" ? registry.listFormNames(code) : FORM_NAMES.filter((f) => registry.getForm(code, f));
  return listed.filter((f): f is FormName => (FORM_NAMES as readonly string[]).includes(f));
}

const cases = registry.listCountries().flatMap((country) => formsOf(country.code).map((form) => ({ code: country.code, form })));

describe.skipIf(cases.length === 0)("form adapter over every form the API serves", () => {
  it("covers every country and form of the registry", () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  describe.each(cases)("$code $form", ({ code, form }) => {
    const stored = registry.getForm(code, form)!.schema as JsonSchema;
    const schema = render(stored, new Date());
    const accept = (body: FormValues) => registry.validate(code, form, body);

    it("renders empty and filled", () => {
      checkRenders(schema, createFormModel(schema).initialValues());
      if (exampleSection) checkRenders(schema, exampleSection(code, form, 0));
    });

    it("shows and hides the fields of both branches of each const/enum conditional", () => {
      const reports = checkConditionals(schema, exampleSection?.(code, form, 0));
      const skipped = reports.filter((r) => r.skipped);
      expect(skipped.length, JSON.stringify(skipped)).toBeLessThanOrEqual(Math.ceil(reports.length / 4));
    });

    it.runIf(Boolean(exampleSection))("keeps what the API's example sections need when pruning (the API accepts the body)", () => {
      for (const variant of [0, 1, 2, 3]) {
        const example = exampleSection!(code, form, variant);
        const { body } = settleForm(schema, createFormModel(schema).initialValues(example));
        expect(accept(body), `variant ${variant}: ${JSON.stringify(body).slice(0, 300)}`).toBeNull();
        // Pruning never invents or drops a value the example gave for a field the body keeps.
        for (const [k, v] of Object.entries(body)) if (k in example) expect(v, k).toEqual(example[k]);
      }
    });

    it("gives bodies of filled forms that the API accepts", () => {
      // Filled from the API's example data where it has some (identifiers such as an IBAN are
      // country-specific), the generator filling the rest.
      checkValidBodies(schema, accept, [0, 1], exampleSection ? (v) => exampleSection(code, form, v) : undefined);
    });

    it("reports no blocking error on the API's example sections", () => {
      if (!exampleSection) return;
      const example = exampleSection(code, form, 0);
      expect(validateFormValues(schema, createFormModel(schema).initialValues(example))).toBeNull();
    });
  });
});

describe.runIf(cases.length === 0)("forms the API serves", () => {
  it.skip("skipped: the gateway's form registry (getDefaultFormRegistry) lists no country yet", () => {});
});
