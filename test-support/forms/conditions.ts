import { matchesSchema } from "@/lib/forms/ajv";
import { findField, resolveObject, type ObjectState } from "@/lib/forms/resolve";
import { asArray, asSchema, isObject, jsonEqual, type FormValues, type JsonSchema } from "@/lib/forms/types";
import { LEAVE_EMPTY, sampleValue } from "./generate";

// Test support: every `if/then/else` of a form (at any depth: nested in a branch, or in a nested
// fieldset), and the answers that drive it into a given branch. Answers are derived from the
// `if` subschema itself — a value it accepts to make it hold, one it rejects (or a required field
// left empty) to make it fail — with candidate values taken from the form (options, consts, the
// bounds any branch or test puts on the field, ±1, and the generator's samples). The enclosing
// conditionals' branches are part of the requirement, so a nested conditional is reached through
// its parents. Whether the branch is really active is judged on the settled body, by ajv.

export type Branch = "then" | "else";

export interface Conditional {
  /** Where its node sits ("allOf/3/then/allOf/0", "equity_compensation/allOf/0"). */
  where: string;
  /** Dotted path of the object level it applies to ("" for the form). */
  objectPath: string;
  /** The node holding `if` (identity matters: activeParts returns the schema's own nodes). */
  node: JsonSchema;
  test: unknown;
  then?: JsonSchema;
  else?: JsonSchema;
  /** The branches of the enclosing conditionals this one sits in, outermost first. */
  enclosing: { conditional: Conditional; branch: Branch }[];
}

/** One condition an answer set must meet: the `test` of a level holds (or not) on the body. */
export interface Requirement {
  objectPath: string;
  test: unknown;
  holds: boolean;
}

/** Dotted path → value, or LEAVE_EMPTY for "absent". */
export type Answers = Record<string, unknown>;

export function prefixed(objectPath: string, name: string) {
  return objectPath ? `${objectPath}.${name}` : name;
}

function collect(node: JsonSchema, objectPath: string, where: string, enclosing: Conditional["enclosing"], out: Conditional[]) {
  asArray(node.allOf).forEach((sub, i) => {
    if (isObject(sub)) collect(sub, objectPath, `${where}allOf/${i}/`, enclosing, out);
  });
  if (!("if" in node)) return;
  const c: Conditional = { where: where.replace(/\/$/, "") || "(form)", objectPath, node, test: node.if, enclosing };
  if (isObject(node.then)) c.then = node.then;
  if (isObject(node.else)) c.else = node.else;
  out.push(c);
  for (const branch of ["then", "else"] as const) {
    const b = c[branch];
    if (b) collect(b, objectPath, `${where}${branch}/`, [...enclosing, { conditional: c, branch }], out);
  }
}

/** Every conditional of a form: its own (through allOf and nested branches) and its nested fieldsets'. */
export function listConditionals(schema: JsonSchema, objectPath = ""): Conditional[] {
  const out: Conditional[] = [];
  collect(schema, objectPath, objectPath ? `${objectPath.replace(/\./g, "/")}/` : "", [], out);
  for (const [name, def] of Object.entries(asSchema(schema.properties) ?? {})) {
    if (isObject(def) && isObject(def.properties)) out.push(...listConditionals(def, prefixed(objectPath, name)));
  }
  return out;
}

/**
 * The number of `if` keywords of a schema, counted blindly (JSON Logic under x-jsf-logic aside),
 * so a test can tell that listConditionals missed none.
 */
export function countIfKeywords(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((n: number, x) => n + countIfKeywords(x), 0);
  if (!isObject(node)) return 0;
  let n = "if" in node ? 1 : 0;
  for (const [k, v] of Object.entries(node)) if (k !== "x-jsf-logic" && k !== "const" && k !== "default") n += countIfKeywords(v);
  return n;
}

/** What must hold on the body for `branch` of `c` to be the active one. */
export function requirementsOf(c: Conditional, branch: Branch): Requirement[] {
  return [...c.enclosing, { conditional: c, branch }].map((e) => ({
    objectPath: e.conditional.objectPath,
    test: e.conditional.test,
    holds: e.branch === "then",
  }));
}

/** The values of the object level at `objectPath` of a body ({} when absent). */
export function levelValues(body: FormValues, objectPath: string): FormValues {
  let node: unknown = body;
  if (objectPath) for (const seg of objectPath.split(".")) node = isObject(node) ? node[seg] : undefined;
  return isObject(node) ? node : {};
}

export function requirementMet(body: FormValues, r: Requirement): boolean {
  return matchesSchema(r.test, levelValues(body, r.objectPath)) === r.holds;
}

const emptyStates = new WeakMap<JsonSchema, ObjectState>();

/** The form resolved with no values (cached: the declarations of every field). */
export function emptyState(root: JsonSchema): ObjectState {
  let state = emptyStates.get(root);
  if (!state) emptyStates.set(root, (state = resolveObject(root, {})));
  return state;
}

// --- candidate values of a field -------------------------------------------------------------

const NUMBER_BOUNDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"];

/** Every definition of `name` anywhere in a level (declaration, branches, `if` tests), x-jsf-logic aside. */
function definitionsOf(level: JsonSchema, name: string): JsonSchema[] {
  const out: JsonSchema[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (k === "x-jsf-logic" || k === "const" || k === "default") continue;
      // A `properties` map holds this level's field definitions (a nested fieldset's own fields are another level).
      if (k === "properties") {
        if (isObject(v) && isObject(v[name])) out.push(v[name]);
      } else walk(v);
    }
  };
  walk(level);
  return out;
}

function addCandidate(list: unknown[], v: unknown) {
  if (v !== undefined && v !== null && !list.some((x) => jsonEqual(x, v))) list.push(v);
}

const candidateCache = new WeakMap<JsonSchema, Map<string, unknown[]>>();

/**
 * Values worth trying for a field: its options and consts, the bounds any definition puts on it
 * (and their neighbours), the generator's samples. The level schema is the object holding the field.
 */
export function candidateValues(root: JsonSchema, objectPath: string, name: string): unknown[] {
  let cache = candidateCache.get(root);
  if (!cache) candidateCache.set(root, (cache = new Map()));
  const key = prefixed(objectPath, name);
  const hit = cache.get(key);
  if (hit) return hit;
  const level = objectPath ? (findField(emptyState(root), objectPath)?.schema ?? {}) : root;
  const out: unknown[] = [];
  const numbers: number[] = [];
  for (const def of definitionsOf(level, name)) {
    addCandidate(out, def.const);
    for (const v of asArray(def.enum)) addCandidate(out, v);
    for (const o of asArray(def.oneOf ?? def.anyOf)) if (isObject(o) && "const" in o) addCandidate(out, o.const);
    for (const k of NUMBER_BOUNDS) if (typeof def[k] === "number") numbers.push(def[k]);
    if (def.type === "boolean") [true, false].forEach((v) => addCandidate(out, v));
  }
  for (const n of numbers) [n, n + 1, n - 1].forEach((v) => addCandidate(out, v));
  const field = findField(emptyState(root), key);
  if (field) for (const variant of [0, 1]) addCandidate(out, sampleValue(field, variant));
  if (!out.length) addCandidate(out, "typed");
  cache.set(key, out);
  return out;
}

// --- answers that make a test hold or fail ---------------------------------------------------

const MAX_ALTERNATIVES = 24;

function compatible(a: Answers, b: Answers): boolean {
  return Object.keys(b).every((k) => !(k in a) || a[k] === b[k] || (a[k] !== LEAVE_EMPTY && b[k] !== LEAVE_EMPTY && jsonEqual(a[k], b[k])));
}

/** Every compatible union of one answer set of `a` and one of `b` (capped). */
export function crossAnswers(a: readonly Answers[], b: readonly Answers[]): Answers[] {
  const out: Answers[] = [];
  for (const x of a) {
    for (const y of b) {
      if (compatible(x, y)) out.push({ ...x, ...y });
      if (out.length >= MAX_ALTERNATIVES) return out;
    }
  }
  return out;
}

/** Answer sets under which `test` holds for the level at `objectPath`. */
export function satisfying(root: JsonSchema, objectPath: string, test: unknown): Answers[] {
  if (test === true || test === undefined) return [{}];
  const s = asSchema(test);
  if (!s) return [];
  let alts: Answers[] = [{}];
  const required = asArray(s.required).map(String);
  for (const [name, sub] of Object.entries(asSchema(s.properties) ?? {})) {
    const path = prefixed(objectPath, name);
    const options: Answers[] = candidateValues(root, objectPath, name)
      .filter((v) => matchesSchema(sub, v))
      .slice(0, 8)
      .map((v) => ({ [path]: v }));
    // An absent field satisfies its `properties` entry.
    if (!required.includes(name)) options.push({ [path]: LEAVE_EMPTY });
    alts = crossAnswers(alts, options);
  }
  for (const name of required) {
    if (name in (asSchema(s.properties) ?? {})) continue;
    const path = prefixed(objectPath, name);
    alts = crossAnswers(
      alts,
      candidateValues(root, objectPath, name)
        .slice(0, 2)
        .map((v) => ({ [path]: v })),
    );
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    const list = asArray(s[key]);
    if (list.length)
      alts = crossAnswers(
        alts,
        list.flatMap((x) => satisfying(root, objectPath, x)),
      );
  }
  for (const x of asArray(s.allOf)) alts = crossAnswers(alts, satisfying(root, objectPath, x));
  if ("not" in s) alts = crossAnswers(alts, violating(root, objectPath, s.not));
  return alts;
}

/** Answer sets under which `test` fails for the level at `objectPath`. */
export function violating(root: JsonSchema, objectPath: string, test: unknown): Answers[] {
  if (test === false) return [{}];
  const s = asSchema(test);
  if (!s) return [];
  const out: Answers[] = [];
  for (const [name, sub] of Object.entries(asSchema(s.properties) ?? {})) {
    const path = prefixed(objectPath, name);
    for (const v of candidateValues(root, objectPath, name)
      .filter((x) => !matchesSchema(sub, x))
      .slice(0, 8))
      out.push({ [path]: v });
  }
  for (const name of asArray(s.required).map(String)) out.push({ [prefixed(objectPath, name)]: LEAVE_EMPTY });
  for (const key of ["anyOf", "oneOf"] as const) {
    const list = asArray(s[key]);
    if (list.length) out.push(...list.map((x) => violating(root, objectPath, x)).reduce((a, b) => crossAnswers(a, b), [{}] as Answers[]));
  }
  for (const x of asArray(s.allOf)) out.push(...violating(root, objectPath, x));
  if ("not" in s) out.push(...satisfying(root, objectPath, s.not));
  return out.slice(0, MAX_ALTERNATIVES);
}

/**
 * The fields a requirement tests that the form fixes (`const` with an equal `default` in their
 * declaration), with their values: the usual reason a branch cannot be reached.
 */
export function fixedTestedFields(root: JsonSchema, r: Requirement): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (test: unknown) => {
    const t = asSchema(test);
    if (!t) return;
    for (const name of [...Object.keys(asSchema(t.properties) ?? {}), ...asArray(t.required).map(String)]) {
      const f = findField(emptyState(root), prefixed(r.objectPath, name));
      if (f && "const" in f.base && jsonEqual(f.base.const, f.base.default)) out[prefixed(r.objectPath, name)] = f.base.const;
    }
    for (const k of ["anyOf", "oneOf", "allOf"]) asArray(t[k]).forEach(walk);
    if ("not" in t) walk(t.not);
  };
  walk(r.test);
  return out;
}

/** Answer sets to try for a list of requirements, most promising first (capped at `limit`). */
export function* answerSets(root: JsonSchema, requirements: readonly Requirement[], limit = 48): Generator<Answers> {
  const per = requirements.map((r) => (r.holds ? satisfying : violating)(root, r.objectPath, r.test));
  let yielded = 0;
  function* product(i: number, acc: Answers): Generator<Answers> {
    if (yielded >= limit) return;
    if (i === per.length) {
      yielded++;
      yield acc;
      return;
    }
    for (const a of per[i]!) if (compatible(acc, a)) yield* product(i + 1, { ...acc, ...a });
  }
  yield* product(0, {});
}
