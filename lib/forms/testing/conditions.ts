import { asArray, asSchema, isObject, type JsonSchema } from "../types";
import { LEAVE_EMPTY } from "./generate";

// Test support: the conditionals of a form whose `if` only tests fields against a const or an
// enum — the ones whose two branches a test can reach by answering those fields. Each comes with
// the answers that make it hold, the answers that make it fail, and the answers its enclosing
// conditionals need to be evaluated at all.

export interface Conditional {
  /** Where it sits, for messages ("allOf/3/else/allOf/0/if"). */
  where: string;
  /** Dotted path of the object level it applies to ("" for the form). */
  objectPath: string;
  then?: JsonSchema;
  else?: JsonSchema;
  /** Answers (dotted paths) that make the condition hold, its enclosing conditionals' branch included; null when none can. */
  holds: Record<string, unknown> | null;
  /** Answers that make it fail; null when none can. */
  fails: Record<string, unknown> | null;
}

/** What the enclosing branches demand of a field: a value, or none of some values (absent is fine). */
type Constraint = { equals: unknown } | { notIn: unknown[]; prefer?: unknown };
type Context = Map<string, Constraint>;

function optionValues(def: JsonSchema | undefined): unknown[] {
  if (!def) return [];
  const fromConst = asArray(def.oneOf ?? def.anyOf)
    .filter((o): o is JsonSchema => isObject(o) && "const" in o)
    .map((o) => o.const);
  return (fromConst.length ? fromConst : asArray(def.enum)).filter((v) => v !== null);
}

/** The const/enum tests of an `if`, or null when it tests anything else. */
function simpleTests(test: unknown, properties: JsonSchema): { name: string; allowed: unknown[] }[] | null {
  const t = asSchema(test);
  if (!t || !isObject(t.properties)) return null;
  if (Object.keys(t).some((k) => k !== "properties" && k !== "required")) return null;
  const tests: { name: string; allowed: unknown[] }[] = [];
  for (const [name, sub] of Object.entries(t.properties)) {
    const s = asSchema(sub);
    if (!s || !(name in properties)) return null;
    if ("const" in s && Object.keys(s).length === 1) tests.push({ name, allowed: [s.const] });
    else if (Array.isArray(s.enum) && Object.keys(s).length === 1) tests.push({ name, allowed: s.enum });
    else return null;
  }
  return tests.length ? tests : null;
}

function prefixed(objectPath: string, name: string) {
  return objectPath ? `${objectPath}.${name}` : name;
}

const includes = (list: readonly unknown[], v: unknown) => list.some((x) => JSON.stringify(x) === JSON.stringify(v));

/** A value of `candidates` that the context allows for `path` (undefined when none). */
function pick(context: Context, path: string, candidates: readonly unknown[]): unknown {
  const c = context.get(path);
  if (!c) return candidates[0];
  if ("equals" in c) return includes(candidates, c.equals) ? c.equals : undefined;
  return candidates.find((v) => !includes(c.notIn, v));
}

function answersOf(context: Context): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, c] of context) out[path] = "equals" in c ? c.equals : c.prefer !== undefined ? c.prefer : LEAVE_EMPTY;
  return out;
}

function collect(node: JsonSchema, level: JsonSchema, objectPath: string, where: string, context: Context, out: Conditional[]) {
  const properties = asSchema(level.properties) ?? {};
  asArray(node.allOf).forEach((sub, i) => {
    if (isObject(sub)) collect(sub, level, objectPath, `${where}allOf/${i}/`, context, out);
  });
  if (!("if" in node)) return;
  const tests = simpleTests(node.if, properties);
  if (!tests) return;
  // Holds: every tested field takes an allowed value the enclosing branches allow too.
  let holdsContext: Context | null = new Map(context);
  for (const t of tests) {
    const path = prefixed(objectPath, t.name);
    const v = pick(context, path, t.allowed);
    if (v === undefined) holdsContext = null;
    else holdsContext?.set(path, { equals: v });
  }
  // Fails: the first tested field takes another option (or stays empty: the `if` requires it).
  // Nested conditionals only learn "not these values", so an if/else-if chain stays reachable.
  let failsContext: Context | null = new Map(context);
  const first = tests[0]!;
  const firstPath = prefixed(objectPath, first.name);
  const pinned = context.get(firstPath);
  if (pinned && "equals" in pinned) {
    if (includes(first.allowed, pinned.equals)) failsContext = null;
  } else {
    const notIn = [...(pinned?.notIn ?? []), ...first.allowed];
    const prefer = optionValues(asSchema(properties[first.name])).find((v) => !includes(notIn, v));
    failsContext.set(firstPath, prefer !== undefined ? { notIn, prefer } : { notIn });
  }
  const c: Conditional = {
    where: `${where}if`,
    objectPath,
    holds: holdsContext ? answersOf(holdsContext) : null,
    fails: failsContext ? answersOf(failsContext) : null,
  };
  if (isObject(node.then)) c.then = node.then;
  if (isObject(node.else)) c.else = node.else;
  out.push(c);
  if (holdsContext && isObject(node.then)) collect(node.then, level, objectPath, `${where}then/`, holdsContext, out);
  if (failsContext && isObject(node.else)) collect(node.else, level, objectPath, `${where}else/`, failsContext, out);
}

/** Every const/enum conditional of a form, its nested fieldsets included. */
export function listConditionals(schema: JsonSchema, objectPath = ""): Conditional[] {
  const out: Conditional[] = [];
  collect(schema, schema, objectPath, objectPath ? `${objectPath.replace(/\./g, "/")}/` : "", new Map(), out);
  for (const [name, def] of Object.entries(asSchema(schema.properties) ?? {})) {
    if (isObject(def) && isObject(def.properties)) out.push(...listConditionals(def, prefixed(objectPath, name)));
  }
  return out;
}

/** Fields a branch forbids (`false`), as dotted paths. */
export function forbiddenBy(branch: JsonSchema | undefined, objectPath: string): string[] {
  return Object.entries(asSchema(branch?.properties) ?? {})
    .filter(([, v]) => v === false)
    .map(([n]) => prefixed(objectPath, n));
}

/** Fields a branch requires, as dotted paths. */
export function requiredBy(branch: JsonSchema | undefined, objectPath: string): string[] {
  return asArray(branch?.required).map((n) => prefixed(objectPath, String(n)));
}
