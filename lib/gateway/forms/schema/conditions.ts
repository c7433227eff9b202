import type { JsonSchema } from "./fields";

// Conditionals of the dialect: `allOf` entries of `if/then/else`, where the `if` tests a field's
// value (and requires it, so an absent answer takes the `else` branch) and a branch forbids the
// fields it hides with a boolean `false` subschema.

/** `if` test: the field is present and equals `value` (or one of `value` when an array). */
export function fieldIs(name: string, value: string | number | boolean | readonly (string | number)[]): JsonSchema {
  const test = Array.isArray(value) ? { enum: [...value] } : { const: value };
  return { properties: { [name]: test }, required: [name] };
}

/** A branch that forbids fields: any value, null included, is "not allowed". */
export function forbid(...names: string[]): JsonSchema {
  return { properties: Object.fromEntries(names.map((n) => [n, false])) };
}

/** A branch that requires fields. */
export function requires(...names: string[]): JsonSchema {
  return { required: names };
}

/** Merges branch parts: properties and required lists add up, later keywords win. */
export function branch(...parts: JsonSchema[]): JsonSchema {
  const out: JsonSchema = {};
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const allOf: unknown[] = [];
  for (const part of parts) {
    for (const [k, v] of Object.entries(part)) {
      if (k === "properties") Object.assign(properties, v);
      else if (k === "required") required.push(...(v as string[]));
      else if (k === "allOf") allOf.push(...(v as unknown[]));
      else out[k] = v;
    }
  }
  if (Object.keys(properties).length) out.properties = properties;
  if (required.length) out.required = [...new Set(required)];
  if (allOf.length) out.allOf = allOf;
  return out;
}

/** Overrides of some fields' keywords inside a branch, e.g. `{annual_gross_salary: {minimum: 1218000}}`. */
export function refine(fields: Record<string, JsonSchema>): JsonSchema {
  return { properties: fields };
}

export function ifThenElse(test: JsonSchema, then?: JsonSchema, otherwise?: JsonSchema): JsonSchema {
  return { if: test, ...(then ? { then } : {}), ...(otherwise ? { else: otherwise } : {}) };
}

/** When `name` equals `value`, `fields` are required; otherwise they are forbidden. */
export function requiredWhen(
  name: string,
  value: string | number | boolean | readonly (string | number)[],
  fields: string[],
  extra?: { then?: JsonSchema; else?: JsonSchema },
): JsonSchema {
  return ifThenElse(fieldIs(name, value), branch(requires(...fields), extra?.then ?? {}), branch(forbid(...fields), extra?.else ?? {}));
}
