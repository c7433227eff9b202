import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CountrySchema, FORM_NAMES } from "@/lib/contract";
import { ApiError } from "../errors";
import { createFormRegistry, FormsDirError } from "./create-form-registry";
import { exampleSection } from "./examples";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A temporary GATEWAY_FORMS_DIR holding the given files (objects are written as JSON). */
function formsDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "roster-forms-"));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files))
    writeFileSync(path.join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
  return dir;
}

const SMALL_FORM = {
  type: "object",
  additionalProperties: false,
  properties: { note: { type: "string", title: "Note", maxLength: 5, "x-jsf-presentation": { inputType: "text" } } },
  required: ["note"],
  "x-jsf-order": ["note"],
};

describe("createFormRegistry: built-in forms", () => {
  const registry = createFormRegistry();

  it("lists the eight countries sorted by name, as spec 2.2 countries", () => {
    const countries = registry.listCountries();
    expect(countries.map((c) => c.name)).toEqual([
      "Brazil",
      "France",
      "Germany",
      "Netherlands",
      "Portugal",
      "Spain",
      "United Kingdom",
      "United States",
    ]);
    for (const c of countries) {
      expect(CountrySchema.strict().parse(c)).toEqual(c);
      expect(c.supported_json_schemas).toEqual([...FORM_NAMES]);
      expect(c.eor_onboarding).toBe(true);
      expect(c.country_subdivisions?.length).toBeGreaterThan(0);
    }
    const prt = registry.getCountry("PRT")?.country;
    expect(prt).toMatchObject({
      alpha_2_code: "PT",
      code: "PRT",
      name: "Portugal",
      region: "Europe",
      subregion: "Southern Europe",
      contractor_products_available: ["standard", "plus", "cor"],
    });
    expect(prt?.country_subdivisions).toContainEqual({ code: "PT-11", name: "Lisboa", subdivision_type: "District" });
    expect(registry.getCountry("USA")?.country.country_subdivisions).toHaveLength(51);
    expect(registry.getCountry("GBR")?.country).toMatchObject({ alpha_2_code: "GB", subregion: "Northern Europe" });
  });

  it("a copy of the list each time, and frozen schemas", () => {
    const list = registry.listCountries();
    list.pop();
    expect(registry.listCountries()).toHaveLength(8);
    const form = registry.getForm("PRT", "contract_details");
    expect(Object.isFrozen(form?.schema)).toBe(true);
    expect(Object.isFrozen(form?.schema.properties)).toBe(true);
  });

  it("serves each form as version 1; unknown pairs and versions are undefined", () => {
    expect(registry.getForm("PRT", "contract_details")?.version).toBe(1);
    expect(registry.getForm("PRT", "contract_details", 1)?.version).toBe(1);
    expect(registry.getForm("PRT", "contract_details", 2)).toBeUndefined();
    expect(registry.getForm("PRT", "favourite_food")).toBeUndefined();
    expect(registry.getForm("PT", "contract_details")).toBeUndefined();
    expect(registry.listFormNames("DEU")).toEqual([...FORM_NAMES]);
    expect(registry.listFormNames("ITA")).toEqual([]);
  });

  it("validates against the latest version and throws the API's errors for unknown pairs", () => {
    expect(registry.validate("FRA", "contract_details", exampleSection("FRA", "contract_details", 1))).toBeNull();
    expect(registry.validate("FRA", "pricing_plan_details", {})).toEqual({ frequency: ["is required"] });
    const unknownCountry = (() => {
      try {
        registry.validate("ITA", "contract_details", {});
      } catch (e) {
        return e;
      }
    })();
    expect(unknownCountry).toBeInstanceOf(ApiError);
    expect(unknownCountry).toMatchObject({ status: 404, body: { message: "Country not found" } });
    expect(() => registry.validate("PRT", "nope" as never, {})).toThrow(
      expect.objectContaining({ status: 422, body: { message: "Form not available for requested country" } }),
    );
  });
});

describe("createFormRegistry: GATEWAY_FORMS_DIR", () => {
  it("a file overrides a built-in form as a new latest version; the built-in stays reachable", () => {
    const registry = createFormRegistry({ formsDir: formsDir({ "PRT.contract_details.json": SMALL_FORM, "README.md": "not a schema" }) });
    // Served verbatim: the file's own text is kept beside the parsed schema.
    expect(registry.getForm("PRT", "contract_details")).toEqual({ version: 2, schema: SMALL_FORM, source: JSON.stringify(SMALL_FORM) });
    expect(registry.getForm("PRT", "contract_details", "latest")?.version).toBe(2);
    expect(registry.getForm("PRT", "contract_details", 1)?.schema.properties).toHaveProperty("annual_gross_salary");
    // validate() follows the latest version.
    expect(registry.validate("PRT", "contract_details", { note: "hi" })).toBeNull();
    expect(registry.validate("PRT", "contract_details", { note: "too long" })).toEqual({ note: ["must be at most 5 characters long"] });
    expect(registry.getCountry("PRT")?.country.supported_json_schemas).toEqual([...FORM_NAMES]);
    // Other countries are untouched.
    expect(registry.getForm("ESP", "contract_details")?.version).toBe(1);
  });

  it("a file for a country the API does not list adds that country, with only that form", () => {
    const registry = createFormRegistry({
      formsDir: formsDir({ "ITA.address_details.json": SMALL_FORM, "ITA.pricing_plan_details.json": SMALL_FORM }),
    });
    const ita = registry.getCountry("ITA")?.country;
    expect(ita).toEqual({
      alpha_2_code: "IT",
      code: "ITA",
      name: "Italy",
      region: "Europe",
      subregion: "Southern Europe",
      contractor_products_available: [],
      country_subdivisions: null,
      employment_agreement_preview_available: false,
      eor_onboarding: false,
      supported_json_schemas: ["address_details", "pricing_plan_details"],
    });
    expect(CountrySchema.parse(ita)).toBeTruthy();
    expect(registry.listCountries().map((c) => c.code)).toEqual(["BRA", "FRA", "DEU", "ITA", "NLD", "PRT", "ESP", "GBR", "USA"]);
    expect(registry.getForm("ITA", "address_details")).toEqual({ version: 1, schema: SMALL_FORM, source: JSON.stringify(SMALL_FORM) });
    expect(registry.getForm("ITA", "contract_details")).toBeUndefined();
    expect(registry.listFormNames("ITA")).toEqual(["address_details", "pricing_plan_details"]);
  });

  it.each([
    ["XXX.address_details.json", SMALL_FORM, /XXX\.address_details\.json: unknown country code "XXX"/],
    ["prt.address_details.json", SMALL_FORM, /prt\.address_details\.json: unknown country code/],
    ["PRT.favourite_food.json", SMALL_FORM, /PRT\.favourite_food\.json: unknown form "favourite_food"/],
    ["notes.json", SMALL_FORM, /notes\.json: expected a file name <ALPHA3>\.<form>\.json/],
    ["PRT.address_details.json", "{ not json", /PRT\.address_details\.json: invalid JSON/],
    ["PRT.address_details.json", "[1, 2]", /PRT\.address_details\.json: must hold a JSON Schema object/],
    ["PRT.address_details.json", { data: SMALL_FORM }, /PRT\.address_details\.json: looks like an API response/],
    ["PRT.address_details.json", { ...SMALL_FORM, type: "array" }, /PRT\.address_details\.json: a form schema must have "type": "object"/],
    [
      "PRT.address_details.json",
      { ...SMALL_FORM, properties: { a: { type: "text" } } },
      /PRT\.address_details\.json: not a valid JSON Schema/,
    ],
  ])("fails at start naming the file: %s", (name, content, message) => {
    const dir = formsDir({ [name]: content });
    expect(() => createFormRegistry({ formsDir: dir })).toThrow(FormsDirError);
    expect(() => createFormRegistry({ formsDir: dir })).toThrow(message);
  });

  it("a form whose logic names an unknown operation loads: those rules are skipped, with one warning; the others still validate", () => {
    const text = `${JSON.stringify(
      {
        ...SMALL_FORM,
        properties: {
          ...SMALL_FORM.properties,
          days: {
            type: "integer",
            "x-jsf-logic-validations": ["on_tuesdays", "positive"],
            "x-jsf-logic-computedAttrs": { maximum: "cap" },
          },
        },
        "x-jsf-order": ["note", "days"],
        "x-jsf-logic": {
          validations: {
            on_tuesdays: { rule: { is_tuesday: [{ var: "days" }] }, errorMessage: "Only on Tuesdays" },
            positive: { rule: { ">": [{ var: "days" }, 0] }, errorMessage: "Must be positive" },
          },
          computedValues: { cap: { rule: { "+": [{ frobnicate: [] }, 10] } } },
        },
      },
      null,
      2,
    )}\n`;
    const registry = createFormRegistry({
      formsDir: formsDir({ "PRT.contract_details.json": text, "PRT.address_details.json": SMALL_FORM }),
    });
    expect(registry.warnings).toEqual([
      'GATEWAY_FORMS_DIR: PRT.contract_details.json: PRT contract_details: 2 JSON Logic rules skipped (unknown operation): validations.on_tuesdays uses "is_tuesday"; computedValues.cap uses "frobnicate"',
    ]);
    expect(registry.getForm("PRT", "contract_details")?.source).toBe(text);
    // The skipped rule and the skipped bound do not judge; the other rule does.
    expect(registry.validate("PRT", "contract_details", { note: "a", days: 400 })).toBeNull();
    expect(registry.validate("PRT", "contract_details", { note: "a", days: -1 })).toEqual({ days: ["Must be positive"] });
  });

  it("a missing folder fails at start", () => {
    expect(() => createFormRegistry({ formsDir: path.join(tmpdir(), "roster-no-such-forms-dir") })).toThrow(
      /roster-no-such-forms-dir: is not a directory/,
    );
  });

  it("accepts a provider schema with the dialect's logic", () => {
    const withLogic = {
      ...SMALL_FORM,
      properties: { ...SMALL_FORM.properties, start: { type: "string", format: "date", "x-jsf-logic-validations": ["future"] } },
      "x-jsf-order": ["note", "start"],
      "x-jsf-logic": {
        validations: {
          future: { rule: { ">": [{ date_diff: [{ today: [] }, { var: "start" }, "days"] }, 0] }, errorMessage: "Must be in the future" },
        },
      },
    };
    const registry = createFormRegistry({ formsDir: formsDir({ "DEU.employment_document_details.json": withLogic }) });
    expect(registry.validate("DEU", "employment_document_details", { note: "a", start: "2000-01-01" })).toEqual({
      start: ["Must be in the future"],
    });
  });
});
