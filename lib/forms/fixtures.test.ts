import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileSchema } from "./ajv";
import { checkConditionals, checkRenders, checkValidBodies } from "./testing/conformance";
import { createFormModel, unwrapFormSchema, type FieldErrors, type FormValues } from "./index";

// Every real form schema of the provider (../shared/fixtures/forms) through the adapter: it
// renders (react-dom/server renderToString of the RJSF form), its const/enum conditionals show and
// hide the right fields in both branches, pruning drops forbidden fields, and a filled form gives
// a body that ajv accepts against the schema.

const FIXTURES = join(process.cwd(), "../shared/fixtures/forms");
const files = existsSync(FIXTURES) ? readdirSync(FIXTURES).filter((f) => f.endsWith(".json")).sort() : [];

/** ajv's verdict on a body against the whole schema (the contract of the real service). */
function ajvAccepts(schema: Record<string, unknown>) {
  return (body: FormValues): FieldErrors | null => {
    const validate = compileSchema(schema);
    return validate(body) ? null : { "": (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`) };
  };
}

describe.skipIf(files.length === 0)("form adapter over the provider's form fixtures", () => {
  it("finds the fixtures", () => {
    expect(files.length).toBeGreaterThanOrEqual(14);
  });

  describe.each(files)("%s", (file) => {
    const raw: unknown = JSON.parse(readFileSync(join(FIXTURES, file), "utf8"));
    const schema = unwrapFormSchema(raw);

    it("renders empty and filled", () => {
      const model = createFormModel(raw);
      checkRenders(schema, model.initialValues());
      const [body] = checkValidBodies(schema, ajvAccepts(schema), [0]);
      checkRenders(schema, body!);
    });

    it("shows and hides the fields of both branches of each const/enum conditional", () => {
      const reports = checkConditionals(schema);
      const skipped = reports.filter((r) => r.skipped);
      // Branches no answer can reach are listed, not hidden: there must be few.
      expect(skipped.length, JSON.stringify(skipped)).toBeLessThanOrEqual(Math.ceil(reports.length / 4));
    });

    it("gives bodies ajv accepts against the schema (two filled variants)", () => {
      checkValidBodies(schema, ajvAccepts(schema));
    });
  });
});

describe.runIf(files.length === 0)("form fixtures", () => {
  it.skip(`skipped: ${FIXTURES} is absent (the provider's form fixtures live in ../shared/fixtures/forms)`, () => {});
});
