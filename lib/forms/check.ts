import type { ErrorObject } from "ajv";
import { stripHtml } from "./html";
import { fillTemplate, findComputed, isTruthy, applyRule, type LogicScope } from "./logic";
import { parseCalendarDate } from "./operations";
import { UI_MESSAGES, type MessageCatalog } from "./messages";
import { resolveObject, type FieldState, type ObjectState } from "./resolve";
import { settleForm } from "./values";
import { asArray, asSchema, isObject, type FieldErrors, type FormValues, type JsonSchema } from "./types";

// The validation of a form section, one engine for the API (the submitted section, as is) and the
// console (the body it is about to send): the JSON Schema with ajv (draft-07, conditionals
// included; the compiled schema is handed in, so this module does not load ajv: the API binds it
// in ./validate, the browser loads it after the form is up), then what the schema cannot say (x-jsf logic): a required array or object that is
// empty, the JSON Logic validations a field names, and the computed attributes
// (`x-jsf-logic-computedAttrs`) that bound a field, and the date bounds of `x-jsf-presentation`
// (`minDate`/`maxDate`, as the provider's engine enforces them). Messages: the schema's
// `x-jsf-errorMessage`, else the words of the caller's catalog (./messages).

/** Key of errors about the form (section) as a whole. */
export const FORM_ERROR_KEY = "";
/** The API's name for the same key. */
export const SECTION_ERROR_KEY = FORM_ERROR_KEY;

/** What silences what on one field (see `result()`). */
type Kind = "forbidden" | "const" | "options" | "other";

/** Errors by path, in the order found, each message once. */
class ErrorCollector {
  private readonly map = new Map<string, Map<string, Kind>>();
  add(path: readonly string[] | string, message: string, kind: Kind = "other") {
    const key = typeof path === "string" ? path : path.join(".");
    let messages = this.map.get(key);
    if (!messages) this.map.set(key, (messages = new Map()));
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

function pointerToSegments(pointer: string): string[] {
  return pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The field as declared in its object's `properties` (not a branch), for its presentation and messages. */
function declaredField(root: JsonSchema, segments: readonly string[]): JsonSchema | undefined {
  let node: JsonSchema | undefined = root;
  for (const seg of segments) {
    const props = asSchema(node?.properties);
    if (props && seg in props) node = asSchema(props[seg]);
    else if (/^\d+$/.test(seg) && node?.items !== undefined) node = asSchema(node.items);
    else return undefined;
  }
  return node;
}

function customMessage(schema: JsonSchema | undefined, keyword: string): string | undefined {
  const m = asSchema(schema?.["x-jsf-errorMessage"])?.[keyword];
  return typeof m === "string" ? m : undefined;
}

function labelOf(field: JsonSchema | undefined, name: string): string {
  const title = typeof field?.title === "string" ? stripHtml(field.title) : "";
  return title || humanize(name);
}

export function humanize(name: string): string {
  const s = name.replace(/[_-]+/g, " ").trim();
  return s ? s[0]!.toUpperCase() + s.slice(1) : name;
}

function collectSchemaErrors(
  root: JsonSchema,
  state: ObjectState | undefined,
  list: readonly ErrorObject[],
  words: MessageCatalog,
  out: ErrorCollector,
) {
  // The branches of a failed anyOf/oneOf all fail by design for an option list: the umbrella speaks for them.
  const umbrellas = list.filter((e) => e.keyword === "anyOf" || e.keyword === "oneOf").map((e) => `${e.schemaPath}/`);
  const insideUmbrella = (e: ErrorObject) => umbrellas.some((prefix) => e.schemaPath.startsWith(prefix));
  for (const e of list) {
    if (e.keyword === "if" || insideUmbrella(e)) continue;
    const segments = pointerToSegments(e.instancePath);
    const params = e.params as Record<string, unknown>;
    switch (e.keyword) {
      case "required":
      case "dependencies": {
        const name = String(params.missingProperty);
        const fieldSegments = [...segments, name];
        const branchField = asSchema(asSchema(asSchema(e.parentSchema)?.properties)?.[name]);
        const field = declaredField(root, fieldSegments);
        out.add(fieldSegments, customMessage(branchField, "required") ?? customMessage(field, "required") ?? words.required(field));
        break;
      }
      case "additionalProperties":
        out.add([...segments, String(params.additionalProperty)], words.unknownProperty(), "forbidden");
        break;
      case "false schema":
        // A field the active branch forbids: it must be omitted, null included.
        out.add(segments, words.forbidden(), "forbidden");
        break;
      case "anyOf":
      case "oneOf": {
        const field = declaredField(root, segments);
        const own = customMessage(asSchema(e.parentSchema), e.keyword) ?? customMessage(field, e.keyword);
        if (own) {
          out.add(segments, own, "options");
          break;
        }
        const placed = words.umbrella({
          path: segments,
          keyword: e.keyword,
          branches: asArray(e.schema),
          field,
          labelOf: (n) => labelOf(declaredField(root, [...segments, n]), n),
          state,
        });
        for (const p of placed) out.add(p.path, p.message, "options");
        break;
      }
      default: {
        const field = declaredField(root, segments);
        const message =
          words.insisted?.(e.keyword, field) ??
          customMessage(asSchema(e.parentSchema), e.keyword) ??
          customMessage(field, e.keyword) ??
          words.keyword(e.keyword, { ...params, message: e.message }, field);
        out.add(segments, message, e.keyword === "enum" ? "options" : e.keyword === "const" ? "const" : "other");
      }
    }
  }
}

/** Keywords a computed attribute may set, and how each judges a value. */
const COMPUTED_CHECKS: Record<string, (value: unknown, limit: unknown) => boolean> = {
  const: (v, l) => v === l,
  minimum: (v, l) => typeof v !== "number" || typeof l !== "number" || v >= l,
  maximum: (v, l) => typeof v !== "number" || typeof l !== "number" || v <= l,
  exclusiveMinimum: (v, l) => typeof v !== "number" || typeof l !== "number" || v > l,
  exclusiveMaximum: (v, l) => typeof v !== "number" || typeof l !== "number" || v < l,
  minLength: (v, l) => typeof v !== "string" || typeof l !== "number" || [...v].length >= l,
  maxLength: (v, l) => typeof v !== "string" || typeof l !== "number" || [...v].length <= l,
};

function checkComputedAttrs(f: FieldState, value: unknown, scopes: readonly LogicScope[], words: MessageCatalog, out: ErrorCollector) {
  const attrs = asSchema(f.schema["x-jsf-logic-computedAttrs"]);
  if (!attrs) return;
  for (const [keyword, check] of Object.entries(COMPUTED_CHECKS)) {
    const name = attrs[keyword];
    // Only names of computed values are enforced; strings with {{…}} are display templates.
    if (typeof name !== "string") continue;
    const { found, value: limit } = findComputed(scopes, name);
    if (!found || limit === null || limit === undefined || (typeof limit === "number" && !Number.isFinite(limit))) continue;
    if (check(value, limit)) continue;
    const custom = customMessage(f.schema, keyword);
    const params = keyword === "const" ? { allowedValue: limit } : { limit };
    out.add(
      f.path,
      custom ? fillTemplate(custom, scopes) : words.keyword(keyword, params, f.schema),
      keyword === "const" ? "const" : "other",
    );
  }
}

/**
 * `x-jsf-presentation.minDate` / `maxDate` of a date field (inclusive), as the provider's engine
 * checks them. The bounds the schema holds are judged: the API's own forms put day-dependent
 * bounds (the earliest start date) only in the schema it serves, so the API does not hold a
 * saved date to a bound that moved on (forms-engine.md).
 */
function checkDateBounds(f: FieldState, value: unknown, words: MessageCatalog, out: ErrorCollector) {
  if (typeof value !== "string" || !parseCalendarDate(value)) return;
  const presentation = asSchema(f.schema["x-jsf-presentation"]);
  const day = value.slice(0, 10);
  for (const [keyword, outside] of [
    ["minDate", (limit: string) => day < limit],
    ["maxDate", (limit: string) => day > limit],
  ] as const) {
    const limit = presentation?.[keyword];
    if (typeof limit !== "string" || !parseCalendarDate(limit) || !outside(limit.slice(0, 10))) continue;
    out.add(f.path, customMessage(f.schema, keyword) ?? words.keyword(keyword, { limit: limit.slice(0, 10) }, f.schema));
  }
}

const isEmptyContainer = (v: unknown) => (Array.isArray(v) ? v.length === 0 : isObject(v) && Object.keys(v).length === 0);

function checkLogic(state: ObjectState, values: FormValues, words: MessageCatalog, out: ErrorCollector) {
  for (const f of state.fields) {
    if (f.forbidden) continue;
    const value = values[f.name];
    const path = f.path.join(".");
    // The provider's engine counts an empty list or fieldset as missing; JSON Schema does not.
    if (f.required && isEmptyContainer(value) && !out.hasWithin(path)) {
      out.add(f.path, customMessage(f.schema, "required") ?? words.required(f.schema));
      continue;
    }
    if (value === undefined || value === null) continue;
    // A value the schema already rejects is not judged further (it may not even be a date).
    if (out.hasWithin(path)) continue;
    for (const ref of asArray(f.schema["x-jsf-logic-validations"]).map(String)) {
      const scope = state.scopes.find((s) => s.hasValidation(ref));
      const validation = scope?.validation(ref);
      // A rule that names an unknown operation is inactive (the API warned at start).
      if (!scope || !validation?.active) continue;
      // A rule that cannot be evaluated cannot vouch for the value: it fails (closed).
      if (!isTruthy(applyRule(validation.rule, scope.data)))
        out.add(f.path, validation.errorMessage ? fillTemplate(validation.errorMessage, state.scopes) : words.logicFailed());
    }
    checkComputedAttrs(f, value, state.scopes, words, out);
    checkDateBounds(f, value, words, out);
    if (f.object && isObject(value)) checkLogic(f.object, value, words, out);
  }
}

/** A compiled JSON Schema as ajv makes it (`compileSchema` of ./ajv). */
export type SchemaCompiler = (schema: JsonSchema) => { (data: unknown): boolean; errors?: ErrorObject[] | null };

/** Errors of `data` against `schema` in the words of `words` (null when valid). */
export function checkData(schema: JsonSchema, data: unknown, words: MessageCatalog, compile: SchemaCompiler): FieldErrors | null {
  const out = new ErrorCollector();
  const validate = compile(schema);
  const state = isObject(data) ? resolveObject(schema, data) : undefined;
  if (!validate(data)) collectSchemaErrors(schema, state, validate.errors ?? [], words, out);
  if (state && isObject(data)) checkLogic(state, data, words, out);
  return out.result();
}

/** Errors of a body (already pruned) in the console's words; null when the API would accept it. */
export function checkBody(schema: JsonSchema, body: FormValues, compile: SchemaCompiler): FieldErrors | null {
  return checkData(schema, body, UI_MESSAGES, compile);
}

/**
 * Errors of a form's values (a typed amount that is not an amount is kept as text by the money
 * input, and reported as a type error): the body's validation. Null when the form can be submitted.
 */
export function checkFormValues(schema: JsonSchema, values: FormValues, compile: SchemaCompiler): FieldErrors | null {
  return checkBody(schema, settleForm(schema, values).body, compile);
}

export { labelOf };

const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Message texts shown in the UI start with a capital letter. */
export const displayMessage = (m: string) => capitalize(m.trim());
