import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { JsonSchema } from "./types";

// One ajv for the adapter (conditions and validation), configured as the API's validator is:
// draft-07, every error, the x-jsf-* keywords let through (strict: false), formats of ajv-formats
// plus `data-url` for file fields.

export const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, logger: false });
addFormats(ajv);
ajv.addFormat("data-url", /^data:[a-z]+\/[a-z0-9.+-]+(;[a-z0-9-]+=[^;,]*)*;base64,[a-z0-9+/]*={0,2}$/i);

const compiled = new WeakMap<object, ValidateFunction>();
const TRUE = ajv.compile(true);
const FALSE = ajv.compile(false);

/** A schema compiled once per object identity. */
export function compileSchema(schema: JsonSchema | boolean): ValidateFunction {
  if (schema === true) return TRUE;
  if (schema === false) return FALSE;
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    compiled.set(schema, fn);
  }
  return fn;
}

/** ajv's verdict on `value` against a subschema (a schema that cannot compile never matches); the engine itself judges conditions with ./condition. */
export function matchesSchema(schema: unknown, value: unknown): boolean {
  if (typeof schema === "boolean") return schema;
  if (typeof schema !== "object" || schema === null) return false;
  try {
    return Boolean(compileSchema(schema as JsonSchema)(value));
  } catch {
    return false;
  }
}
