import { isObject, type JsonSchema } from "./types";

/**
 * The form schema inside what the API (or a fixture) gives: `{data: schema}` (the API's answer),
 * `{data: {version, schema}}` (versioned answers), `{schema}`, or the bare schema.
 * Throws when no object schema with `properties` is found.
 */
export function unwrapFormSchema(raw: unknown): JsonSchema {
  let node: unknown = raw;
  for (let depth = 0; depth < 3 && isObject(node) && !isObject(node.properties); depth++) {
    if (isObject(node.data)) node = node.data;
    else if (isObject(node.schema)) node = node.schema;
    else break;
  }
  if (!isObject(node) || !isObject(node.properties)) throw new Error("Not a form schema: expected an object schema with properties");
  return node;
}
