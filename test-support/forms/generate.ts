import { formatCalendarDate, parseCalendarDate } from "@/lib/forms/operations";
import { presentationOf, type FieldState, type ObjectState } from "@/lib/forms/resolve";
import { asArray, asSchema, cloneJson, isObject, type FormValues, type JsonSchema } from "@/lib/forms/types";
import { validateFormValues } from "@/lib/forms/validate";
import { initialFormValues, settleForm } from "@/lib/forms/values";

// Test support: values that satisfy a form, filled the way a person would — field by field in
// the order shown, the branches revealing more fields as answers are given — so that "a valid
// filled form produces a body the API accepts" can be checked on any schema. Choices can be
// pinned (`overrides`) to walk a given branch of a conditional.

/** Pins a field to "left empty" in overrides. */
export const LEAVE_EMPTY = Symbol("leave empty");

export interface GenerateOptions {
  /** Dotted path → value (or LEAVE_EMPTY); pinned values are never changed. */
  overrides?: Record<string, unknown>;
  /** Picks other options and amounts (cycles through the lists). */
  variant?: number;
  /** Fill optional fields too (default true). */
  optional?: boolean;
  /** Values to start from (e.g. the API's example section); the generator fills what they lack. */
  seed?: FormValues;
}

const TEXT_CANDIDATES = [
  "Jane Doe",
  "Lisbon",
  "AB123456",
  "123456789",
  "12345",
  "1000-001",
  "SW1A 1AA",
  "10115",
  "PT50000201231234567890154",
  "DE89370400440532013000",
  "GB29NWBK60161331926819",
  "NWBKGB2L",
  "123-45-6789",
  "A1",
  "a",
  "1",
];

function addDays(iso: string, days: number): string {
  const d = parseCalendarDate(iso)!;
  d.setDate(d.getDate() + days);
  return formatCalendarDate(d);
}

function optionValues(schema: JsonSchema, many: boolean): unknown[] {
  const source = many ? (asSchema(schema.items) ?? {}) : schema;
  const fromConst = asArray(source.oneOf ?? source.anyOf)
    .filter((o): o is JsonSchema => isObject(o) && "const" in o)
    .map((o) => o.const);
  const values = fromConst.length ? fromConst : asArray(source.enum);
  const fromPresentation = asArray(presentationOf(schema).options)
    .filter(isObject)
    .map((o) => o.value);
  return (values.length ? values : fromPresentation).filter((v) => v !== null);
}

function sampleNumber(f: FieldState, variant: number): number {
  const s = f.schema;
  let lo = typeof s.minimum === "number" ? s.minimum : undefined;
  if (typeof s.exclusiveMinimum === "number")
    lo = Math.max(lo ?? -Infinity, s.exclusiveMinimum + (f.valueType === "integer" || f.inputType === "money" ? 1 : 0.5));
  let hi = typeof s.maximum === "number" ? s.maximum : undefined;
  if (typeof s.exclusiveMaximum === "number") hi = Math.min(hi ?? Infinity, s.exclusiveMaximum - (f.valueType === "integer" ? 1 : 0.5));
  let v: number;
  if (f.inputType === "money") v = Math.max(lo ?? 0, 6_000_000 + variant * 123_400);
  else if (lo !== undefined && hi !== undefined) v = lo + Math.floor((hi - lo) / 2);
  else if (lo !== undefined) v = lo + (lo >= 0 && lo < 1 ? 1 : 0);
  else if (hi !== undefined) v = Math.min(hi, 10);
  else v = 10 + variant;
  if (hi !== undefined) v = Math.min(v, hi);
  if (typeof s.multipleOf === "number" && s.multipleOf > 0) v = Math.ceil(v / s.multipleOf) * s.multipleOf;
  return f.valueType === "integer" || f.inputType === "money" ? Math.ceil(v) : v;
}

function matches(pattern: string | undefined, text: string): boolean {
  if (!pattern) return true;
  try {
    return new RegExp(pattern, "u").test(text);
  } catch {
    return true;
  }
}

function telCandidates(s: JsonSchema): string[] {
  const out: string[] = [];
  const patterns = [s.pattern, ...asArray(s.anyOf ?? s.oneOf).map((o) => asSchema(o)?.pattern)].filter(
    (p): p is string => typeof p === "string",
  );
  for (const p of patterns.slice(0, 3)) {
    const prefix = /\\\+(\d+)/.exec(p)?.[1] ?? "";
    const area = /\)\((\d+)\)/.exec(p)?.[1] ?? "";
    out.push(`+${prefix}${area}912345678`, `+${prefix}${area}12345678`);
  }
  out.push("+351912345678", "+4915123456789", "+447911123456");
  return out;
}

function sampleString(f: FieldState, variant: number): unknown {
  const s = f.schema;
  const p = presentationOf(s);
  const pattern = typeof s.pattern === "string" ? s.pattern : undefined;
  const min = typeof s.minLength === "number" ? s.minLength : 0;
  const max = typeof s.maxLength === "number" ? s.maxLength : 255;
  const fits = (t: string) => t.length >= min && t.length <= max && matches(pattern, t);
  if (f.inputType === "date" || s.format === "date") {
    const minDate = typeof p.minDate === "string" && parseCalendarDate(p.minDate) ? p.minDate : undefined;
    const maxDate = typeof p.maxDate === "string" && parseCalendarDate(p.maxDate) ? p.maxDate : undefined;
    let d = minDate ? addDays(minDate, 30 + variant) : `2030-0${1 + (variant % 9)}-15`;
    if (maxDate && d > maxDate) d = minDate ?? maxDate;
    return d;
  }
  if (f.inputType === "email" || s.format === "email") return variant ? `jane.doe+${variant}@example.com` : "jane.doe@example.com";
  if (f.inputType === "time") return "09:00";
  if (f.inputType === "file" || s.format === "data-url") return "data:application/pdf;name=document.pdf;base64,JVBERi0xLjQK";
  if (f.inputType === "tel" || asArray(s.anyOf).some((o) => typeof asSchema(o)?.pattern === "string")) {
    const alternatives = asArray(s.anyOf ?? s.oneOf)
      .map((o) => asSchema(o)?.pattern)
      .filter((x): x is string => typeof x === "string");
    const ok = (t: string) => fits(t) && (!alternatives.length || alternatives.some((a) => matches(a, t)));
    return telCandidates(s).find(ok) ?? "+351912345678";
  }
  if (f.inputType === "textarea" || min > 20) {
    let text = "Plans the work of the team, reviews deliverables and reports progress to the management every week. ";
    while (text.length < min) text += text;
    text = text.slice(0, Math.max(min, Math.min(max, 120))).trim();
    if (fits(text)) return text;
  }
  return TEXT_CANDIDATES.find(fits) ?? TEXT_CANDIDATES.map((t) => t.padEnd(min, "x").slice(0, max)).find(fits) ?? "Jane Doe";
}

/** A value a person could enter for a field (undefined when the generator cannot tell). */
export function sampleValue(f: FieldState, variant = 0): unknown {
  const s = f.schema;
  if ("const" in s) return cloneJson(s.const);
  const many = f.valueType === "array";
  const options = optionValues(s, many);
  if (options.length) {
    const v = options[variant % options.length];
    return many ? [v] : v;
  }
  switch (f.valueType) {
    case "boolean":
      return true;
    case "integer":
    case "number":
      return sampleNumber(f, variant);
    case "array":
      return undefined;
    case "object":
      return {};
    default:
      return sampleString(f, variant);
  }
}

function getAt(values: FormValues, path: readonly string[]): unknown {
  let node: unknown = values;
  for (const seg of path) node = isObject(node) ? node[seg] : undefined;
  return node;
}

function setAt(values: FormValues, path: readonly string[], value: unknown) {
  let node: FormValues = values;
  for (const seg of path.slice(0, -1)) {
    if (!isObject(node[seg])) node[seg] = {};
    node = node[seg] as FormValues;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

function applyOverrides(values: FormValues, overrides: Record<string, unknown>) {
  for (const [path, v] of Object.entries(overrides)) setAt(values, path.split("."), v === LEAVE_EMPTY ? undefined : cloneJson(v));
}

function fillLevel(
  state: ObjectState,
  values: FormValues,
  opts: { variant: number; optional: boolean; overrides: Record<string, unknown> },
): boolean {
  let changed = false;
  for (const f of state.fields) {
    const key = f.path.join(".");
    if (key in opts.overrides) continue;
    if (f.hidden || f.excluded || f.forced || f.statementOnly || f.readOnly) continue;
    const current = getAt(values, f.path);
    if (f.object) {
      if (!isObject(current)) {
        setAt(values, f.path, {});
        changed = true;
      }
      changed = fillLevel(f.object, values, opts) || changed;
      continue;
    }
    if (current !== undefined || !(f.required || opts.optional)) continue;
    const v = sampleValue(f, opts.variant);
    if (v === undefined) continue;
    setAt(values, f.path, v);
    changed = true;
  }
  return changed;
}

/** Values that satisfy the form (best effort: check them with validateFormValues). */
export function generateValidValues(schema: JsonSchema, options: GenerateOptions = {}): FormValues {
  const overrides = options.overrides ?? {};
  const run = (optional: boolean) => {
    const start: FormValues = cloneJson(options.seed ?? {});
    applyOverrides(start, overrides);
    let values = initialFormValues(schema, start);
    applyOverrides(values, overrides);
    for (let round = 0; round < 30; round++) {
      const { state, values: shown } = settleForm(schema, values);
      values = shown;
      applyOverrides(values, overrides);
      if (!fillLevel(state, values, { variant: options.variant ?? 0, optional, overrides })) break;
    }
    return settleForm(schema, values).values;
  };
  const all = run(options.optional ?? true);
  if (options.optional === false || !validateFormValues(schema, all)) return all;
  return run(false);
}
