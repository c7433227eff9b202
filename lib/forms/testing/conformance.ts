import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { expect } from "vitest";
import { CountryForm } from "@/components/forms/country-form";
import { matchesSchema } from "../ajv";
import { findField, inputTypeOf } from "../resolve";
import { fieldDomId } from "../rjsf";
import { asSchema, isObject, type FieldErrors, type FormValues, type JsonSchema } from "../types";
import { validateFormValues } from "../validate";
import { isFieldVisible, settleForm } from "../values";
import { forbiddenBy, listConditionals, requiredBy, type Conditional } from "./conditions";
import { generateValidValues, LEAVE_EMPTY } from "./generate";

// The checks every form schema must pass through the adapter (fixtures of the real provider and
// every form our API serves): it renders, each const/enum conditional shows and hides the right
// fields in both branches, pruning drops what the active branches forbid, and a filled form
// gives a body the API accepts.

/** Server-renders the RJSF form of a schema (react-dom/server) and returns the HTML. */
export function renderForm(schema: unknown, values?: FormValues, serverErrors?: FieldErrors): string {
  return renderToString(createElement(CountryForm, { schema, initialValues: values, onSubmit: () => {}, serverErrors }));
}

function getAt(values: FormValues, path: string): unknown {
  let node: unknown = values;
  for (const seg of path.split(".")) node = isObject(node) ? node[seg] : undefined;
  return node;
}

function hasPath(values: FormValues, path: string): boolean {
  const segs = path.split(".");
  const parent = getAt(values, segs.slice(0, -1).join(".")) ?? (segs.length === 1 ? values : undefined);
  return isObject(segs.length === 1 ? values : parent) && segs[segs.length - 1]! in ((segs.length === 1 ? values : parent) as object);
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
  conditional: string;
  branch: "then" | "else";
  checked: number;
  skipped?: string;
}

function levelValues(body: FormValues, objectPath: string): FormValues {
  if (!objectPath) return body;
  const v = getAt(body, objectPath);
  return isObject(v) ? v : {};
}

/**
 * Both branches of every const/enum conditional: the fields the active branch forbids are hidden
 * and left out of the body; the fields it requires (and the other branch forbids) are shown.
 */
export function checkConditionals(schema: JsonSchema, seed?: FormValues): BranchReport[] {
  const reports: BranchReport[] = [];
  for (const c of listConditionals(schema)) {
    for (const branch of ["then", "else"] as const) reports.push(checkBranch(schema, c, branch, seed));
  }
  return reports;
}

function checkBranch(schema: JsonSchema, c: Conditional, branch: "then" | "else", seed?: FormValues): BranchReport {
  const report: BranchReport = { conditional: c.where, branch, checked: 0 };
  const overrides = branch === "then" ? c.holds : c.fails;
  if (!overrides) return { ...report, skipped: `no answer reaches the ${branch} branch` };
  const values = generateValidValues(schema, { overrides, seed });
  const { state, body } = settleForm(schema, values);
  // The answers must have survived (another branch may forbid the fields the condition tests).
  for (const [path, v] of Object.entries(overrides)) {
    const actual = getAt(body, path);
    if (v === LEAVE_EMPTY ? actual !== undefined : JSON.stringify(actual) !== JSON.stringify(v)) {
      return { ...report, skipped: `the answer ${path}=${String(v === LEAVE_EMPTY ? "(empty)" : JSON.stringify(v))} does not reach the body` };
    }
  }
  const ifSchema = asSchema(resolveIf(schema, c));
  expect(matchesSchema(ifSchema ?? true, levelValues(body, c.objectPath)), `${c.where}: the ${branch} branch is active`).toBe(branch === "then");
  const active = branch === "then" ? c.then : c.else;
  const other = branch === "then" ? c.else : c.then;
  for (const path of forbiddenBy(active, c.objectPath)) {
    expect(isFieldVisible(state, path), `${c.where} ${branch}: ${path} is hidden`).toBe(false);
    expect(hasPath(body, path), `${c.where} ${branch}: ${path} is pruned`).toBe(false);
    report.checked++;
  }
  const forbiddenByOther = new Set(forbiddenBy(other, c.objectPath));
  for (const path of requiredBy(active, c.objectPath)) {
    if (!forbiddenByOther.has(path)) continue;
    const f = findField(state, path);
    if (!f) continue;
    expect(f.forbidden, `${c.where} ${branch}: ${path} is allowed`).toBe(false);
    const staticallyHidden = inputTypeOf(f.base) === "hidden" || f.hidden;
    if (!staticallyHidden) expect(isFieldVisible(state, path), `${c.where} ${branch}: ${path} is shown`).toBe(true);
    report.checked++;
  }
  // Pruning: values typed earlier into the fields this branch forbids stay in the form but never reach the body.
  const typed = structuredClone(values);
  for (const path of forbiddenBy(active, c.objectPath)) {
    const f = findField(settleForm(schema, {}).state, path);
    if (!f) continue;
    setAt(typed, path, f.valueType === "number" || f.valueType === "integer" ? 1 : f.valueType === "array" ? ["x"] : f.valueType === "boolean" ? true : "typed earlier");
  }
  const pruned = settleForm(schema, typed);
  for (const path of forbiddenBy(active, c.objectPath)) {
    if (pruned.state && !isFieldVisible(pruned.state, path)) expect(hasPath(pruned.body, path), `${c.where} ${branch}: typed ${path} is pruned`).toBe(false);
  }
  return report;
}

function setAt(values: FormValues, path: string, v: unknown) {
  const segs = path.split(".");
  let node = values;
  for (const s of segs.slice(0, -1)) {
    if (!isObject(node[s])) node[s] = {};
    node = node[s] as FormValues;
  }
  node[segs[segs.length - 1]!] = v;
}

function resolveIf(schema: JsonSchema, c: Conditional): unknown {
  // Walk the location string back to the `if` subschema.
  const segs = c.where.split("/").filter(Boolean);
  let node: unknown = schema;
  for (const seg of segs) {
    if (Array.isArray(node) && /^\d+$/.test(seg)) {
      node = node[Number(seg)];
      continue;
    }
    if (!isObject(node)) return undefined;
    if (seg in node) node = node[seg];
    else if (isObject(node.properties) && seg in node.properties) node = node.properties[seg];
    else return undefined;
  }
  return node;
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
