import "server-only";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { registerLogicOperations } from "./logic-operators";
import type { JsonSchema } from "./schema/fields";

// Server-side validation of a submitted form section: the JSON Schema (ajv, draft-07, with the
// conditionals), then the x-jsf logic (JSON Logic validations and computed attributes), with
// messages from `x-jsf-errorMessage`. Errors are keyed by dotted field path; the section itself
// (a non-object body, a root-level anyOf) is the key "".

export type FieldErrors = Record<string, string[]>;

/** Key of errors about the section as a whole. */
export const SECTION_ERROR_KEY = "";

const jsonLogic = registerLogicOperations();

// strict:false lets the x-jsf-* keywords through; logger:false because foreign schemas
// (GATEWAY_FORMS_DIR, the provider's own) legitimately carry keywords and formats ajv does not know.
const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, logger: false });
addFormats(ajv);
ajv.addFormat("data-url", /^data:[a-z]+\/[a-z0-9.+-]+(;[a-z0-9-]+=[^;,]*)*;base64,[a-z0-9+/]*={0,2}$/i);

const compiled = new WeakMap<object, ValidateFunction>();

/** Compiles a schema once (cached by identity); throws when it is not a valid JSON Schema. */
export function compileFormSchema(schema: JsonSchema | boolean): ValidateFunction {
  if (typeof schema === "boolean") return ajv.compile(schema);
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    compiled.set(schema, fn);
  }
  return fn;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const asSchema = (v: unknown): JsonSchema | undefined => (isObject(v) ? v : undefined);

/** Validates data against a form schema; null when valid. */
export function validateFormData(schema: JsonSchema, data: unknown): FieldErrors | null {
  const errors = new ErrorCollector();
  const validate = compileFormSchema(schema);
  if (!validate(data)) collectSchemaErrors(schema, validate.errors ?? [], errors);
  if (isObject(data)) checkLogic(schema, data, [], [], errors);
  return errors.result();
}

/** Errors by path, in the order found, each message once. */
class ErrorCollector {
  private readonly map = new Map<string, Map<string, string>>();
  /** `kind` lets a stronger statement silence weaker ones on the same field (see result()). */
  add(path: string, message: string, kind = "other") {
    let messages = this.map.get(path);
    if (!messages) this.map.set(path, (messages = new Map()));
    if (!messages.has(message)) messages.set(message, kind);
  }
  /** Whether the path, or anything below it, has an error. */
  hasWithin(path: string) {
    for (const k of this.map.keys()) if (k === path || k.startsWith(`${path}.`)) return true;
    return false;
  }
  result(): FieldErrors | null {
    if (this.map.size === 0) return null;
    const out: FieldErrors = {};
    for (const [path, messages] of this.map) {
      let entries = [...messages];
      // A field that must be omitted: what else is wrong with its value does not matter.
      if (entries.some(([, kind]) => kind === "forbidden")) entries = entries.filter(([, kind]) => kind === "forbidden");
      // A forced value says more than the option list it belongs to.
      else if (entries.some(([, kind]) => kind === "const")) entries = entries.filter(([, kind]) => kind !== "options");
      out[path] = entries.map(([message]) => message);
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// JSON Schema errors

function pointerToSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

const join = (segments: readonly string[]) => segments.join(".");

/** The field's own definition (the object's `properties`, not a branch), for its presentation and messages. */
function baseFieldSchema(root: JsonSchema, segments: readonly string[]): JsonSchema | undefined {
  let node: JsonSchema | undefined = root;
  for (const seg of segments) {
    if (!node) return undefined;
    const props = asSchema(node.properties);
    if (props && seg in props) node = asSchema(props[seg]);
    else if (/^\d+$/.test(seg) && node.items !== undefined) node = asSchema(node.items);
    else return undefined;
  }
  return node;
}

function customMessage(schema: JsonSchema | undefined, keyword: string): string | undefined {
  const messages = asSchema(schema?.["x-jsf-errorMessage"]);
  const m = messages?.[keyword];
  return typeof m === "string" ? m : undefined;
}

function formatValue(value: unknown, field: JsonSchema | undefined): string {
  const presentation = asSchema(field?.["x-jsf-presentation"]);
  if (typeof value === "number" && presentation?.inputType === "money") {
    const amount = (value / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return typeof presentation.currency === "string" ? `${amount} ${presentation.currency}` : amount;
  }
  return typeof value === "string" ? `"${value}"` : JSON.stringify(value);
}

const FORMAT_NAMES: Record<string, string> = {
  date: "a valid date (YYYY-MM-DD)",
  "date-time": "a valid date and time (ISO 8601)",
  email: "a valid email address",
  uuid: "a valid UUID",
  uri: "a valid URI",
  "data-url": "a file as a base64 data URL",
};

function article(type: string) {
  return type === "null" ? "null" : `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`;
}

function listValues(values: readonly unknown[], field: JsonSchema | undefined): string {
  return values.length <= 10
    ? `must be one of: ${values.map((v) => formatValue(v, field)).join(", ")}`
    : "must be one of the listed options";
}

function defaultMessage(e: ErrorObject, field: JsonSchema | undefined): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "type": {
      const types = String(p.type).split(",");
      return `must be ${types.map(article).join(" or ")}`;
    }
    case "minimum":
      return `must be greater than or equal to ${formatValue(p.limit, field)}`;
    case "maximum":
      return `must be less than or equal to ${formatValue(p.limit, field)}`;
    case "exclusiveMinimum":
      return `must be greater than ${formatValue(p.limit, field)}`;
    case "exclusiveMaximum":
      return `must be less than ${formatValue(p.limit, field)}`;
    case "minLength":
      return p.limit === 1 ? "must not be empty" : `must be at least ${String(p.limit)} characters long`;
    case "maxLength":
      return `must be at most ${String(p.limit)} characters long`;
    case "pattern":
      return "has an invalid format";
    case "format":
      return `must be ${FORMAT_NAMES[String(p.format)] ?? `a valid ${String(p.format)}`}`;
    case "const":
      return `must be ${formatValue(p.allowedValue, field)}`;
    case "enum":
      return listValues((p.allowedValues as unknown[]) ?? [], field);
    case "minItems":
      return `must have at least ${String(p.limit)} item${p.limit === 1 ? "" : "s"}`;
    case "maxItems":
      return `must have at most ${String(p.limit)} item${p.limit === 1 ? "" : "s"}`;
    case "uniqueItems":
      return "must not contain duplicates";
    case "multipleOf":
      return `must be a multiple of ${String(p.multipleOf)}`;
    case "minProperties":
    case "maxProperties":
    case "propertyNames":
    case "contains":
      return e.message ?? "is invalid";
    default:
      return "is invalid";
  }
}

/** An anyOf/oneOf whose branches only list required fields: "requires one of: a, b". */
function requiredAlternatives(branches: unknown): string[][] | undefined {
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const lists: string[][] = [];
  for (const b of branches) {
    if (
      !isObject(b) ||
      !Array.isArray(b.required) ||
      Object.keys(b).some((k) => k !== "required" && !k.startsWith("x-jsf") && k !== "title" && k !== "description")
    )
      return undefined;
    lists.push(b.required.map(String));
  }
  return lists;
}

function umbrellaMessage(e: ErrorObject, field: JsonSchema | undefined): string {
  const own = customMessage(asSchema(e.parentSchema), e.keyword) ?? customMessage(field, e.keyword);
  if (own) return own;
  const branches = e.schema as unknown;
  if (Array.isArray(branches) && branches.length > 0 && branches.every((b) => isObject(b) && "const" in b)) {
    return listValues(
      branches.map((b) => (b as Record<string, unknown>).const),
      field,
    );
  }
  const alternatives = requiredAlternatives(branches);
  if (alternatives) return `requires one of: ${alternatives.map((a) => a.join(" and ")).join(", ")}`;
  return e.keyword === "oneOf" ? "must match exactly one of the allowed forms" : "must match one of the allowed forms";
}

function collectSchemaErrors(root: JsonSchema, list: readonly ErrorObject[], out: ErrorCollector) {
  // Errors inside the branches of a failed anyOf/oneOf are noise (every branch fails by design
  // for an option list): the umbrella error speaks for them.
  const umbrellas = list.filter((e) => e.keyword === "anyOf" || e.keyword === "oneOf").map((e) => `${e.schemaPath}/`);
  const insideUmbrella = (e: ErrorObject) => umbrellas.some((prefix) => e.schemaPath.startsWith(prefix));

  for (const e of list) {
    if (e.keyword === "if" || insideUmbrella(e)) continue;
    const segments = pointerToSegments(e.instancePath);
    const p = e.params as Record<string, unknown>;
    switch (e.keyword) {
      case "required":
      case "dependencies": {
        const name = String(p.missingProperty);
        const fieldSegments = [...segments, name];
        const branchField = asSchema(asSchema(asSchema(e.parentSchema)?.properties)?.[name]);
        const message =
          customMessage(branchField, "required") ?? customMessage(baseFieldSchema(root, fieldSegments), "required") ?? "is required";
        out.add(join(fieldSegments), message);
        break;
      }
      case "additionalProperties":
        out.add(join([...segments, String(p.additionalProperty)]), "is not allowed", "forbidden");
        break;
      case "false schema":
        // A field the active branch forbids: it must be omitted, null included.
        out.add(join(segments), "is not allowed", "forbidden");
        break;
      case "anyOf":
      case "oneOf":
        out.add(join(segments), umbrellaMessage(e, baseFieldSchema(root, segments)), "options");
        break;
      default: {
        const field = baseFieldSchema(root, segments);
        const message = customMessage(asSchema(e.parentSchema), e.keyword) ?? customMessage(field, e.keyword) ?? defaultMessage(e, field);
        out.add(join(segments), message, e.keyword === "enum" ? "options" : e.keyword);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// x-jsf logic: validations and computed attributes

interface LogicScope {
  logic: JsonSchema;
  data: Record<string, unknown>;
  computed: Map<string, unknown>;
}

/** The parts of an object schema that apply to this value: itself plus the active if/then/else branches (nested), through allOf. */
function activeParts(node: JsonSchema, value: Record<string, unknown>): JsonSchema[] {
  const parts: JsonSchema[] = [node];
  if (Array.isArray(node.allOf)) for (const sub of node.allOf) if (isObject(sub)) parts.push(...activeParts(sub, value));
  if (node.if !== undefined && (isObject(node.if) || typeof node.if === "boolean")) {
    let passes: boolean;
    try {
      passes = Boolean(compileFormSchema(node.if as JsonSchema | boolean)(value));
    } catch {
      passes = false;
    }
    const chosen = passes ? node.then : node.else;
    if (isObject(chosen)) parts.push(...activeParts(chosen, value));
  }
  return parts;
}

function computedValue(scope: LogicScope, name: string): unknown {
  if (scope.computed.has(name)) return scope.computed.get(name);
  const entry = asSchema(asSchema(scope.logic.computedValues)?.[name]);
  let value: unknown;
  try {
    value = entry && "rule" in entry ? jsonLogic.apply(entry.rule as never, scope.data) : undefined;
  } catch {
    value = undefined;
  }
  scope.computed.set(name, value);
  return value;
}

function findEntry(scopes: readonly LogicScope[], kind: "validations" | "computedValues", name: string): LogicScope | undefined {
  return scopes.find((s) => isObject(s.logic[kind]) && name in (s.logic[kind] as object));
}

function formatComputed(value: unknown): string {
  if (typeof value === "number" && Number.isFinite(value)) return value.toLocaleString("en-US", { maximumFractionDigits: 2 });
  return String(value);
}

/** Fills `{{name}}` with computed values, as the form renderer does. */
function fillTemplate(template: string, scopes: readonly LogicScope[]): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const scope = findEntry(scopes, "computedValues", name);
    return scope ? formatComputed(computedValue(scope, name)) : whole;
  });
}

/** Validation keywords a computed attribute may set, and how each judges a value. */
const COMPUTED_CHECKS: Record<string, (value: unknown, limit: unknown) => boolean> = {
  const: (v, l) => v === l,
  minimum: (v, l) => typeof v !== "number" || typeof l !== "number" || v >= l,
  maximum: (v, l) => typeof v !== "number" || typeof l !== "number" || v <= l,
  exclusiveMinimum: (v, l) => typeof v !== "number" || typeof l !== "number" || v > l,
  exclusiveMaximum: (v, l) => typeof v !== "number" || typeof l !== "number" || v < l,
  minLength: (v, l) => typeof v !== "string" || typeof l !== "number" || [...v].length >= l,
  maxLength: (v, l) => typeof v !== "string" || typeof l !== "number" || [...v].length <= l,
};

function checkComputedAttrs(
  attrs: JsonSchema,
  value: unknown,
  field: JsonSchema | undefined,
  scopes: readonly LogicScope[],
  path: string,
  out: ErrorCollector,
) {
  const messages = asSchema(attrs["x-jsf-errorMessage"]);
  for (const [keyword, check] of Object.entries(COMPUTED_CHECKS)) {
    const name = attrs[keyword];
    // Only names of computed values are enforced; strings with {{…}} are display templates.
    if (typeof name !== "string") continue;
    const scope = findEntry(scopes, "computedValues", name);
    if (!scope) continue;
    const limit = computedValue(scope, name);
    if (limit === undefined || limit === null || (typeof limit === "number" && !Number.isFinite(limit))) continue;
    if (check(value, limit)) continue;
    const custom = messages?.[keyword];
    const params = keyword === "const" ? { allowedValue: limit } : { limit };
    out.add(
      path,
      typeof custom === "string"
        ? fillTemplate(custom, scopes)
        : defaultMessage({ keyword, params, instancePath: "", schemaPath: "" } as ErrorObject, field),
    );
  }
}

function checkLogic(
  node: JsonSchema,
  value: Record<string, unknown>,
  segments: readonly string[],
  outer: readonly LogicScope[],
  out: ErrorCollector,
) {
  const ownLogic = asSchema(node["x-jsf-logic"]);
  const scopes = ownLogic ? [{ logic: ownLogic, data: value, computed: new Map<string, unknown>() }, ...outer] : outer;
  const parts = activeParts(node, value);
  const names = new Set<string>();
  for (const part of parts) for (const name of Object.keys(asSchema(part.properties) ?? {})) names.add(name);

  for (const name of names) {
    const fieldValue = value[name];
    if (fieldValue === undefined || fieldValue === null) continue;
    const fieldSegments = [...segments, name];
    const path = join(fieldSegments);
    // A value the schema already rejects is not worth judging further (and may not even be a date).
    if (out.hasWithin(path)) continue;
    const definitions = parts.map((p) => asSchema(asSchema(p.properties)?.[name])).filter((d): d is JsonSchema => d !== undefined);
    const base = definitions[0];

    const references = new Set(
      definitions.flatMap((d) => (Array.isArray(d["x-jsf-logic-validations"]) ? d["x-jsf-logic-validations"].map(String) : [])),
    );
    for (const ref of references) {
      const scope = findEntry(scopes, "validations", ref);
      const validation = scope && asSchema(asSchema(scope.logic.validations)?.[ref]);
      if (!scope || !validation) continue;
      let valid: boolean;
      try {
        valid = jsonLogic.truthy(jsonLogic.apply(validation.rule as never, scope.data));
      } catch {
        // A rule that cannot be evaluated cannot vouch for the value.
        valid = false;
      }
      if (!valid) {
        const message = validation.errorMessage ?? validation.error;
        out.add(path, typeof message === "string" ? fillTemplate(message, scopes) : "is invalid");
      }
    }

    const attrs = Object.assign({}, ...definitions.map((d) => asSchema(d["x-jsf-logic-computedAttrs"]) ?? {})) as JsonSchema;
    if (Object.keys(attrs).length) checkComputedAttrs(attrs, fieldValue, base, scopes, path, out);

    const objectDefinition = definitions.find((d) => isObject(d.properties) || Array.isArray(d.allOf));
    if (objectDefinition && isObject(fieldValue)) checkLogic(objectDefinition, fieldValue, fieldSegments, scopes, out);
  }
}
