import type { ErrorObject } from "ajv";
import { compileSchema } from "./ajv";
import { stripHtml } from "./html";
import { applyRule, fillTemplate, findComputed, isTruthy, type LogicScope } from "./logic";
import { formatMoney } from "./money";
import { presentationOf, type FieldState, type ObjectState } from "./resolve";
import { isFieldVisible, settleForm } from "./values";
import { asArray, asSchema, isObject, type FieldErrors, type FormValues, type JsonSchema } from "./types";

// Validation of a form as the API validates the submitted section: the body (hidden fields
// pruned) against the whole schema with ajv — conditionals included — then the x-jsf logic
// (JSON Logic validations, computed bounds), with the schema's own `x-jsf-errorMessage`s.
// Nothing stricter: a date before the picker's minDate is the API's to judge (a saved start date
// must stay editable after that minimum has moved on), so minDate/maxDate only bound the picker.

/** Key of errors about the form as a whole. */
export const FORM_ERROR_KEY = "";

class ErrorCollector {
  readonly map = new Map<string, string[]>();
  add(path: string, message: string) {
    const list = this.map.get(path) ?? [];
    if (!list.includes(message)) list.push(message);
    this.map.set(path, list);
  }
  hasWithin(path: string) {
    for (const k of this.map.keys()) if (k === path || k.startsWith(`${path}.`)) return true;
    return false;
  }
  result(): FieldErrors | null {
    return this.map.size ? Object.fromEntries(this.map) : null;
  }
}

const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

function pointerToSegments(pointer: string): string[] {
  return pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

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

function describeValue(value: unknown, field: JsonSchema | undefined): string {
  const presentation = field ? presentationOf(field) : {};
  if (typeof value === "number" && presentation.inputType === "money") {
    return formatMoney(value, typeof presentation.currency === "string" ? presentation.currency : undefined);
  }
  if (typeof value === "number") return value.toLocaleString("en-US", { maximumFractionDigits: 2 });
  const options = asArray(field?.oneOf ?? field?.anyOf);
  const option = options.find((o) => isObject(o) && o.const === value);
  if (isObject(option) && typeof option.title === "string") return `"${stripHtml(option.title)}"`;
  return typeof value === "string" ? `"${value}"` : JSON.stringify(value);
}

const FORMAT_NAMES: Record<string, string> = {
  date: "a valid date (YYYY-MM-DD)",
  "date-time": "a valid date and time",
  email: "a valid email address",
  uuid: "a valid identifier",
  uri: "a valid web address",
  "data-url": "a file",
};

function typeMessage(field: JsonSchema | undefined, types: string): string {
  const inputType = field ? presentationOf(field).inputType : undefined;
  if (inputType === "money") return "Enter an amount in major units, e.g. 1234.56";
  if (types.includes("integer")) return "Enter a whole number";
  if (types.includes("number")) return "Enter a number";
  return `Must be ${types.split(",").join(" or ")}`;
}

function defaultMessage(keyword: string, params: Record<string, unknown>, field: JsonSchema | undefined): string {
  switch (keyword) {
    case "required":
      return "This field is required";
    case "type":
      return typeMessage(field, String(params.type));
    case "minimum":
      return `Must be at least ${describeValue(params.limit, field)}`;
    case "maximum":
      return `Must be at most ${describeValue(params.limit, field)}`;
    case "exclusiveMinimum":
      return `Must be more than ${describeValue(params.limit, field)}`;
    case "exclusiveMaximum":
      return `Must be less than ${describeValue(params.limit, field)}`;
    case "minLength":
      return params.limit === 1 ? "This field is required" : `Enter at least ${String(params.limit)} characters`;
    case "maxLength":
      return `Enter at most ${String(params.limit)} characters`;
    case "pattern": {
      const inputType = field ? presentationOf(field).inputType : undefined;
      if (inputType === "tel") return "Enter a phone number with its international prefix, e.g. +351912345678";
      return String(params.pattern) === "\\S" ? "This field is required" : "The format is not valid";
    }
    case "format":
      return `Must be ${FORMAT_NAMES[String(params.format)] ?? `a valid ${String(params.format)}`}`;
    case "const":
      if (params.allowedValue === "acknowledged") return "Tick the box to confirm";
      return `Must be ${describeValue(params.allowedValue, field)}`;
    case "enum": {
      const values = asArray(params.allowedValues);
      return values.length <= 8 ? `Must be one of: ${values.map((v) => describeValue(v, field)).join(", ")}` : "Choose one of the options";
    }
    case "minItems":
      return `Choose at least ${String(params.limit)}`;
    case "maxItems":
      return `Choose at most ${String(params.limit)}`;
    case "uniqueItems":
      return "Each choice may appear only once";
    case "multipleOf":
      return `Must be a multiple of ${String(params.multipleOf)}`;
    case "false schema":
      return "Not allowed here";
    case "additionalProperties":
      return "Not allowed here";
    default:
      return "This value is not valid";
  }
}

/** An anyOf/oneOf whose branches only list required fields ("fill in a or b"): the alternatives. */
function requiredAlternatives(branches: readonly unknown[]): string[][] | undefined {
  if (!branches.length) return undefined;
  const lists: string[][] = [];
  for (const b of branches) {
    if (!isObject(b) || !Array.isArray(b.required) || Object.keys(b).some((k) => k !== "required" && k !== "title" && k !== "description"))
      return undefined;
    lists.push(b.required.map(String));
  }
  return lists;
}

function collectUmbrella(e: ErrorObject, root: JsonSchema, state: ObjectState | undefined, out: ErrorCollector) {
  const segments = pointerToSegments(e.instancePath);
  const field = declaredField(root, segments);
  const own = customMessage(asSchema(e.parentSchema), e.keyword) ?? customMessage(field, e.keyword);
  if (own) return out.add(segments.join("."), own);
  const branches = asArray(e.schema);
  if (branches.length && branches.every((b) => isObject(b) && "const" in b))
    return out.add(segments.join("."), "Choose one of the options");
  const alternatives = requiredAlternatives(branches);
  if (alternatives) {
    // Name only the alternatives a person can fill in; a single one is simply required.
    const shown = alternatives.filter((names) => names.every((n) => !state || isFieldVisible(state, [...segments, n])));
    const usable = shown.length ? shown : alternatives;
    if (usable.length === 1) {
      for (const n of usable[0]!) out.add([...segments, n].join("."), defaultMessage("required", {}, undefined));
      return;
    }
    const names = usable.map((list) => list.map((n) => labelOf(declaredField(root, [...segments, n]), n)).join(" and "));
    return out.add(segments.join("."), `Fill in ${names.join(" or ")}`);
  }
  if (field && presentationOf(field).inputType === "tel")
    return out.add(segments.join("."), "Enter a phone number with its international prefix, e.g. +351912345678");
  out.add(segments.join("."), "This value is not valid");
}

export function labelOf(field: JsonSchema | undefined, name: string): string {
  const title = typeof field?.title === "string" ? stripHtml(field.title) : "";
  return title || humanize(name);
}

export function humanize(name: string): string {
  const s = name.replace(/[_-]+/g, " ").trim();
  return s ? s[0]!.toUpperCase() + s.slice(1) : name;
}

function collectSchemaErrors(root: JsonSchema, state: ObjectState | undefined, list: readonly ErrorObject[], out: ErrorCollector) {
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
        out.add(
          fieldSegments.join("."),
          customMessage(branchField, "required") ??
            customMessage(declaredField(root, fieldSegments), "required") ??
            defaultMessage("required", params, undefined),
        );
        break;
      }
      case "additionalProperties":
        out.add([...segments, String(params.additionalProperty)].join("."), defaultMessage("additionalProperties", params, undefined));
        break;
      case "anyOf":
      case "oneOf":
        collectUmbrella(e, root, state, out);
        break;
      default: {
        const field = declaredField(root, segments);
        out.add(
          segments.join("."),
          customMessage(asSchema(e.parentSchema), e.keyword) ?? customMessage(field, e.keyword) ?? defaultMessage(e.keyword, params, field),
        );
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

function checkComputedAttrs(f: FieldState, value: unknown, scopes: readonly LogicScope[], out: ErrorCollector) {
  const attrs = asSchema(f.schema["x-jsf-logic-computedAttrs"]);
  if (!attrs) return;
  const path = f.path.join(".");
  for (const [keyword, check] of Object.entries(COMPUTED_CHECKS)) {
    const name = attrs[keyword];
    if (typeof name !== "string") continue;
    const { found, value: limit } = findComputed(scopes, name);
    if (!found || limit === null || limit === undefined || (typeof limit === "number" && !Number.isFinite(limit))) continue;
    if (check(value, limit)) continue;
    const custom = customMessage(f.schema, keyword);
    out.add(
      path,
      custom ? fillTemplate(custom, scopes) : defaultMessage(keyword, keyword === "const" ? { allowedValue: limit } : { limit }, f.schema),
    );
  }
}

function checkLogic(state: ObjectState, values: FormValues, out: ErrorCollector) {
  for (const f of state.fields) {
    if (f.excluded) continue;
    const value = values[f.name];
    if (value === undefined || value === null) continue;
    const path = f.path.join(".");
    // A value the schema already rejects is not judged further (it may not even be a date).
    if (out.hasWithin(path)) continue;
    for (const ref of asArray(f.schema["x-jsf-logic-validations"]).map(String)) {
      const scope = state.scopes.find((s) => s.hasValidation(ref));
      const validation = scope?.validation(ref);
      if (!scope || !validation) continue;
      if (!isTruthy(applyRule(validation.rule, scope.data)))
        out.add(path, validation.errorMessage ? fillTemplate(validation.errorMessage, state.scopes) : "This value is not valid");
    }
    checkComputedAttrs(f, value, state.scopes, out);
    if (f.object && isObject(value)) checkLogic(f.object, value, out);
  }
}

/** Errors of a body (already pruned) against its schema; null when the API would accept it. */
export function validateBody(schema: JsonSchema, body: FormValues): FieldErrors | null {
  const out = new ErrorCollector();
  const validate = compileSchema(schema);
  const { state } = settleForm(schema, body);
  if (!validate(body)) collectSchemaErrors(schema, state, validate.errors ?? [], out);
  checkLogic(state, body, out);
  return out.result();
}

/**
 * Errors of a form's values (a typed amount that is not an amount is kept as text by the money
 * input, and reported as a type error): the body's validation. Null when the form can be submitted.
 */
export function validateFormValues(schema: JsonSchema, values: FormValues): FieldErrors | null {
  const settled = settleForm(schema, values);
  const errors = validateBody(schema, settled.body) ?? {};
  return Object.keys(errors).length ? errors : null;
}

/** Message texts shown in the UI start with a capital letter. */
export const displayMessage = (m: string) => capitalize(m.trim());
