import { formatNumber } from "../number-format";
import jsonLogic from "json-logic-js";
import { LOGIC_OPERATIONS, unknownOperations } from "./operations";
import { asSchema, isObject, type FormValues, type JsonSchema } from "./types";

// JSON Logic of `x-jsf-logic` (validations and computed values) on json-logic-js, with the
// operation table of ./operations registered once. A rule that names an operation the engine does
// not know is inactive: a validation that uses one passes, a computed value that uses one is absent
// (the form still loads; the API warns once at start, see forms-engine-unknown-operations.md).

export { dateDiff, LOGIC_OPERATIONS, todayIso } from "./operations";

const OPERATIONS = Object.entries(LOGIC_OPERATIONS);

/**
 * json-logic-js with our operations registered. Its operation table is one per process, shared
 * with any other user of the library (the provider's engine adds its own operations of the same
 * names and removes them after each validation), so ours are set again before every evaluation:
 * a dozen assignments.
 */
export function getJsonLogic(): typeof jsonLogic {
  for (const [name, fn] of OPERATIONS) jsonLogic.add_operation(name, fn);
  return jsonLogic;
}

/** Whether the engine can evaluate a rule: every operation it names is known. */
export const isRuleActive = (rule: unknown): boolean => unknownOperations(rule).length === 0;

/**
 * The data a rule sees, as the provider's engine gives it: a top-level null becomes NaN, so that
 * comparisons with an unset field are false (json-logic-js would take null for 0).
 */
function logicData(data: FormValues): FormValues {
  let out: FormValues | undefined;
  for (const [k, v] of Object.entries(data)) if (v === null) (out ??= { ...data })[k] = Number.NaN;
  return out ?? data;
}

/** Applies a rule; undefined when it cannot be evaluated (an unknown operation included). */
export function applyRule(rule: unknown, data: FormValues): unknown {
  if (!isRuleActive(rule)) return undefined;
  try {
    return getJsonLogic().apply(rule as never, logicData(data));
  } catch {
    return undefined;
  }
}

/** A rule of a form that the engine leaves inactive, and the unknown operations it names. */
export interface InactiveRule {
  /** "validations.<name>" or "computedValues.<name>", prefixed by the fieldset path when nested ("equity: …"). */
  rule: string;
  operations: readonly string[];
}

/** Every rule of a schema's `x-jsf-logic` (at any depth) that names an operation the engine does not know. */
export function findInactiveRules(schema: unknown): InactiveRule[] {
  const out: InactiveRule[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, path));
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "x-jsf-logic" && isObject(value)) {
        for (const group of ["validations", "computedValues"] as const) {
          for (const [name, entry] of Object.entries(asSchema(value[group]) ?? {})) {
            const operations = isObject(entry) ? unknownOperations(entry.rule) : [];
            if (operations.length) out.push({ rule: `${path.length ? `${path.join(".")}: ` : ""}${group}.${name}`, operations });
          }
        }
      } else if (key === "properties" && isObject(value)) {
        for (const [name, child] of Object.entries(value)) walk(child, [...path, name]);
      } else walk(value, path);
    }
  };
  walk(schema, []);
  return out;
}

export function isTruthy(value: unknown): boolean {
  return jsonLogic.truthy(value);
}

/**
 * The `x-jsf-logic` of one object level with its data: computed values are evaluated lazily,
 * once. Nested fieldsets see their own logic first, then the enclosing levels'.
 */
export class LogicScope {
  private readonly cache = new Map<string, unknown>();
  constructor(
    readonly logic: JsonSchema,
    readonly data: FormValues,
  ) {}

  hasComputed(name: string): boolean {
    return isObject(this.logic.computedValues) && name in this.logic.computedValues;
  }

  hasValidation(name: string): boolean {
    return isObject(this.logic.validations) && name in this.logic.validations;
  }

  computed(name: string): unknown {
    if (this.cache.has(name)) return this.cache.get(name);
    const entry = asSchema(asSchema(this.logic.computedValues)?.[name]);
    const value = entry && "rule" in entry ? applyRule(entry.rule, this.data) : undefined;
    this.cache.set(name, value);
    return value;
  }

  validation(name: string): { rule: unknown; errorMessage?: string; active: boolean } | undefined {
    const entry = asSchema(asSchema(this.logic.validations)?.[name]);
    if (!entry) return undefined;
    const message = entry.errorMessage ?? entry.error;
    return { rule: entry.rule, errorMessage: typeof message === "string" ? message : undefined, active: isRuleActive(entry.rule) };
  }

  /** Every computed value of this level (for display and tests). */
  allComputed(): Record<string, unknown> {
    const names = Object.keys(asSchema(this.logic.computedValues) ?? {});
    return Object.fromEntries(names.map((n) => [n, this.computed(n)]));
  }
}

export function findComputed(scopes: readonly LogicScope[], name: string): { found: boolean; value: unknown } {
  const scope = scopes.find((s) => s.hasComputed(name));
  return scope ? { found: true, value: scope.computed(name) } : { found: false, value: undefined };
}

/** A computed value as text in a sentence ("1,234.5"); empty for null/undefined. */
export function formatComputed(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? formatNumber(value, { maximumFractionDigits: 2 }) : "";
  return String(value);
}

/** Fills `{{name}}` with computed values; unknown names are left as they are. */
export function fillTemplate(template: string, scopes: readonly LogicScope[]): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const { found, value } = findComputed(scopes, name);
    return found ? formatComputed(value) : whole;
  });
}
