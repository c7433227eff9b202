import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileSchema } from "./ajv";
import {
  checkConditionals,
  checkRenders,
  checkValidBodies,
  expectOnlyAllowedGaps,
  type AllowedGap,
} from "@/test-support/forms/conformance";
import type { Answers } from "@/test-support/forms/conditions";
import { createFormModel, unwrapFormSchema, type FieldErrors, type FormValues } from "./index";

// Every real form schema of the provider (../shared/fixtures/forms) through the adapter: it
// renders (react-dom/server renderToString of the RJSF form), every `if/then/else` is driven into
// both branches and each branch's implications are checked (required fields shown and required,
// forbidden fields hidden and pruned, forced values applied, refinements in force, the other
// branch's lifted), and a filled form gives a body that ajv accepts against the schema.

const FIXTURES = join(process.cwd(), "../shared/fixtures/forms");
const files = existsSync(FIXTURES)
  ? readdirSync(FIXTURES)
      .filter((f) => f.endsWith(".json"))
      .sort()
  : [];

/**
 * Branches no answer can reach. Most test a field the provider's schema fixes (`const` with an
 * equal `default`): the branch is kept in the schema but the country allows one answer only.
 */
const FIXED = (field: string, value: string, why: string): AllowedGap => ({ unreachable: true, because: `${field} to "${value}"`, why });
const ALLOWED_GAPS: Record<string, Record<string, AllowedGap>> = {
  "DEU-contract_details.json": {
    "allOf/2 else": FIXED("contract_duration_type", "fixed_term", "AUG employment in Germany is fixed-term only (at most 18 months)"),
  },
  "DEU-employment_basic_information.json": {
    "allOf/0 then": FIXED("has_seniority_date", "no", "previous seniority cannot be recognised in Germany"),
  },
  "FRA-employment_basic_information.json": {
    "allOf/0 then": FIXED("has_seniority_date", "no", "previous seniority cannot be recognised in France"),
  },
  "GBR-contract_details.json": {
    "allOf/7 then": FIXED("compensation_currency_code", "GBP", "this schema pays in GBP only: the USD branches are unused"),
    "allOf/11 then": FIXED("compensation_currency_code", "GBP", "this schema pays in GBP only: the USD branches are unused"),
    "allOf/12 then": FIXED("compensation_currency_code", "GBP", "this schema pays in GBP only: the USD branches are unused"),
    "allOf/13 then": FIXED("compensation_currency_code", "GBP", "this schema pays in GBP only: the USD branches are unused"),
  },
  "FRA-contract_details.json": {
    "allOf/19/then/allOf/0/else/allOf/0 else": {
      unreachable: true,
      why: "recommended probation on a contract that is not fixed-term: contract_end_date is forbidden (allOf/4), so the computed probation_length_maximum_months is 4, probation_length is forced to 4 and allOf/20 forces has_probation_period to yes",
    },
  },
};

/** Answers for branches that only computed values reach (the solver knows `if` subschemas, not JSON Logic). */
const HINTS: Record<string, Record<string, Answers>> = {
  "FRA-contract_details.json": {
    // A fixed-term contract ending within a week of the schema's start date: 0 recommended probation days → no probation.
    "allOf/19/then/allOf/0/then/allOf/0 else": { contract_end_date: "2026-09-05" },
    // A custom probation of 0 months → no probation period (allOf/20's `anyOf` fails).
    "allOf/20 else": { probation_length_recommended: "custom", probation_length: 0 },
  },
};

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

  it("lists gaps and hints only for fixtures that exist", () => {
    for (const file of [...Object.keys(ALLOWED_GAPS), ...Object.keys(HINTS)]) expect(files).toContain(file);
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

    it("drives every if/then/else into both branches and shows, hides, prunes and forces what each branch implies", () => {
      const reports = checkConditionals(schema, { hints: HINTS[file] });
      expectOnlyAllowedGaps(reports, ALLOWED_GAPS[file] ?? {});
    });

    it("gives bodies ajv accepts against the schema (two filled variants)", () => {
      checkValidBodies(schema, ajvAccepts(schema));
    });
  });
});

// Defined only when the folder is really absent, so a run with the fixtures reports nothing skipped.
if (files.length === 0) {
  describe("form fixtures", () => {
    it.skip(`skipped: ${FIXTURES} is absent (the provider's form fixtures live in ../shared/fixtures/forms)`, () => {});
  });
}
