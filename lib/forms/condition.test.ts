import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { getDefaultFormRegistry, renderFormSchema } from "@/lib/gateway/forms";
import { levelValues, listConditionals, satisfying, violating } from "@/test-support/forms/conditions";
import { LEAVE_EMPTY } from "@/test-support/forms/generate";
import { valueSets } from "@/test-support/forms/value-sets";
import { matchesSchema } from "./ajv";
import { conditionHolds } from "./condition";
import type { FormValues, JsonSchema } from "./types";
import { unwrapFormSchema } from "./unwrap";

// The engine judges `if` with @cfworker/json-schema (./condition) so that the browser does not load
// ajv to render a form; the API's validation judges the same `if` inside ajv. Both must agree on
// every conditional of every form: the provider's (../shared/fixtures/forms) and the API's own,
// on the value sets of the adapter's conformance tests and on answers made for and against each test.

const FIXTURES = join(process.cwd(), "../shared/fixtures/forms");
const fixtureForms = existsSync(FIXTURES)
  ? readdirSync(FIXTURES)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => ({ name: f, schema: unwrapFormSchema(JSON.parse(readFileSync(join(FIXTURES, f), "utf8"))) }))
  : [];

const registry = await getDefaultFormRegistry();
const apiForms = registry.listCountries().flatMap((country) =>
  registry.listFormNames(country.code).flatMap((form) => {
    const stored = registry.getForm(country.code, form);
    return stored ? [{ name: `${country.code} ${form}`, schema: renderFormSchema(stored.schema as JsonSchema, new Date()) }] : [];
  }),
);

/** Answers (dotted path → value, LEAVE_EMPTY for absent) applied to a level's values. */
function withAnswers(base: FormValues, objectPath: string, answers: Record<string, unknown>): FormValues {
  const out: FormValues = { ...levelValues(base, objectPath) };
  for (const [path, value] of Object.entries(answers)) {
    const name = objectPath ? path.slice(objectPath.length + 1) : path;
    if (name.includes(".")) continue;
    if (value === LEAVE_EMPTY) delete out[name];
    else out[name] = value;
  }
  return out;
}

function disagreements(schema: JsonSchema) {
  const out: string[] = [];
  let holds = 0;
  let fails = 0;
  const sets = valueSets(schema, { limit: 200 });
  for (const c of listConditionals(schema)) {
    const candidates: FormValues[] = sets.map((s) => levelValues(s.values, c.objectPath));
    for (const answers of [...satisfying(schema, c.objectPath, c.test), ...violating(schema, c.objectPath, c.test)])
      candidates.push(withAnswers(sets[0]?.values ?? {}, c.objectPath, answers));
    for (const values of candidates) {
      const ajv = matchesSchema(c.test, values);
      if (ajv) holds++;
      else fails++;
      if (conditionHolds(c.test, values) !== ajv) out.push(`${c.where}: ajv ${ajv} on ${JSON.stringify(values)}`);
    }
  }
  return { out, holds, fails };
}

describe("conditionHolds agrees with ajv", () => {
  it.each([...fixtureForms, ...apiForms].map((f) => [f.name, f.schema] as const))("on every conditional of %s", (_name, schema) => {
    const { out, holds, fails } = disagreements(schema);
    expect(out.slice(0, 5)).toEqual([]);
    // The sets drive each form's conditions both ways (a form without conditionals has neither).
    if (listConditionals(schema).length) {
      expect(holds).toBeGreaterThan(0);
      expect(fails).toBeGreaterThan(0);
    }
  });

  it("covers the API's forms", () => {
    expect(apiForms.length).toBeGreaterThan(0);
  });

  it.each([
    [{ properties: { a: { const: "yes" } }, required: ["a"] }, [{ a: "yes" }, { a: "no" }, {}, { a: null }]],
    [{ properties: { n: { type: "integer", minimum: 3 } } }, [{ n: 3 }, { n: 2 }, { n: 3.5 }, { n: "3" }, {}]],
    [{ properties: { s: { maxLength: 2 } } }, [{ s: "ab" }, { s: "abc" }, { s: "😀😀" }]],
    [{ properties: { d: { format: "date" } } }, [{ d: "2026-02-28" }, { d: "2026-02-30" }, { d: "nope" }]],
    [{ properties: { o: { const: { x: [1, 2] } } } }, [{ o: { x: [1, 2] } }, { o: { x: [2, 1] } }]],
    [{ anyOf: [{ required: ["a"] }, { required: ["b"] }] }, [{ a: 1 }, { b: 1 }, {}]],
    [{ not: { properties: { a: { enum: ["x", "y"] } } } }, [{ a: "x" }, { a: "z" }]],
    [true, [{}]],
    [false, [{}]],
  ] as const)("on %j", (schema, values) => {
    for (const v of values) expect(conditionHolds(schema, v), JSON.stringify(v)).toBe(matchesSchema(schema, v));
  });
});
