import { findField, resolveObject, typesOf, type FieldState, type ObjectState } from "./resolve";
import { cloneJson, isObject, jsonEqual, type FormValues, type JsonSchema } from "./types";

// Values of a form: defaults at the start, forced values as branches change, and the body that
// is sent — the values with every field the active branches forbid (or that carries no data)
// left out. A forbidden field is omitted, never sent as null (DECISIONS.md, "Form schema dialect").

/** Whether a value counts as "not filled" (omitted from the body). */
export function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === "" || (Array.isArray(v) && v.length === 0);
}

/** Sets every forced value (const with an equal default) of the active branches. */
export function applyForcedValues(state: ObjectState, values: FormValues): FormValues {
  const out: FormValues = { ...values };
  for (const f of state.fields) {
    if (f.forbidden) continue;
    if (f.forced && !jsonEqual(out[f.name], f.forcedValue)) out[f.name] = cloneJson(f.forcedValue);
    if (f.object && (isObject(out[f.name]) || hasForced(f.object))) {
      out[f.name] = applyForcedValues(f.object, isObject(out[f.name]) ? (out[f.name] as FormValues) : {});
    }
  }
  return out;
}

function hasForced(state: ObjectState): boolean {
  return state.fields.some((f) => !f.forbidden && (f.forced || (f.object !== undefined && hasForced(f.object))));
}

function pruneField(f: FieldState, v: unknown): { keep: boolean; value?: unknown } {
  if (f.excluded || isEmptyValue(v)) return { keep: false };
  if (v === null) return typesOf(f.schema).includes("null") ? { keep: true, value: null } : { keep: false };
  if (f.object) {
    if (!isObject(v)) return { keep: true, value: v };
    const child = pruneWithState(f.object, v);
    return Object.keys(child).length || f.required ? { keep: true, value: child } : { keep: false };
  }
  return { keep: true, value: cloneJson(v) };
}

/** The body of `values` under a resolved state: only the fields the state keeps, empty values dropped. */
export function pruneWithState(state: ObjectState, values: FormValues): FormValues {
  const out: FormValues = {};
  for (const f of state.fields) {
    const r = pruneField(f, values[f.name]);
    if (r.keep) out[f.name] = r.value;
  }
  return out;
}

export interface SettledForm {
  /** The resolved form for the body (what the API will see). */
  state: ObjectState;
  /** What is sent: forced values set, forbidden / statement / empty fields omitted. */
  body: FormValues;
  /** The values to show: the input with forced values set (hidden values kept, so a branch switched back restores them). */
  values: FormValues;
}

const MAX_ROUNDS = 12;

/**
 * Settles a form: the body is the fixed point of "resolve, force, prune" (a forced value or a
 * pruned field can switch another condition). Conditions are judged on the body, exactly as the
 * API judges the submitted section.
 */
export function settleForm(schema: JsonSchema, input: FormValues): SettledForm {
  let current: FormValues = cloneJson(input);
  let state = resolveObject(schema, current);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const next = pruneWithState(state, applyForcedValues(state, current));
    if (jsonEqual(next, current)) break;
    current = next;
    state = resolveObject(schema, current);
  }
  const body = pruneWithState(state, applyForcedValues(state, current));
  return { state, body, values: applyForcedValues(state, input) };
}

/** The body to send for `values`: hidden and forbidden fields pruned, forced values set. */
export function pruneHiddenValues(schema: JsonSchema, values: FormValues): FormValues {
  return settleForm(schema, values).body;
}

function withDefaults(state: ObjectState, values: FormValues): FormValues {
  const out: FormValues = { ...values };
  for (const f of state.fields) {
    if (out[f.name] === undefined && f.schema.default !== undefined) out[f.name] = cloneJson(f.schema.default);
    if (f.object && out[f.name] !== null) {
      out[f.name] = withDefaults(f.object, isObject(out[f.name]) ? (out[f.name] as FormValues) : {});
    }
  }
  return out;
}

/**
 * The values a form starts with: the given ones (e.g. the employment's saved section), the
 * schema's defaults for what is missing, nested fieldsets as objects, and forced values.
 */
export function initialFormValues(schema: JsonSchema, given: FormValues = {}): FormValues {
  let values = cloneJson(given);
  // Twice: defaults can activate a branch whose own defaults then apply.
  for (let i = 0; i < 2; i++) values = withDefaults(resolveObject(schema, values), values);
  return settleForm(schema, values).values;
}

/** Whether the field at `path` is shown (it and every enclosing fieldset). */
export function isFieldVisible(state: ObjectState, path: string | readonly string[]): boolean {
  const segments = typeof path === "string" ? path.split(".") : path;
  for (let i = 1; i <= segments.length; i++) {
    const f = findField(state, segments.slice(0, i));
    if (!f || f.hidden) return false;
  }
  return true;
}

/** Dotted paths of the fields shown for `values` (after settling). */
export function visibleFieldPaths(schema: JsonSchema, values: FormValues): string[] {
  const { state } = settleForm(schema, values);
  const out: string[] = [];
  const walk = (level: ObjectState) => {
    for (const f of level.fields) {
      if (f.hidden) continue;
      out.push(f.path.join("."));
      if (f.object) walk(f.object);
    }
  };
  walk(state);
  return out;
}
