import { describe, expect, it } from "vitest";
import { FORM_NAMES } from "@/lib/contract";
import { BUILT_IN_COUNTRIES } from "./countries";
import { exampleSection, listFormNames } from "./examples";
import { renderFormSchema } from "./render-form-schema";
import { compileSchema as compileFormSchema } from "@/lib/forms/ajv";
import { validateFormData } from "@/lib/forms/validate";

// Our own forms: they follow the dialect of DECISIONS.md, compile, and every example of every
// (country, form) is valid — across enough variants to take both sides of the conditionals.

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);
const VARIANTS = Array.from({ length: 12 }, (_, i) => i);
const INPUT_TYPES = new Set([
  "text",
  "textarea",
  "number",
  "money",
  "select",
  "radio",
  "checkbox",
  "date",
  "email",
  "tel",
  "time",
  "countries",
  "hidden",
  "fieldset",
  "file",
  "statement",
]);
const EXPECTED_COUNTRIES = ["PRT", "DEU", "FRA", "GBR", "ESP", "NLD", "USA", "BRA"];

const pairs = [...BUILT_IN_COUNTRIES].flatMap(([code, country]) =>
  FORM_NAMES.map((form) => ({ code, form, schema: country.forms[form].schema })),
);

/** Every node of a schema, with the path to it. */
function* walk(node: unknown, path: string[] = []): Generator<{ node: Schema; path: string[] }> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* walk(item, [...path, String(i)]);
    return;
  }
  if (!isObject(node)) return;
  yield { node, path };
  for (const [k, v] of Object.entries(node)) yield* walk(v, [...path, k]);
}

/** The object schemas of a form: the root and its fieldsets, i.e. where fields are declared. */
function* objectSchemas(schema: Schema, path: string[] = []): Generator<{ node: Schema; path: string[] }> {
  yield { node: schema, path };
  for (const [name, prop] of Object.entries((schema.properties as Schema | undefined) ?? {})) {
    if (isObject(prop) && isObject(prop.properties)) yield* objectSchemas(prop, [...path, name]);
  }
}

/** Branch subschemas (if/then/else, allOf) below an object schema, not descending into fields. */
function* branches(node: Schema): Generator<Schema> {
  for (const key of ["if", "then", "else"])
    if (isObject(node[key])) {
      yield node[key] as Schema;
      yield* branches(node[key] as Schema);
    }
  if (Array.isArray(node.allOf))
    for (const sub of node.allOf)
      if (isObject(sub)) {
        yield sub;
        yield* branches(sub);
      }
  if (Array.isArray(node.anyOf)) for (const sub of node.anyOf) if (isObject(sub)) yield sub;
}

describe("built-in countries", () => {
  it("are the eight countries, each with every form name", () => {
    expect([...BUILT_IN_COUNTRIES.keys()].sort()).toEqual([...EXPECTED_COUNTRIES].sort());
    for (const code of EXPECTED_COUNTRIES) expect(listFormNames(code)).toEqual([...FORM_NAMES]);
    expect(listFormNames("ITA")).toEqual([]);
  });
});

describe.each(pairs)("$code $form", ({ code, form, schema }) => {
  it("compiles and follows the dialect", () => {
    expect(() => compileFormSchema(schema)).not.toThrow();
    expect(JSON.stringify(schema)).not.toContain('"$ref"');
    expect(schema.type).toBe("object");

    for (const { node, path } of objectSchemas(schema)) {
      const where = path.join(".") || "(root)";
      const properties = node.properties as Schema;
      const names = Object.keys(properties);
      expect(node.additionalProperties, where).toBe(false);
      expect([...(node["x-jsf-order"] as string[])].sort(), `${where} x-jsf-order`).toEqual([...names].sort());
      for (const r of (node.required as string[] | undefined) ?? []) expect(names, `${where} required`).toContain(r);
      for (const [name, field] of Object.entries(properties)) {
        expect(isObject(field), `${where}.${name}`).toBe(true);
        const f = field as Schema;
        const inputType = (f["x-jsf-presentation"] as Schema | undefined)?.inputType;
        expect(INPUT_TYPES.has(String(inputType)), `${where}.${name} inputType ${String(inputType)}`).toBe(true);
        if (inputType === "money") {
          expect([f.type].flat(), `${where}.${name}`).toContain("integer");
          expect((f["x-jsf-presentation"] as Schema).currency, `${where}.${name} currency`).toMatch(/^[A-Z]{3}$/);
        }
        if (Array.isArray(f.oneOf)) {
          for (const option of f.oneOf as Schema[]) {
            expect("const" in option, `${where}.${name} option`).toBe(true);
            if (option.const !== null) expect(typeof option.title, `${where}.${name} option title`).toBe("string");
          }
        }
      }
      // Branches only speak of fields the object declares: a typo would silently never apply.
      for (const b of branches(node)) {
        for (const name of Object.keys((b.properties as Schema | undefined) ?? {}))
          expect(names, `${where} branch property`).toContain(name);
        for (const name of (b.required as string[] | undefined) ?? []) expect(names, `${where} branch required`).toContain(name);
      }
    }

    for (const set of Object.values((schema["x-jsf-fieldsets"] as Record<string, { propertiesByName: string[] }> | undefined) ?? {})) {
      for (const name of set.propertiesByName) expect(Object.keys(schema.properties as Schema)).toContain(name);
    }

    const logic = (schema["x-jsf-logic"] as Schema | undefined) ?? {};
    const validations = Object.keys((logic.validations as Schema | undefined) ?? {});
    const computed = Object.keys((logic.computedValues as Schema | undefined) ?? {});
    for (const { node } of walk(schema)) {
      for (const ref of (node["x-jsf-logic-validations"] as string[] | undefined) ?? []) expect(validations).toContain(ref);
      for (const [key, value] of Object.entries((node["x-jsf-logic-computedAttrs"] as Schema | undefined) ?? {})) {
        if (typeof value === "string" && !value.includes("{{")) expect(computed, key).toContain(value);
        if (typeof value === "string") for (const [, name] of value.matchAll(/\{\{(\w+)\}\}/g)) expect(computed).toContain(name);
      }
    }
  });

  it("examples are valid, deterministic, and fresh objects", () => {
    for (const v of VARIANTS) {
      const data = exampleSection(code, form, v);
      expect(validateFormData(schema, data), `variant ${v}: ${JSON.stringify(data)}`).toBeNull();
      expect(exampleSection(code, form, v)).toEqual(data);
    }
    const a = exampleSection(code, form, 0);
    a.mutated = true;
    expect(exampleSection(code, form, 0)).not.toHaveProperty("mutated");
  });

  it("examples take both sides of the top-level conditionals", () => {
    const data = VARIANTS.map((v) => exampleSection(code, form, v));
    for (const entry of (schema.allOf as Schema[] | undefined) ?? []) {
      if (!isObject(entry.if) || (!entry.then && !entry.else)) continue;
      const test = compileFormSchema(entry.if);
      const outcomes = new Set(data.map((d) => Boolean(test(d))));
      expect(outcomes.size, `${JSON.stringify(entry.if)} is always ${[...outcomes][0]}`).toBe(2);
    }
  });
});

describe("the set as a whole", () => {
  it("uses every part of the dialect", () => {
    const served = pairs.map((p) => renderFormSchema(p.schema, new Date(Date.UTC(2026, 0, 15))));
    const inputTypes = new Set<string>();
    const seen = new Set<string>();
    for (const schema of served) {
      if (schema["x-jsf-fieldsets"]) seen.add("x-jsf-fieldsets");
      if (Array.isArray(schema.anyOf)) seen.add("root anyOf");
      const logic = schema["x-jsf-logic"] as Schema | undefined;
      if (logic?.validations) seen.add("x-jsf-logic.validations");
      if (logic?.computedValues) seen.add("x-jsf-logic.computedValues");
      for (const { node } of walk(schema)) {
        const p = node["x-jsf-presentation"] as Schema | undefined;
        if (p && typeof p.inputType === "string") inputTypes.add(p.inputType);
        if (p?.statement) seen.add("presentation.statement");
        if (p?.minDate) seen.add("minDate");
        if (p?.maxDate) seen.add("maxDate");
        if (p?.direction) seen.add("direction");
        if (node["x-jsf-errorMessage"]) seen.add("x-jsf-errorMessage");
        if (node["x-jsf-logic-validations"]) seen.add("x-jsf-logic-validations");
        if (node["x-jsf-logic-computedAttrs"]) seen.add("x-jsf-logic-computedAttrs");
        if ("const" in node && "default" in node) seen.add("const with default");
        if (isObject(node.then) && isObject(node.then.if)) seen.add("nested if in then");
        if (isObject(node.else) && isObject(node.else.if)) seen.add("nested if in else");
        for (const b of ["then", "else"]) {
          const props = isObject(node[b]) ? ((node[b] as Schema).properties as Schema | undefined) : undefined;
          if (props && Object.values(props).some((v) => v === false)) seen.add("false subschema");
          if (props && Object.values(props).some((v) => isObject(v) && v["x-jsf-errorMessage"])) seen.add("errorMessage in a branch");
        }
        if (p?.inputType === "fieldset" && node.allOf) seen.add("fieldset with its own conditional");
      }
    }
    expect([...INPUT_TYPES].filter((t) => !inputTypes.has(t))).toEqual([]);
    expect(
      [
        "x-jsf-fieldsets",
        "root anyOf",
        "x-jsf-logic.validations",
        "x-jsf-logic.computedValues",
        "presentation.statement",
        "minDate",
        "maxDate",
        "direction",
        "x-jsf-errorMessage",
        "x-jsf-logic-validations",
        "x-jsf-logic-computedAttrs",
        "const with default",
        "nested if in then",
        "nested if in else",
        "false subschema",
        "errorMessage in a branch",
        "fieldset with its own conditional",
      ].filter((f) => !seen.has(f)),
    ).toEqual([]);
  });

  it("basic information examples are distinct people, with distinct e-mails across many variants", () => {
    for (const code of EXPECTED_COUNTRIES) {
      const emails = Array.from({ length: 24 }, (_, v) => exampleSection(code, "employment_basic_information", v).email);
      expect(new Set(emails).size, code).toBe(24);
    }
  });

  it("pricing plan details hold exactly the frequency of spec 2.1", () => {
    for (const code of EXPECTED_COUNTRIES) {
      const schema = BUILT_IN_COUNTRIES.get(code)!.forms.pricing_plan_details.schema;
      expect(Object.keys(schema.properties as Schema)).toEqual(["frequency"]);
      expect(validateFormData(schema, { frequency: "annually" })).toBeNull();
      expect(validateFormData(schema, { frequency: "monthly" })).toBeNull();
      expect(validateFormData(schema, { frequency: "weekly" })).toEqual({ frequency: ['must be one of: "monthly", "annually"'] });
    }
  });

  it("the billing address form, served alike to employees and contractors, names neither", () => {
    // The form endpoint takes a country and a form name, not an employment: its words must fit every type.
    for (const code of EXPECTED_COUNTRIES) {
      const text = JSON.stringify(BUILT_IN_COUNTRIES.get(code)!.forms.billing_address_details.schema);
      expect(text, code).not.toMatch(/\b(contractor|employee)/i);
    }
  });

  it("exampleSection refuses what does not exist", () => {
    expect(() => exampleSection("ITA", "contract_details")).toThrow(/ITA/);
    expect(() => exampleSection("PRT", "nope")).toThrow(/nope/);
    expect(() => exampleSection("PRT", "contract_details", -1)).toThrow(/variant/);
  });
});
