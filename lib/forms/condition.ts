import { Validator } from "@cfworker/json-schema";
import type { JsonSchema } from "./types";

// Whether a value satisfies a subschema: the `if` of a conditional (resolve.ts, on every render of
// a form) and RJSF's option matching. An interpreting validator (@cfworker/json-schema, draft-07,
// about 7 KB gzip) rather than ajv, whose code generator and formats (about 40 KB gzip) the form
// routes load only once the page is up, for the error messages (components/forms/country-form.tsx,
// docs/decisions/forms-engine.md). Its verdict agrees with ajv's on every conditional of the
// provider's forms (condition.test.ts).

const validators = new WeakMap<object, Validator>();

/** Whether `value` satisfies `schema` (a schema that cannot be read never matches). */
export function conditionHolds(schema: unknown, value: unknown): boolean {
  if (typeof schema === "boolean") return schema;
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return false;
  try {
    let validator = validators.get(schema);
    if (!validator) {
      // The validator marks the schema's nodes as it reads them: it gets a copy (forms may be frozen).
      validator = new Validator(structuredClone(schema) as JsonSchema, "7", true);
      validators.set(schema, validator);
    }
    return validator.validate(value).valid;
  } catch {
    return false;
  }
}
