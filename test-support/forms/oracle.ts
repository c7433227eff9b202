import { createHeadlessForm } from "@remoteoss/remote-json-schema-form-kit";
import { asArray, cloneJson, isObject, type FieldErrors, type FormValues, type JsonSchema } from "@/lib/forms/types";

// Test support: the provider's own form engine as an oracle. `@remoteoss/remote-json-schema-form-kit`
// is the provider's wrapper of `@remoteoss/json-schema-form` (v1) with its JSON Logic operations
// (the date family); it is used as the provider's SDK uses it (`nextVersion`), with the engine's
// strict defaults instead of the SDK's UI leniencies (`treatNullAsUndefined`,
// `allowForbiddenValues`): the API judges a submitted body, where a null or a forbidden field is
// sent on purpose.
//
// One adjustment, for a fix the provider made after the version on the registry here: up to
// 1.2.11 the engine skips the string and number keywords (maxLength, pattern, format, minimum…)
// when `type` is a list such as ["string", "null"] (or ["string"]); remoteoss/json-schema-form#274
// ("enforce min/max and length rules on nullable types") makes it apply them to the value. The
// oracle gets that behaviour by seeing, for each value set, `type: "string"` where a field's
// `type` is a list and its value is not null (a null value still meets the list).

export interface OracleVerdict {
  valid: boolean;
  /** The engine's form errors (nested by field), or its exception's message. */
  errors?: unknown;
  threw?: string;
}

interface NullableDefinition {
  /** Path of the field's value from the form's root. */
  path: string[];
  node: JsonSchema;
  types: string[];
}

/** Every definition of a field whose `type` is a list, with the path of its value. */
function nullableDefinitions(schema: JsonSchema): NullableDefinition[] {
  const out: NullableDefinition[] = [];
  const level = (node: unknown, path: string[]) => {
    if (Array.isArray(node)) return node.forEach((n) => level(n, path));
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "properties" && isObject(value)) {
        for (const [name, def] of Object.entries(value)) {
          if (!isObject(def)) continue;
          const types = asArray(def.type).filter((t): t is string => typeof t === "string");
          if (Array.isArray(def.type) && types.filter((t) => t !== "null").length === 1)
            out.push({ path: [...path, name], node: def, types });
          level(def, [...path, name]);
        }
      } else if (["allOf", "anyOf", "oneOf", "if", "then", "else", "not"].includes(key)) level(value, path);
    }
  };
  level(schema, []);
  return out;
}

function valueAt(values: unknown, path: readonly string[]): unknown {
  let node = values;
  for (const seg of path) node = isObject(node) ? node[seg] : undefined;
  return node;
}

/** A function giving the provider's engine's verdict on value sets of one form. */
export function createOracle(schema: JsonSchema): (values: FormValues) => OracleVerdict {
  // The engine keeps this object and copies it on every validation: the nullable types are set per call.
  const working = cloneJson(schema);
  const nullable = nullableDefinitions(working);
  const form = createHeadlessForm(
    working as never,
    {
      nextVersion: true,
      legacyOptions: { treatNullAsUndefined: false, allowForbiddenValues: false },
    } as never,
  ) as { handleValidation(values: unknown): { formErrors?: unknown } };
  return (values) => {
    for (const d of nullable) {
      const v = valueAt(values, d.path);
      d.node.type = v === undefined || v === null ? d.types : d.types.find((t) => t !== "null");
    }
    try {
      const { formErrors } = form.handleValidation(cloneJson(values));
      return formErrors === undefined ? { valid: true } : { valid: false, errors: formErrors };
    } catch (e) {
      // The kit's date operations throw on an argument that is not a date: the engine refuses the values.
      return { valid: false, threw: (e as Error).message };
    }
  };
}

/** Our verdict in the same terms. */
export function verdictOf(errors: FieldErrors | null): { valid: boolean; errors?: FieldErrors } {
  return errors === null ? { valid: true } : { valid: false, errors };
}
