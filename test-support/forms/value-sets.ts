import fc from "fast-check";
import { formatCalendarDate, parseCalendarDate } from "@/lib/forms/operations";
import { presentationOf, walkFields, type FieldState } from "@/lib/forms/resolve";
import { asArray, asSchema, cloneJson, isObject, jsonEqual, type FormValues, type JsonSchema } from "@/lib/forms/types";
import { settleForm } from "@/lib/forms/values";
import { answerSets, listConditionals, requirementsOf } from "./conditions";
import { generateValidValues, LEAVE_EMPTY, sampleValue } from "./generate";

// Test support: value sets for a form, to compare two engines' verdicts on them (the engine
// agreement test): valid filled forms (several variants), both branches of every conditional
// (filled, and with only the answers that switch the branch), and, field by field, valid and
// invalid values — the wrong type, empty, null, out of the options, past each bound, broken
// patterns and dates, a value for a field the branch forbids — plus values drawn by fast-check
// (seeded, a few per field). Deterministic: the same form gives the same sets.

export interface ValueSet {
  /** What the set probes, e.g. "valid variant 1", "allOf/3 then (filled)", "salary: maximum + 1". */
  label: string;
  /** The field the set changes (dotted), when it is about one field. */
  field?: string;
  values: FormValues;
}

export interface ValueSetOptions {
  /** fast-check seed (default 20260903). */
  seed?: number;
  /** Values drawn by fast-check per field (default 3). */
  drawsPerField?: number;
  /** Answer sets tried per conditional branch (default 2). */
  answersPerBranch?: number;
  /** Cap on the sets of one form (default 600). */
  limit?: number;
}

function setAt(values: FormValues, path: readonly string[], value: unknown): FormValues {
  const out = cloneJson(values);
  let node: FormValues = out;
  for (const seg of path.slice(0, -1)) {
    if (!isObject(node[seg])) node[seg] = {};
    node = node[seg] as FormValues;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return out;
}

function getAt(values: FormValues, path: readonly string[]): unknown {
  let node: unknown = values;
  for (const seg of path) node = isObject(node) ? node[seg] : undefined;
  return node;
}

const addDays = (iso: string, days: number) => {
  const d = parseCalendarDate(iso)!;
  d.setDate(d.getDate() + days);
  return formatCalendarDate(d);
};

function optionsOf(schema: JsonSchema): unknown[] {
  const source = schema.type === "array" || asArray(schema.type).includes("array") ? (asSchema(schema.items) ?? {}) : schema;
  const consts = asArray(source.oneOf ?? source.anyOf)
    .filter((o): o is JsonSchema => isObject(o) && "const" in o)
    .map((o) => o.const);
  return consts.length ? consts : asArray(source.enum);
}

/** Hand-picked probes of one field: each bound and its neighbours, each kind of wrong value. */
function fieldProbes(f: FieldState): { label: string; value: unknown }[] {
  const s = f.schema;
  const out: { label: string; value: unknown }[] = [];
  const add = (label: string, value: unknown) => out.push({ label, value });
  add("removed", undefined);
  add("null", null);
  const options = optionsOf(s);
  switch (f.valueType) {
    case "string": {
      add("empty string", "");
      add("a number", 12345);
      if (options.length) {
        options.slice(0, 4).forEach((o, i) => add(`option ${i + 1}`, o));
        add("not an option", "__not_an_option__");
      }
      if (typeof s.maxLength === "number") {
        add("maxLength", "a".repeat(s.maxLength));
        add("maxLength + 1", "a".repeat(s.maxLength + 1));
      }
      if (typeof s.minLength === "number" && s.minLength > 0) add("minLength - 1", "a".repeat(s.minLength - 1));
      if (typeof s.pattern === "string") add("breaks the pattern", "!!! not matching ~~~");
      if (f.inputType === "date" || s.format === "date") {
        const p = presentationOf(s);
        add("impossible date", "2026-02-30");
        add("not ISO", "31/12/2026");
        add("date-time", "2026-12-31T10:00:00Z");
        if (typeof p.minDate === "string" && parseCalendarDate(p.minDate)) add("day before minDate", addDays(p.minDate, -1));
        if (typeof p.maxDate === "string" && parseCalendarDate(p.maxDate)) add("day after maxDate", addDays(p.maxDate, 1));
      }
      if (s.format === "email" || f.inputType === "email") add("not an email", "jane.doe@");
      break;
    }
    case "integer":
    case "number": {
      add("a string", "100");
      if (f.valueType === "integer") add("a fraction", 10.5);
      for (const k of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]) {
        const n = s[k];
        if (typeof n !== "number") continue;
        add(k, n);
        add(`${k} - 1`, n - 1);
        add(`${k} + 1`, n + 1);
      }
      if (options.length) add("not an option", -987654);
      break;
    }
    case "boolean":
      add("true", true);
      add("false", false);
      add("a string", "yes");
      break;
    case "array":
      add("empty list", []);
      add("a string", "x");
      if (options.length) {
        add("every option", cloneJson(options));
        add("not an option", ["__not_an_option__"]);
        add("an option twice", [options[0], options[0]]);
      }
      break;
    case "object":
      add("empty object", {});
      add("a string", "x");
      add("an unknown property", { __unknown__: 1 });
      break;
    default:
      add("a string", "x");
  }
  return out;
}

/** An arbitrary of values a person (or a careless client) might send for a field. */
function fieldArbitrary(f: FieldState): fc.Arbitrary<unknown> {
  const s = f.schema;
  const options = optionsOf(s);
  const anything = fc.oneof(fc.constant(null), fc.string({ maxLength: 12 }), fc.integer(), fc.boolean());
  switch (f.valueType) {
    case "string":
      if (options.length) return fc.oneof(fc.constantFrom(...options), anything);
      if (f.inputType === "date" || s.format === "date")
        return fc
          .date({ min: new Date(Date.UTC(2020, 0, 1)), max: new Date(Date.UTC(2032, 11, 31)), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      return fc.oneof(fc.string({ maxLength: typeof s.maxLength === "number" ? s.maxLength + 5 : 40 }), anything);
    case "integer":
    case "number": {
      const lo = typeof s.minimum === "number" ? s.minimum : typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum : 0;
      const hi = typeof s.maximum === "number" ? s.maximum : typeof s.exclusiveMaximum === "number" ? s.exclusiveMaximum : lo + 1_000_000;
      const span = Math.max(10, Math.ceil((hi - lo) * 0.2));
      const ints = fc.integer({ min: Math.floor(lo - span), max: Math.ceil(hi + span) });
      return f.valueType === "integer" ? ints : fc.oneof(ints, fc.double({ min: lo - span, max: hi + span, noNaN: true }));
    }
    case "boolean":
      return fc.oneof(fc.boolean(), anything);
    case "array":
      return options.length ? fc.subarray(options) : fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 });
    default:
      return anything;
  }
}

/** The body a client would send for filled values (hidden fields pruned, forced values set). */
const bodyOf = (schema: JsonSchema, values: FormValues) => settleForm(schema, values).body;

/** Value sets for one form (see the header). */
export function valueSets(schema: JsonSchema, options: ValueSetOptions = {}): ValueSet[] {
  const seed = options.seed ?? 20260903;
  const draws = options.drawsPerField ?? 3;
  const out: ValueSet[] = [];
  const seen = new Set<string>();
  const push = (set: ValueSet) => {
    const key = JSON.stringify(set.values);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(set);
  };

  // Valid filled forms.
  const bases = [0, 1, 2].map((variant) => bodyOf(schema, generateValidValues(schema, { variant })));
  bases.forEach((values, variant) => push({ label: `valid variant ${variant}`, values }));
  const base = bases[0]!;

  // Both branches of every conditional: filled after the answers, and the answers alone on the base.
  for (const c of listConditionals(schema)) {
    for (const branch of ["then", "else"] as const) {
      let n = 0;
      for (const answers of answerSets(schema, requirementsOf(c, branch), options.answersPerBranch ?? 2)) {
        const filled = generateValidValues(schema, { overrides: answers });
        push({ label: `${c.where} ${branch} #${n} (filled)`, values: bodyOf(schema, filled) });
        let raw = base;
        for (const [path, v] of Object.entries(answers)) raw = setAt(raw, path.split("."), v === LEAVE_EMPTY ? undefined : cloneJson(v));
        push({ label: `${c.where} ${branch} #${n} (answers only)`, values: raw });
        n++;
      }
    }
  }

  // Field by field, on the valid base: probes, a value for each forbidden field, drawn values.
  const { state } = settleForm(schema, base);
  const fields = walkFields(state).filter((f) => !f.statementOnly);
  for (const [i, f] of fields.entries()) {
    const path = f.path.join(".");
    if (f.forbidden) {
      const v = sampleValue({ ...f, schema: f.base }, 0) ?? "x";
      push({ label: `${path}: a value where the branch forbids it`, field: path, values: setAt(base, f.path, v) });
      continue;
    }
    for (const probe of fieldProbes(f)) {
      if (probe.value === undefined && getAt(base, f.path) === undefined) continue;
      push({ label: `${path}: ${probe.label}`, field: path, values: setAt(base, f.path, probe.value) });
    }
    const drawn = fc.sample(fieldArbitrary(f), { seed: seed + i, numRuns: draws });
    drawn.forEach((v, k) => push({ label: `${path}: drawn #${k} ${JSON.stringify(v)}`, field: path, values: setAt(base, f.path, v) }));
  }
  // An unknown property at the root.
  push({ label: "an unknown property", values: { ...base, __unknown_property__: "x" } });
  // Stable order, bounded.
  return out.slice(0, options.limit ?? 600).filter((s) => !jsonEqual(s.values, undefined));
}
