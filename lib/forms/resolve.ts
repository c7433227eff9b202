import { conditionHolds } from "./condition";
import { fillTemplate, findComputed, LogicScope } from "./logic";
import { asArray, asSchema, isObject, jsonEqual, type FormValues, type JsonSchema } from "./types";

// Resolution of an x-jsf schema against the current values: which `if/then/else` branches are
// active, what each field's definition is once the active branches' overrides and the computed
// attributes (`x-jsf-logic-computedAttrs`) are applied, and from that whether a field is shown,
// required, forced to a value, or left out of the body. Everything here is a pure function of
// (schema, values); the RJSF rendering and the validation are built on it.

/** The input types of the dialect (DECISIONS.md "Form schema dialect"). */
export const INPUT_TYPES = new Set([
  "text",
  "textarea",
  "number",
  "money",
  "select",
  "radio",
  "checkbox",
  "date",
  "email",
  "tel",
  "time",
  "countries",
  "hidden",
  "fieldset",
  "file",
  "statement",
]);

export type ValueType = "string" | "number" | "integer" | "boolean" | "array" | "object" | "null";

export interface FieldState {
  name: string;
  /** Segments from the form's root. */
  path: string[];
  /** The field as declared in its object's `properties`. */
  base: JsonSchema;
  /** The declaration merged with the active branches' overrides, computed attributes applied. */
  schema: JsonSchema;
  inputType: string;
  valueType: ValueType;
  /** A boolean `false` subschema of an active branch forbids the field. */
  forbidden: boolean;
  required: boolean;
  /** Not rendered: forbidden, an input of type hidden, or a deprecated read-only field. */
  hidden: boolean;
  /** Left out of the body: forbidden, a statement (carries no data), `meta.ignoreValue`, or hidden by logic and not forced. */
  excluded: boolean;
  /** The schema fixes the value (`const` with an equal `default`, possibly computed). */
  forced: boolean;
  forcedValue?: unknown;
  readOnly: boolean;
  /** A statement-only field: a callout, no data. */
  statementOnly: boolean;
  /** The nested object of a fieldset field. */
  object?: ObjectState;
}

export interface FlatFieldset {
  key: string;
  title?: string;
  description?: string;
  fields: string[];
}

export interface ObjectState {
  path: string[];
  schema: JsonSchema;
  fields: FieldState[];
  byName: Map<string, FieldState>;
  /** Presentation-only groups of this level (`x-jsf-fieldsets`, `x-rmt-flatFieldsets`). */
  fieldsets: FlatFieldset[];
  /** Logic scopes visible at this level, innermost first. */
  scopes: LogicScope[];
}

const LOWER_BOUNDS = new Set(["minimum", "exclusiveMinimum", "minLength", "minItems"]);
const UPPER_BOUNDS = new Set(["maximum", "exclusiveMaximum", "maxLength", "maxItems"]);
const DEEP_MERGED = new Set(["x-jsf-presentation", "x-jsf-errorMessage", "x-jsf-logic-computedAttrs", "properties"]);

export function deepMerge(a: unknown, b: unknown): unknown {
  if (!isObject(a) || !isObject(b)) return b;
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = k in out ? deepMerge(out[k], v) : v;
  return out;
}

/**
 * Merges a field's definitions (declaration first, then active branch overrides in order).
 * Bounds add up as ajv sees them (the most restrictive wins); presentation, messages and
 * computed attributes merge deeply; any other keyword is overridden by the later definition.
 */
export function mergeDefinitions(defs: readonly JsonSchema[]): JsonSchema {
  const out: JsonSchema = { ...(defs[0] ?? {}) };
  for (const def of defs.slice(1)) {
    for (const [k, v] of Object.entries(def)) {
      const prev = out[k];
      if (LOWER_BOUNDS.has(k) && typeof prev === "number" && typeof v === "number") out[k] = Math.max(prev, v);
      else if (UPPER_BOUNDS.has(k) && typeof prev === "number" && typeof v === "number") out[k] = Math.min(prev, v);
      else if (k === "required" && Array.isArray(prev) && Array.isArray(v)) out[k] = [...new Set([...prev, ...v])];
      else if (DEEP_MERGED.has(k)) out[k] = deepMerge(prev, v);
      else out[k] = v;
    }
  }
  return out;
}

/** The parts of an object schema that apply to `value`: itself and its active branches (nested), through allOf. */
export function activeParts(node: JsonSchema, value: FormValues): JsonSchema[] {
  const parts: JsonSchema[] = [node];
  for (const sub of asArray(node.allOf)) if (isObject(sub)) parts.push(...activeParts(sub, value));
  if ("if" in node) {
    const chosen = conditionHolds(node.if, value) ? node.then : node.else;
    if (isObject(chosen)) parts.push(...activeParts(chosen, value));
  }
  return parts;
}

export function typesOf(schema: JsonSchema): string[] {
  const t = schema.type;
  if (typeof t === "string") return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === "string");
  return [];
}

export function valueTypeOf(schema: JsonSchema): ValueType {
  const nonNull = typesOf(schema).filter((t) => t !== "null");
  if (nonNull.length > 0) return nonNull[0] as ValueType;
  if (typesOf(schema).includes("null")) return "null";
  if (isObject(schema.properties)) return "object";
  if (schema.items !== undefined) return "array";
  const sample = schema.const ?? asArray(schema.enum)[0] ?? asSchema(asArray(schema.oneOf)[0])?.const;
  if (typeof sample === "number") return Number.isInteger(sample) ? "integer" : "number";
  if (typeof sample === "boolean") return "boolean";
  return "string";
}

export const presentationOf = (schema: JsonSchema): JsonSchema => asSchema(schema["x-jsf-presentation"]) ?? {};

/** The input type of a (resolved) definition: the declared one when the dialect knows it, else inferred from the type. */
export function inputTypeOf(schema: JsonSchema): string {
  const declared = presentationOf(schema).inputType;
  if (typeof declared === "string" && INPUT_TYPES.has(declared)) return declared;
  switch (valueTypeOf(schema)) {
    case "object":
      return "fieldset";
    case "array":
      return "select";
    case "boolean":
      return "checkbox";
    case "integer":
    case "number":
      return "number";
    case "null":
      return "statement";
    default:
      return schema.format === "date" ? "date" : schema.format === "email" ? "email" : "text";
  }
}

/** Replaces names of computed values by their values and fills `{{name}}` templates, deeply. */
function resolveComputedValue(v: unknown, scopes: readonly LogicScope[]): { value: unknown; drop: boolean } {
  if (typeof v === "string") {
    const { found, value } = findComputed(scopes, v);
    if (found)
      return value === null || value === undefined || (typeof value === "number" && !Number.isFinite(value))
        ? { value: undefined, drop: true }
        : { value, drop: false };
    return { value: v.includes("{{") ? fillTemplate(v, scopes) : v, drop: false };
  }
  if (isObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const r = resolveComputedValue(x, scopes);
      if (!r.drop) out[k] = r.value;
    }
    return { value: out, drop: false };
  }
  return { value: v, drop: false };
}

/** Applies `x-jsf-logic-computedAttrs` to a definition (keywords whose computed value is null are removed). */
export function applyComputedAttrs(schema: JsonSchema, scopes: readonly LogicScope[]): JsonSchema {
  const attrs = asSchema(schema["x-jsf-logic-computedAttrs"]);
  let out: JsonSchema = schema;
  if (attrs && Object.keys(attrs).length) {
    out = { ...schema };
    for (const [k, v] of Object.entries(attrs)) {
      const r = resolveComputedValue(v, scopes);
      if (r.drop) delete out[k];
      else if (isObject(r.value) && isObject(out[k])) out[k] = deepMerge(out[k], r.value);
      else out[k] = r.value;
    }
  }
  // Options may carry their own computed attributes (e.g. a title "{{recommended_probation_label}}").
  for (const key of ["oneOf", "anyOf"] as const) {
    const list = out[key];
    if (Array.isArray(list) && list.some((o) => isObject(o) && isObject(o["x-jsf-logic-computedAttrs"]))) {
      out = {
        ...out,
        [key]: list.map((o) => (isObject(o) && isObject(o["x-jsf-logic-computedAttrs"]) ? applyComputedAttrs(o, scopes) : o)),
      };
    }
  }
  return out;
}

function orderOf(node: JsonSchema, names: readonly string[]): string[] {
  const declared = asArray(node["x-jsf-order"]).filter((n): n is string => typeof n === "string" && names.includes(n));
  return [...new Set([...declared, ...names])];
}

function flatFieldsetsOf(node: JsonSchema): FlatFieldset[] {
  const source = asSchema(node["x-jsf-fieldsets"]) ?? asSchema(node["x-rmt-flatFieldsets"]);
  if (!source) return [];
  const out: FlatFieldset[] = [];
  for (const [key, def] of Object.entries(source)) {
    const d = asSchema(def);
    if (!d) continue;
    const fields = asArray(d.propertiesByName).filter((n): n is string => typeof n === "string");
    if (!fields.length) continue;
    out.push({
      key,
      title: typeof d.title === "string" ? d.title : undefined,
      description: typeof d.description === "string" ? d.description : undefined,
      fields,
    });
  }
  return out;
}

function resolveField(
  name: string,
  parts: readonly JsonSchema[],
  value: FormValues,
  path: string[],
  scopes: LogicScope[],
): FieldState | undefined {
  const defs: (JsonSchema | false)[] = [];
  for (const part of parts) {
    const props = asSchema(part.properties);
    if (!props || !(name in props)) continue;
    const d = props[name];
    if (d === false) defs.push(false);
    else if (isObject(d)) defs.push(d);
  }
  const base = defs[0];
  if (!isObject(base)) return undefined;
  const forbidden = defs.includes(false);
  const schema = applyComputedAttrs(mergeDefinitions(defs.filter((d): d is JsonSchema => d !== false)), scopes);
  const inputType = inputTypeOf(schema);
  const baseInputType = inputTypeOf(base);
  const valueType = valueTypeOf(schema);
  const presentation = presentationOf(schema);
  const meta = asSchema(presentation.meta);
  const required = parts.some((p) => asArray(p.required).includes(name));
  const statementOnly = inputType === "statement" || valueType === "null";
  const forced = "const" in schema && "default" in schema && jsonEqual(schema.const, schema.default);
  const deprecated = schema.deprecated === true || presentation.deprecated !== undefined;
  const hiddenByLogic = inputType === "hidden" && baseInputType !== "hidden";
  const hidden = forbidden || inputType === "hidden" || (deprecated && schema.readOnly === true);
  const excluded = forbidden || meta?.ignoreValue === true || statementOnly || (hiddenByLogic && !forced);
  const field: FieldState = {
    name,
    path: [...path, name],
    base,
    schema,
    inputType,
    valueType,
    forbidden,
    required,
    hidden,
    excluded,
    forced,
    readOnly: forced || schema.readOnly === true,
    statementOnly,
  };
  if (forced) field.forcedValue = schema.const;
  if (valueType === "object" && isObject(schema.properties)) {
    const own = value[name];
    field.object = resolveObject(schema, isObject(own) ? own : {}, field.path, scopes);
  }
  return field;
}

/** Resolves one object level (the form, or a nested fieldset) against its values. */
export function resolveObject(node: JsonSchema, value: FormValues, path: string[] = [], outer: LogicScope[] = []): ObjectState {
  const logic = asSchema(node["x-jsf-logic"]);
  const scopes = logic ? [new LogicScope(logic, value), ...outer] : outer;
  const parts = activeParts(node, value);
  const names = Object.keys(asSchema(node.properties) ?? {});
  const fields: FieldState[] = [];
  for (const name of orderOf(node, names)) {
    const f = resolveField(name, parts, value, path, scopes);
    if (f) fields.push(f);
  }
  return { path, schema: node, fields, byName: new Map(fields.map((f) => [f.name, f])), fieldsets: flatFieldsetsOf(node), scopes };
}

/** Every field of a resolved form, depth first, in order. */
export function walkFields(state: ObjectState): FieldState[] {
  return state.fields.flatMap((f) => [f, ...(f.object ? walkFields(f.object) : [])]);
}

/** The state of the field at `path` (dotted or segments). */
export function findField(state: ObjectState, path: string | readonly string[]): FieldState | undefined {
  const segments = typeof path === "string" ? path.split(".") : path;
  let level: ObjectState | undefined = state;
  let field: FieldState | undefined;
  for (const seg of segments) {
    field = level?.byName.get(seg);
    if (!field) return undefined;
    level = field.object;
  }
  return field;
}
