import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateFormData } from "@/lib/forms/validate";

// The real provider's form schemas (shared fixtures, test-only: they are never copied into the
// project) go through our validator: whatever is submitted, it answers with field errors and
// never throws.

const FIXTURES = "/work/shared/fixtures/forms";
const files = existsSync(FIXTURES)
  ? readdirSync(FIXTURES)
      .filter((f) => f.endsWith(".json"))
      .sort()
  : [];

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

/** `{data: schema}`, `{data: {schema}}` or a bare schema. */
function unwrap(json: unknown): Schema {
  if (isObject(json) && isObject(json.data)) {
    const data = json.data;
    return isObject(data.schema) ? data.schema : data;
  }
  if (!isObject(json)) throw new Error("not a JSON object");
  return json;
}

/** A value of the wrong kind for every declared field, nested objects included, plus an unknown field. */
function garbageFor(schema: Schema, depth = 0): Schema {
  const out: Schema = { __unknown_field__: { nested: true } };
  for (const [name, field] of Object.entries((schema.properties as Schema | undefined) ?? {})) {
    const types = isObject(field) ? [field.type].flat() : [];
    if (types.includes("object") && isObject(field) && depth < 3) out[name] = garbageFor(field, depth + 1);
    else if (types.includes("string")) out[name] = 12345;
    else if (types.includes("array")) out[name] = "not-an-array";
    else if (types.includes("integer") || types.includes("number")) out[name] = "1,024.50";
    else if (types.includes("boolean")) out[name] = "yes";
    else out[name] = [{ garbage: null }];
  }
  return out;
}

describe("provider form fixtures through the validator", () => {
  if (files.length === 0) {
    it.skip(`fixtures folder ${FIXTURES} is absent: skipping the provider schemas`, () => {});
    console.warn(`[forms] ${FIXTURES} not found: the provider fixture test is skipped`);
    return;
  }

  it.each(files)("%s: empty, garbage and wrong-typed bodies give field errors without throwing", (file) => {
    const schema = unwrap(JSON.parse(readFileSync(path.join(FIXTURES, file), "utf8")));
    const required = (schema.required as string[] | undefined) ?? [];

    const empty = validateFormData(schema, {});
    if (required.length > 0) {
      expect(empty).not.toBeNull();
      for (const name of required) expect(empty?.[name], `${file}: ${name}`).toContain("is required");
    }

    const garbage = validateFormData(schema, garbageFor(schema));
    expect(garbage).not.toBeNull();
    expect(garbage?.__unknown_field__).toEqual(["is not allowed"]);
    for (const messages of Object.values(garbage ?? {})) {
      expect(messages.length).toBeGreaterThan(0);
      for (const m of messages) expect(typeof m).toBe("string");
    }

    for (const body of [null, "text", 42, [], { __proto__: null }]) expect(() => validateFormData(schema, body)).not.toThrow();
  });
});
