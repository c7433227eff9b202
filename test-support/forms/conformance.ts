import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { expect } from "vitest";
import { CountryForm } from "@/components/forms/country-form";
import { activeParts, findField, inputTypeOf, type FieldState } from "@/lib/forms/resolve";
import { fieldDomId, fieldIndex } from "@/lib/forms/rjsf";
import { asArray, asSchema, isObject, jsonEqual, type FieldErrors, type FormValues, type JsonSchema } from "@/lib/forms/types";
import { validateFormValues } from "@/lib/forms/validate";
import { isFieldVisible, settleForm, type SettledForm } from "@/lib/forms/values";
import {
  answerSets,
  countIfKeywords,
  emptyState,
  fixedTestedFields,
  levelValues,
  listConditionals,
  prefixed,
  requirementMet,
  requirementsOf,
  type Answers,
  type Branch,
  type Conditional,
} from "./conditions";
import { generateValidValues, sampleValue } from "./generate";

// The checks every form schema must pass through the adapter (fixtures of the real provider and
// every form our API serves): it renders, each `if/then/else` shows and hides the right fields in
// both branches and applies what the branch implies, pruning drops what the active branches
// forbid, and a filled form gives a body the API accepts.

/** Server-renders the RJSF form of a schema (react-dom/server) and returns the HTML. */
export function renderForm(schema: unknown, values?: FormValues, serverErrors?: FieldErrors): string {
  return renderToString(createElement(CountryForm, { schema, initialValues: values, onSubmit: () => {}, serverErrors }));
}

export function checkRenders(schema: JsonSchema, values: FormValues) {
  const html = renderForm(schema, values);
  expect(html).toContain("<form");
  const { state } = settleForm(schema, values);
  const walk = (level: typeof state, parentHidden: boolean) => {
    for (const f of level.fields) {
      const hidden = parentHidden || f.hidden;
      const id = fieldDomId(f.path);
      if (!hidden && !f.object && !f.statementOnly) expect(html, `${f.path.join(".")} should be rendered`).toContain(`id="${id}"`);
      if (hidden && !f.object) expect(html, `${f.path.join(".")} should not be rendered`).not.toContain(`id="${id}"`);
      if (f.object) walk(f.object, hidden);
    }
  };
  walk(state, false);
  return html;
}

export interface BranchReport {
  /** "allOf/3/then/allOf/0": where the conditional's node sits. */
  conditional: string;
  branch: Branch;
  /** How many implications of the branch were asserted (0: nothing observable). */
  checked: number;
  /** What was asserted, e.g. "requires work_hours_per_week", for messages and reports. */
  checks: string[];
  /** Set when no answer tried puts the body in this branch. */
  unreachable?: string;
}

export interface ConditionalCheckOptions {
  /** Values to start from (e.g. the API's example section); the answers that drive a branch override them. */
  seed?: FormValues;
  /** Answers to try first for a branch ("<where> <branch>" → answers), for branches only computed values reach. */
  hints?: Record<string, Answers>;
}

/**
 * Every `if/then/else` of a form driven into both branches (answers built from the `if` itself,
 * the enclosing branches included), then, for the active branch, what it implies:
 * - the fields it requires are shown and required, and leaving one empty blocks the form;
 * - the fields it forbids (`false`) are hidden, and a value typed into one never reaches the body;
 * - its const / forced values are applied and its refinements (bounds, presentation, messages) are in force;
 * - what only the other branch imposes is lifted: the other branch's forbidden fields are shown,
 *   its required fields optional, its bounds and overrides gone (unless another active part imposes them).
 * Returns one report per branch; a branch with `checked: 0` had nothing observable.
 */
export function checkConditionals(schema: JsonSchema, options: ConditionalCheckOptions = {}): BranchReport[] {
  const conditionals = listConditionals(schema);
  expect(conditionals.length, "every `if` of the schema is listed").toBe(countIfKeywords(schema));
  const reports: BranchReport[] = [];
  for (const c of conditionals)
    for (const branch of ["then", "else"] as const) reports.push(checkConditionalBranch(schema, c, branch, options));
  return reports;
}

/** The direct implications of a schema node: its own required / properties, and its allOf entries that are not conditionals. */
interface Effects {
  requires: Set<string>;
  forbids: Set<string>;
  defs: { name: string; def: JsonSchema }[];
}

function effectsOf(
  node: JsonSchema | undefined,
  deep: boolean,
  out: Effects = { requires: new Set(), forbids: new Set(), defs: [] },
): Effects {
  if (!node) return out;
  for (const n of asArray(node.required)) out.requires.add(String(n));
  for (const [name, def] of Object.entries(asSchema(node.properties) ?? {})) {
    if (def === false) out.forbids.add(name);
    else if (isObject(def)) out.defs.push({ name, def });
  }
  for (const sub of asArray(node.allOf)) if (isObject(sub) && (deep || !("if" in sub))) effectsOf(sub, deep, out);
  if (deep) for (const b of [node.then, node.else]) if (isObject(b)) effectsOf(b, deep, out);
  return out;
}

/** The conditionals a branch holds directly (itself, or through allOf entries that are not conditionals). */
function nestedConditionals(node: JsonSchema | undefined): JsonSchema[] {
  if (!node) return [];
  const out: JsonSchema[] = "if" in node ? [node] : [];
  for (const sub of asArray(node.allOf)) if (isObject(sub)) out.push(...("if" in sub ? [sub] : nestedConditionals(sub)));
  return out;
}

function getAt(values: FormValues, path: string): unknown {
  let node: unknown = values;
  for (const seg of path.split(".")) node = isObject(node) ? node[seg] : undefined;
  return node;
}

function hasPath(values: FormValues, path: string): boolean {
  const segs = path.split(".");
  const parent = levelValues(values, segs.slice(0, -1).join("."));
  return Object.hasOwn(parent, segs[segs.length - 1]!);
}

function withValue(values: FormValues, path: string, v: unknown): FormValues {
  const out = structuredClone(values);
  const segs = path.split(".");
  let node = out;
  for (const s of segs.slice(0, -1)) {
    if (!isObject(node[s])) node[s] = {};
    node = node[s] as FormValues;
  }
  if (v === undefined) delete node[segs[segs.length - 1]!];
  else node[segs[segs.length - 1]!] = v;
  return out;
}

/** A value a person could type into the field (for pruning checks). */
function typedValue(schema: JsonSchema, path: string, avoid?: unknown): unknown {
  const f = findField(emptyState(schema), path);
  const candidates = f ? [sampleValue(f, 0), sampleValue(f, 1), sampleValue(f, 2)] : [];
  return (
    candidates.find((v) => v !== undefined && !jsonEqual(v, avoid)) ??
    (f?.valueType === "number" || f?.valueType === "integer" ? 7 : f?.valueType === "boolean" ? true : "typed earlier")
  );
}

const LOWER = new Set(["minimum", "exclusiveMinimum", "minLength", "minItems"]);
const UPPER = new Set(["maximum", "exclusiveMaximum", "maxLength", "maxItems"]);
const DEEP = new Set(["x-jsf-presentation", "x-jsf-errorMessage", "x-jsf-logic-computedAttrs"]);

/** Leaf paths of a JSON object ("statement.description"). */
function leaves(v: unknown, prefix = ""): string[] {
  if (!isObject(v) || !Object.keys(v).length) return [prefix];
  return Object.entries(v).flatMap(([k, x]) => leaves(x, prefix ? `${prefix}.${k}` : k));
}

function leafAt(v: unknown, path: string): unknown {
  return path ? getAt(isObject(v) ? v : {}, path) : v;
}

interface Attempt {
  values: FormValues;
  settled: SettledForm;
}

/** Attempts kept per branch: the first attempt in the branch with something observable wins. */
const MAX_ATTEMPTS_IN_BRANCH = 6;

export function checkConditionalBranch(
  schema: JsonSchema,
  c: Conditional,
  branch: Branch,
  options: ConditionalCheckOptions = {},
): BranchReport {
  const requirements = requirementsOf(c, branch);
  const inBranch = (body: FormValues) =>
    requirements.every((r) => requirementMet(body, r)) && (!c.objectPath || isObject(getAt(body, c.objectPath)));
  const hint = options.hints?.[`${c.where} ${branch}`];
  let tried = 0;
  let inBranchCount = 0;
  let firstReport: BranchReport | undefined;
  // Each answer set with the generator's first choices, then with its other options (another
  // answer elsewhere in the form can force or forbid a tested field). A body can be in the branch
  // and still show nothing of it (e.g. another branch forbids the fields it concerns): the search
  // goes on for one that shows what the branch implies.
  search: for (const variant of [0, 1, 2]) {
    const derived = [...answerSets(schema, requirements)];
    for (const answers of hint ? [...derived.map((a) => ({ ...a, ...hint })), ...derived] : derived) {
      tried++;
      const values = generateValidValues(schema, { overrides: answers, seed: options.seed, variant });
      const settled = settleForm(schema, values);
      if (!inBranch(settled.body)) continue;
      const report = assertBranch(schema, c, branch, { values, settled }, inBranch);
      if (report.checked > 0) return report;
      firstReport ??= report;
      if (++inBranchCount >= MAX_ATTEMPTS_IN_BRANCH) break search;
    }
  }
  if (firstReport) return firstReport;
  const fixed = Object.entries(Object.assign({}, ...requirements.map((r) => fixedTestedFields(schema, r))) as Record<string, unknown>);
  const why = fixed.length ? `: the form fixes ${fixed.map(([p, v]) => `${p} to ${JSON.stringify(v)}`).join(", ")}` : "";
  return {
    conditional: c.where,
    branch,
    checked: 0,
    checks: [],
    unreachable: `no answer puts the body in the ${branch} branch (${tried} tried)${why}`,
  };
}

function assertBranch(
  schema: JsonSchema,
  c: Conditional,
  branch: Branch,
  attempt: Attempt,
  inBranch: (body: FormValues) => boolean,
): BranchReport {
  const report: BranchReport = { conditional: c.where, branch, checked: 0, checks: [] };
  const { values, settled } = attempt;
  const { state, body } = settled;
  const where = `${c.where} ${branch}`;
  const levelState = c.objectPath ? findField(state, c.objectPath)?.object : state;
  expect(levelState, `${where}: the level ${c.objectPath} is resolved`).toBeDefined();
  const level = levelState!;
  const parts = activeParts(level.schema, levelValues(body, c.objectPath));
  const active = c[branch];
  const other = c[branch === "then" ? "else" : "then"];
  // The adapter takes the branch ajv says is active (its own parts are the schema's nodes).
  if (active) expect(parts.includes(active), `${where}: the adapter applies this branch`).toBe(true);
  if (other) expect(parts.includes(other), `${where}: the adapter does not apply the other branch`).toBe(false);

  const index = fieldIndex(state);
  const path = (name: string) => prefixed(c.objectPath, name);
  const stillInBranch = (v: FormValues) => inBranch(settleForm(schema, v).body);
  const staticallyHidden = (f: FieldState) => inputTypeOf(f.base) === "hidden";
  const levelShown = !c.objectPath || isFieldVisible(state, c.objectPath);
  const count = (what: string) => {
    report.checked++;
    report.checks.push(what);
  };

  // What the active parts of this level impose, all together (the other branch's effects are lifted unless one of them imposes it too).
  const imposed = { requires: new Set<string>(), forbids: new Set<string>(), keywords: new Map<string, JsonSchema[]>() };
  for (const p of parts) {
    for (const n of asArray(p.required)) imposed.requires.add(String(n));
    for (const [name, def] of Object.entries(asSchema(p.properties) ?? {})) {
      if (def === false) imposed.forbids.add(name);
      else if (isObject(def)) imposed.keywords.set(name, [...(imposed.keywords.get(name) ?? []), def]);
    }
  }
  /** The active definitions of `name` after `def` (the ones that may override its keywords). */
  const laterDefs = (name: string, def: JsonSchema) => {
    const defs = imposed.keywords.get(name) ?? [];
    return defs.slice(defs.indexOf(def) + 1);
  };

  /**
   * Applies edits to the values and checks the settled result, all edits at once when the body
   * stays in the branch, else one by one (an edit that leaves the branch is not checked).
   */
  const editAndCheck = (edits: [string, unknown][], check: (settled: SettledForm, edited: FormValues, paths: string[]) => void) => {
    if (!edits.length) return;
    let edited = values;
    for (const [p, v] of edits) edited = withValue(edited, p, v);
    const s2 = settleForm(schema, edited);
    if (inBranch(s2.body))
      return check(
        s2,
        edited,
        edits.map(([p]) => p),
      );
    if (edits.length > 1) for (const e of edits) editAndCheck([e], check);
  };
  const emptiedRequired: [string, unknown][] = [];
  const typedForbidden: [string, unknown][] = [];
  const typedShown: [string, unknown][] = [];

  // --- what the active branch implies ---
  const own = effectsOf(active, false);
  for (const name of own.requires) {
    const p = path(name);
    const f = findField(level, name);
    expect(f, `${where}: required ${p} is a field of the form`).toBeDefined();
    if (imposed.forbids.has(name)) {
      // Required and forbidden at once: the schema admits no body in this branch; nothing to show.
      continue;
    }
    expect(f!.forbidden, `${where}: required ${p} is allowed`).toBe(false);
    expect(f!.required, `${where}: ${p} is required`).toBe(true);
    if (f!.forced) {
      // The form fixes the value (possibly computed, possibly hidden): it is sent, not asked.
      if (!f!.excluded) expect(getAt(body, p), `${where}: required ${p} is sent with its fixed value`).toEqual(f!.forcedValue);
    } else if (!staticallyHidden(f!) && levelShown) {
      expect(isFieldVisible(state, p), `${where}: required ${p} is shown`).toBe(true);
      expect(index.get(p)?.hidden, `${where}: required ${p} is shown in the form's view`).toBe(false);
      if (!f!.forced && !f!.readOnly && !f!.statementOnly) emptiedRequired.push([p, undefined]);
    }
    count(`requires ${p}`);
  }
  for (const name of own.forbids) {
    const p = path(name);
    expect(isFieldVisible(state, p), `${where}: forbidden ${p} is hidden`).toBe(false);
    if (index.has(p)) expect(index.get(p)!.hidden, `${where}: forbidden ${p} is hidden in the form's view`).toBe(true);
    const f = findField(level, name);
    if (f) expect(f.forbidden, `${where}: ${p} is forbidden`).toBe(true);
    expect(hasPath(body, p), `${where}: forbidden ${p} is not in the body`).toBe(false);
    typedForbidden.push([p, typedValue(schema, p)]);
    count(`forbids ${p}`);
  }
  editAndCheck(emptiedRequired, (_, edited, paths) => {
    const errors = validateFormValues(schema, edited);
    for (const p of paths) expect(errors?.[p], `${where}: leaving required ${p} empty blocks the form`).toBeDefined();
  });
  editAndCheck(typedForbidden, (s2, _, paths) => {
    for (const p of paths) expect(hasPath(s2.body, p), `${where}: a value typed into forbidden ${p} is pruned`).toBe(false);
  });
  for (const { name, def } of own.defs) {
    const p = path(name);
    const f = findField(level, name);
    expect(f, `${where}: ${p} is a field of the form`).toBeDefined();
    if (f!.forbidden) continue; // another active part forbids it: its refinements cannot be seen
    const computed = asSchema(f!.schema["x-jsf-logic-computedAttrs"]) ?? {};
    const later = laterDefs(name, def);
    const overridden = (k: string) => k in computed || later.some((d) => k in d);
    let compared = 0;
    for (const [k, v] of Object.entries(def)) {
      if (k === "default") continue;
      const resolved = f!.schema[k];
      if (LOWER.has(k) && typeof v === "number" && !(k in computed)) {
        expect(resolved, `${where}: ${p}.${k} is at least ${v}`).toBeGreaterThanOrEqual(v);
        compared++;
        const invalid = k === "minimum" ? v - 1 : k === "exclusiveMinimum" ? v : undefined;
        if (invalid !== undefined && (f!.valueType === "number" || f!.valueType === "integer") && !f!.forced && isFieldVisible(state, p)) {
          const below = withValue(values, p, invalid);
          if (stillInBranch(below))
            expect(validateFormValues(schema, below)?.[p], `${where}: ${p} = ${invalid} is refused (${k} ${v})`).toBeDefined();
        }
      } else if (UPPER.has(k) && typeof v === "number" && !(k in computed)) {
        expect(resolved, `${where}: ${p}.${k} is at most ${v}`).toBeLessThanOrEqual(v);
        compared++;
        const invalid = k === "maximum" ? v + 1 : k === "exclusiveMaximum" ? v : undefined;
        if (invalid !== undefined && (f!.valueType === "number" || f!.valueType === "integer") && !f!.forced && isFieldVisible(state, p)) {
          const above = withValue(values, p, invalid);
          if (stillInBranch(above))
            expect(validateFormValues(schema, above)?.[p], `${where}: ${p} = ${invalid} is refused (${k} ${v})`).toBeDefined();
        }
      } else if (DEEP.has(k)) {
        for (const leaf of leaves(v)) {
          const laterLeaf = later.some((d) => leafAt(d[k], leaf) !== undefined);
          const computedLeaf = k !== "x-jsf-logic-computedAttrs" && leafAt(computed[k], leaf) !== undefined;
          if (laterLeaf || computedLeaf) continue;
          expect(leafAt(resolved, leaf), `${where}: ${p} ${k}.${leaf} is applied`).toEqual(leafAt(v, leaf));
          compared++;
        }
      } else if (k === "const" && !overridden(k)) {
        expect(resolved, `${where}: ${p} is fixed to ${JSON.stringify(v)}`).toEqual(v);
        compared++;
        if (f!.forced && f!.excluded) {
          expect(hasPath(body, p), `${where}: ${p} is fixed but carries no data (not sent)`).toBe(false);
        } else if (f!.forced) {
          expect(getAt(body, p), `${where}: forced ${p} is ${JSON.stringify(v)} in the body`).toEqual(v);
          const typed = withValue(values, p, typedValue(schema, p, v));
          const s2 = settleForm(schema, typed);
          if (inBranch(s2.body))
            expect(getAt(s2.body, p), `${where}: a value typed into forced ${p} is replaced by ${JSON.stringify(v)}`).toEqual(v);
        } else if (hasPath(body, p)) {
          expect(getAt(body, p), `${where}: ${p} is ${JSON.stringify(v)} in the body`).toEqual(v);
        }
      } else if (!overridden(k) && k !== "required") {
        expect(resolved, `${where}: ${p}.${k} is applied`).toEqual(v);
        compared++;
      }
    }
    if (compared) count(`refines ${p} (${Object.keys(def).join(", ")})`);
  }

  // Conditionals nested in the branch are in force with it (each is checked in both of its branches on its own).
  for (const nested of nestedConditionals(active)) {
    expect(parts.includes(nested), `${where}: its nested conditional is applied`).toBe(true);
    count(`applies a nested conditional (if ${JSON.stringify(nested.if).slice(0, 80)})`);
  }

  // --- what only the other branch implies is lifted ---
  const others = effectsOf(other, true);
  for (const name of others.forbids) {
    if (imposed.forbids.has(name)) continue;
    const p = path(name);
    const f = findField(level, name);
    if (!f) continue; // forbidden there, declared nowhere: nothing to show
    expect(f.forbidden, `${where}: ${p} (forbidden only by the other branch) is allowed`).toBe(false);
    if (!staticallyHidden(f) && !f.hidden && levelShown) {
      expect(isFieldVisible(state, p), `${where}: ${p} (forbidden only by the other branch) is shown`).toBe(true);
      if (!f.excluded && !f.forced) typedShown.push([p, getAt(values, p) ?? typedValue(schema, p)]);
    }
    count(`shows ${p} (the other branch forbids it)`);
  }
  editAndCheck(typedShown, (s2, _, paths) => {
    for (const p of paths) expect(hasPath(s2.body, p), `${where}: a value typed into ${p} is kept`).toBe(true);
  });
  for (const name of others.requires) {
    if (imposed.requires.has(name) || imposed.forbids.has(name)) continue;
    const p = path(name);
    const f = findField(level, name);
    if (!f) continue;
    expect(f.required, `${where}: ${p} (required only by the other branch) is optional`).toBe(false);
    count(`does not require ${p} (the other branch does)`);
  }
  const liftedDefs = new Map<string, Set<string>>();
  for (const { name, def } of others.defs)
    for (const k of Object.keys(def)) liftedDefs.set(name, new Set([...(liftedDefs.get(name) ?? []), k]));
  for (const [name, keywords] of liftedDefs) {
    if (imposed.forbids.has(name)) continue;
    const p = path(name);
    const f = findField(level, name);
    if (!f) continue;
    const defs = imposed.keywords.get(name) ?? [];
    const computed = asSchema(f.schema["x-jsf-logic-computedAttrs"]) ?? {};
    let compared = 0;
    const liftedValues = others.defs.filter((d) => d.name === name).map((d) => d.def);
    for (const k of keywords) {
      if (k === "default" || k === "required" || k in computed || DEEP.has(k)) continue;
      const activeValues = defs.filter((d) => k in d).map((d) => d[k]);
      for (const v of liftedValues.filter((d) => k in d).map((d) => d[k])) {
        const resolved = f.schema[k];
        if (LOWER.has(k) && typeof v === "number") {
          // Not in force: the active bound is lower (or there is none).
          if (activeValues.some((a) => typeof a === "number" && a >= v)) continue;
          expect(
            typeof resolved === "number" ? resolved : -Infinity,
            `${where}: ${p}.${k} ${v} of the other branch is not in force`,
          ).toBeLessThan(v);
        } else if (UPPER.has(k) && typeof v === "number") {
          if (activeValues.some((a) => typeof a === "number" && a <= v)) continue;
          expect(
            typeof resolved === "number" ? resolved : Infinity,
            `${where}: ${p}.${k} ${v} of the other branch is not in force`,
          ).toBeGreaterThan(v);
        } else {
          if (activeValues.some((a) => jsonEqual(a, v))) continue;
          expect(
            jsonEqual(resolved, v),
            `${where}: ${p}.${k} = ${JSON.stringify(v).slice(0, 60)} of the other branch is not in force`,
          ).toBe(false);
        }
        compared++;
      }
    }
    for (const k of DEEP) {
      if (!keywords.has(k) || (k !== "x-jsf-logic-computedAttrs" && k in computed)) continue;
      for (const def of liftedValues) {
        for (const leaf of leaves(def[k])) {
          if (!leaf) continue;
          const v = leafAt(def[k], leaf);
          if (defs.some((d) => jsonEqual(leafAt(d[k], leaf), v))) continue;
          expect(jsonEqual(leafAt(f.schema[k], leaf), v), `${where}: ${p} ${k}.${leaf} of the other branch is not in force`).toBe(false);
          compared++;
        }
      }
    }
    if (compared) count(`lifts the other branch's ${[...keywords].join(", ")} of ${p}`);
  }
  return report;
}

/**
 * A filled form (two variants) gives a body that passes the adapter's validation and that
 * `accept` (the API's validator, or ajv for fixtures) accepts. Returns the bodies.
 */
export function checkValidBodies(
  schema: JsonSchema,
  accept: (body: FormValues) => FieldErrors | null,
  variants = [0, 1],
  seed?: (variant: number) => FormValues,
): FormValues[] {
  return variants.map((variant) => {
    const values = generateValidValues(schema, { variant, seed: seed?.(variant) });
    const { body } = settleForm(schema, values);
    expect(validateFormValues(schema, values), `variant ${variant}: the form has no blocking error`).toBeNull();
    expect(accept(body), `variant ${variant}: the API accepts ${JSON.stringify(body).slice(0, 400)}`).toBeNull();
    return body;
  });
}

/** A branch the conditional checks may not reach, or where nothing can be observed, with the reason. */
export type AllowedGap =
  /** No answer reaches the branch; `because` must appear in the report's explanation (e.g. `has_seniority_date to "no"`). */
  { unreachable: true; because?: string; why: string } | { nothingObservable: true; why: string };

/**
 * Every branch was reached and showed something, except the ones listed (each with its reason);
 * a listed branch that is in fact checked fails too, so the list cannot go stale.
 */
export function expectOnlyAllowedGaps(reports: readonly BranchReport[], allowed: Readonly<Record<string, AllowedGap>>) {
  const gaps = new Map(reports.filter((r) => r.unreachable || r.checked === 0).map((r) => [`${r.conditional} ${r.branch}`, r]));
  for (const [key, r] of gaps) {
    const entry = allowed[key];
    expect(
      entry,
      `${key}: ${r.unreachable ?? "reached, but nothing of the branch can be observed"}; fix it or list it with its reason`,
    ).toBeDefined();
    if (r.unreachable) {
      expect("unreachable" in entry!, `${key} is listed as ${JSON.stringify(entry)} but is unreachable: ${r.unreachable}`).toBe(true);
      if ("unreachable" in entry! && entry.because) expect(r.unreachable).toContain(entry.because);
    } else expect("nothingObservable" in entry!, `${key} is listed as unreachable but was reached`).toBe(true);
  }
  for (const key of Object.keys(allowed))
    expect(gaps.has(key), `${key} is listed but is reached and checked: remove it from the list`).toBe(true);
}
