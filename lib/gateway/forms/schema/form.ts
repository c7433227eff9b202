import type { JsonSchema } from "./fields";

// A form is assembled from parts: a shared section builder supplies the common fields, and each
// country extends them with its own fields, rules and example values.

/** Deterministic example data of a form; `variant` picks among people, branches and options. */
export type Example = (variant: number) => Record<string, unknown>;

export interface LogicValidation {
  /** JSON Logic rule over the form's values; truthy means valid. */
  rule: unknown;
  /** Reported on every field that lists this validation in `x-jsf-logic-validations`. */
  errorMessage: string;
}

export interface Fieldset {
  title: string;
  description?: string;
  propertiesByName: readonly string[];
}

export interface FormParts {
  properties: Record<string, JsonSchema>;
  required?: readonly string[];
  allOf?: readonly JsonSchema[];
  anyOf?: readonly JsonSchema[];
  order?: readonly string[];
  fieldsets?: Record<string, Fieldset>;
  validations?: Record<string, LogicValidation>;
  computedValues?: Record<string, { rule: unknown }>;
  example: Example;
}

export interface FormExtension extends Partial<Omit<FormParts, "order">> {
  /** Base fields this country does not have (removed from properties, required, order and examples). */
  omit?: readonly string[];
  /** The final order, or a function of the base order (with the new fields appended). */
  order?: readonly string[] | ((order: string[]) => string[]);
}

/** A form as served and validated, with its example data. */
export interface FormDefinition {
  schema: JsonSchema;
  example: Example;
}

/** Moves `names` right after `anchor` in an order. */
export function insertAfter(order: readonly string[], anchor: string, ...names: string[]): string[] {
  const rest = order.filter((n) => !names.includes(n));
  const at = rest.indexOf(anchor);
  if (at < 0) throw new Error(`insertAfter: ${anchor} is not in the order`);
  return [...rest.slice(0, at + 1), ...names, ...rest.slice(at + 1)];
}

/** Picks a value for a variant, cycling through the list. */
export function pick<T>(list: readonly T[], variant: number): T {
  const value = list[((variant % list.length) + list.length) % list.length];
  if (value === undefined) throw new Error("pick: empty list");
  return value;
}

export function extendForm(base: FormParts, ext: FormExtension = {}): FormParts {
  const omit = new Set(ext.omit ?? []);
  const keep = (n: string) => !omit.has(n);
  const properties = Object.fromEntries(Object.entries({ ...base.properties, ...ext.properties }).filter(([n]) => keep(n)));
  const baseOrder = (base.order ?? Object.keys(base.properties)).filter(keep);
  const appended = [...baseOrder, ...Object.keys(ext.properties ?? {}).filter((n) => keep(n) && !baseOrder.includes(n))];
  const order = typeof ext.order === "function" ? ext.order(appended) : (ext.order ?? appended);
  return {
    properties,
    required: [...new Set([...(base.required ?? []), ...(ext.required ?? [])])].filter(keep),
    allOf: [...(base.allOf ?? []), ...(ext.allOf ?? [])],
    anyOf: [...(base.anyOf ?? []), ...(ext.anyOf ?? [])],
    order: [...order],
    fieldsets: { ...base.fieldsets, ...ext.fieldsets },
    validations: { ...base.validations, ...ext.validations },
    computedValues: { ...base.computedValues, ...ext.computedValues },
    example: (variant) => {
      const data: Record<string, unknown> = { ...base.example(variant), ...ext.example?.(variant) };
      for (const [k, v] of Object.entries(data)) if (v === undefined || omit.has(k)) delete data[k];
      return data;
    },
  };
}

/** The JSON Schema of a form: draft-07, closed, ordered, with its logic. */
export function buildForm(parts: FormParts): FormDefinition {
  const schema: JsonSchema = {
    type: "object",
    additionalProperties: false,
    properties: parts.properties,
    required: [...(parts.required ?? [])],
  };
  if (parts.allOf?.length) schema.allOf = [...parts.allOf];
  if (parts.anyOf?.length) schema.anyOf = [...parts.anyOf];
  schema["x-jsf-order"] = [...(parts.order ?? Object.keys(parts.properties))];
  if (parts.fieldsets && Object.keys(parts.fieldsets).length) schema["x-jsf-fieldsets"] = parts.fieldsets;
  const logic: JsonSchema = {};
  if (parts.validations && Object.keys(parts.validations).length) logic.validations = parts.validations;
  if (parts.computedValues && Object.keys(parts.computedValues).length) logic.computedValues = parts.computedValues;
  if (Object.keys(logic).length) schema["x-jsf-logic"] = logic;
  return { schema, example: parts.example };
}

/** Shorthand: extend then build. */
export const defineForm = (base: FormParts, ext?: FormExtension) => buildForm(extendForm(base, ext));
