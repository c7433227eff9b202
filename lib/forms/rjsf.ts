import { sanitizeHtml, stripHtml } from "./html";
import { fillTemplate } from "./logic";
import { inputTypeOf, presentationOf, valueTypeOf, type FieldState, type ObjectState, type ValueType } from "./resolve";
import { humanize } from "./check";
import { asArray, asSchema, isObject, type JsonSchema } from "./types";

// What react-jsonschema-form receives. The adapter hands RJSF a stable skeleton (every declared
// field with its value type, no constraints, no conditionals) and puts everything that depends on
// the values into the uiSchema: which widget, whether the field is shown, its label, options,
// statement, bounds. RJSF then only lays fields out and carries the values; conditionals,
// pruning and validation are the adapter's (so they follow the API's semantics exactly, and the
// RJSF form never re-derives its state from a changing schema).

/** The widgets of components/forms, one per kind of input. */
export type WidgetKind =
  | "input"
  | "textarea"
  | "number"
  | "money"
  | "select"
  | "radio"
  | "checkbox"
  | "checkboxes"
  | "multiselect"
  | "statement"
  | "file"
  | "hidden"
  | "fieldset";

export const WIDGET_NAMES: Record<Exclude<WidgetKind, "fieldset">, string> = {
  input: "XjsfInput",
  textarea: "XjsfTextarea",
  number: "XjsfNumber",
  money: "XjsfMoney",
  select: "XjsfSelect",
  radio: "XjsfRadio",
  checkbox: "XjsfCheckbox",
  checkboxes: "XjsfCheckboxes",
  multiselect: "XjsfMultiSelect",
  statement: "XjsfStatement",
  file: "XjsfFile",
  hidden: "XjsfHidden",
};

export interface FieldOption {
  value: unknown;
  /** HTML (sanitized). */
  label: string;
  /** HTML (sanitized). */
  description?: string;
}

export interface StatementView {
  /** HTML (sanitized). */
  title?: string;
  /** HTML (sanitized). */
  description?: string;
  severity: "info" | "warning" | "error" | "success";
}

/** Everything a template or widget needs about a field, computed for the current values. */
export interface FieldView {
  /** DOM id of the field's input (RJSF's: "root." + path joined by "."). */
  id: string;
  path: string[];
  name: string;
  inputType: string;
  widget: WidgetKind;
  valueType: ValueType;
  /** HTML (sanitized); never empty. */
  label: string;
  /** Plain text of the label. */
  labelText: string;
  /** HTML (sanitized). */
  description?: string;
  placeholder?: string;
  required: boolean;
  hidden: boolean;
  readOnly: boolean;
  forced: boolean;
  statement?: StatementView;
  options?: FieldOption[];
  direction: "row" | "column";
  /** Single checkbox: the value it stands for when ticked (a const such as "acknowledged", or true). */
  checkedValue?: unknown;
  currency?: string;
  minDate?: string;
  maxDate?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  accept?: string;
  maxFileSize?: number;
  percentage?: boolean;
  /** Why a deprecated field is deprecated (HTML). */
  deprecated?: string;
}

export interface RootView {
  fieldsets: { key: string; title?: string; description?: string; fields: string[] }[];
}

/** RJSF's id prefix and separator as CountryForm sets them. The separator is "." because field
 * names contain "_" ("work_address.is_home_address" and "work_address_is_home_address" coexist). */
export const ID_PREFIX = "root";
export const ID_SEPARATOR = ".";

export const fieldDomId = (path: readonly string[], prefix = ID_PREFIX) => [prefix, ...path].join(ID_SEPARATOR);

/** The RJSF skeleton of an x-jsf schema: declared fields and value types only. Stable per schema. */
export function toRjsfSchema(schema: JsonSchema): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, def] of Object.entries(asSchema(schema.properties) ?? {})) {
    if (isObject(def)) properties[name] = skeletonOf(def);
  }
  return { type: "object", properties };
}

function skeletonOf(def: JsonSchema): JsonSchema {
  const type = valueTypeOf(def);
  if (type === "object" && isObject(def.properties)) return toRjsfSchema(def);
  if (type === "array") {
    const items = asSchema(def.items);
    const itemType = items ? valueTypeOf(items) : "string";
    return { type: "array", items: { type: itemType === "null" || itemType === "object" || itemType === "array" ? "string" : itemType } };
  }
  if (type === "object") return { type: "object", properties: {} };
  // Statements carry no data: a string skeleton routes them to their widget without RJSF's NullField (which writes null).
  if (type === "null") return { type: "string" };
  return { type };
}

const html = (s: unknown) => (typeof s === "string" && s.trim() ? sanitizeHtml(s) : undefined);

function optionsOf(schema: JsonSchema, field: FieldState): FieldOption[] | undefined {
  const presentation = presentationOf(schema);
  const fromPresentation = asArray(presentation.options)
    .filter(isObject)
    .filter((o) => "value" in o && o.value !== null)
    .map((o) => ({ value: o.value, label: html(o.label ?? String(o.value)) ?? String(o.value), description: html(o.description) }));
  const source = field.valueType === "array" ? (asSchema(schema.items) ?? {}) : schema;
  const alternatives = asArray(source.oneOf ?? source.anyOf);
  const constOptions = alternatives
    .filter((o): o is JsonSchema => isObject(o) && "const" in o && o.const !== null)
    .map((o) => ({
      value: o.const,
      label: html(o.title) ?? sanitizeHtml(String(o.const)),
      description: html(o.description),
    }));
  const enumValues = asArray(source.enum).filter((v) => v !== null);
  if (fromPresentation.length) {
    // Presentation options label the enum/oneOf values; keep only the values the schema allows.
    const allowed = constOptions.length ? constOptions.map((o) => o.value) : enumValues.length ? enumValues : null;
    return allowed ? fromPresentation.filter((o) => allowed.some((v) => v === o.value)) : fromPresentation;
  }
  if (constOptions.length) return constOptions;
  if (enumValues.length) return enumValues.map((v) => ({ value: v, label: sanitizeHtml(String(v)) }));
  return undefined;
}

function widgetOf(field: FieldState, options: FieldOption[] | undefined): WidgetKind {
  if (field.object) return "fieldset";
  if (field.statementOnly) return "statement";
  const many = field.valueType === "array";
  switch (field.inputType) {
    case "textarea":
      return "textarea";
    case "number":
      return "number";
    case "money":
      return "money";
    case "select":
      return many ? ((options?.length ?? 0) > 12 ? "multiselect" : "checkboxes") : "select";
    case "countries":
      return "multiselect";
    case "radio":
      return many ? "checkboxes" : "radio";
    case "checkbox":
      return many ? "checkboxes" : "checkbox";
    case "file":
      return "file";
    case "hidden":
      return "hidden";
    case "fieldset":
      return "fieldset";
    default:
      if (many) return "multiselect";
      if (options && options.length && field.inputType === "text") return "select";
      return "input";
  }
}

const SEVERITIES = new Set(["info", "warning", "error", "success"]);

function statementOf(schema: JsonSchema, field: FieldState, scopes: ObjectState["scopes"]): StatementView | undefined {
  const s = asSchema(presentationOf(schema).statement);
  if (!s) return undefined;
  const fill = (v: unknown) => (typeof v === "string" ? html(v.includes("{{") ? fillTemplate(v, scopes) : v) : undefined);
  let title = fill(s.title);
  const description = fill(s.description);
  // A statement-only field whose statement has no title of its own is titled by the field.
  if (!title && field.statementOnly && typeof schema.title === "string") title = html(schema.title);
  if (!title && !description) return undefined;
  const severity = typeof s.severity === "string" && SEVERITIES.has(s.severity) ? (s.severity as StatementView["severity"]) : "info";
  return { title, description, severity };
}

/** The view of a resolved field (see FieldView). */
export function fieldView(field: FieldState, scopes: ObjectState["scopes"], parentHidden = false): FieldView {
  const schema = field.schema;
  const p = presentationOf(schema);
  const options = optionsOf(schema, field);
  const widget = widgetOf(field, options);
  const rawTitle = typeof schema.title === "string" ? schema.title : "";
  const titleHtml = html(rawTitle.includes("{{") ? fillTemplate(rawTitle, scopes) : rawTitle);
  const labelText = (titleHtml && stripHtml(titleHtml)) || humanize(field.name);
  const rawDescription = typeof schema.description === "string" ? schema.description : undefined;
  const currency = typeof p.currency === "string" && /^[A-Z]{3}$/.test(p.currency) ? p.currency : undefined;
  const view: FieldView = {
    id: fieldDomId(field.path),
    path: field.path,
    name: field.name,
    inputType: field.inputType,
    widget,
    valueType: field.valueType,
    label: titleHtml && stripHtml(titleHtml) ? titleHtml : sanitizeHtml(labelText),
    labelText,
    description: html(rawDescription?.includes("{{") ? fillTemplate(rawDescription, scopes) : rawDescription),
    placeholder: typeof p.placeholder === "string" ? p.placeholder : undefined,
    required: field.required,
    hidden: parentHidden || field.hidden,
    readOnly: field.readOnly,
    forced: field.forced,
    statement: statementOf(schema, field, scopes),
    options,
    direction: p.direction === "row" ? "row" : "column",
  };
  if (widget === "checkbox")
    view.checkedValue = "const" in schema ? schema.const : field.valueType === "boolean" ? true : (options?.[0]?.value ?? true);
  if (currency) view.currency = currency;
  if (typeof p.minDate === "string") view.minDate = p.minDate;
  if (typeof p.maxDate === "string") view.maxDate = p.maxDate;
  if (typeof schema.minimum === "number") view.minimum = schema.minimum;
  if (typeof schema.maximum === "number") view.maximum = schema.maximum;
  if (typeof schema.maxLength === "number") view.maxLength = schema.maxLength;
  if (typeof p.accept === "string") view.accept = p.accept;
  if (typeof p.maxFileSize === "number") view.maxFileSize = p.maxFileSize;
  if (p.percentage === true) view.percentage = true;
  const deprecated = asSchema(p.deprecated);
  if (deprecated || schema.deprecated === true) view.deprecated = html(deprecated?.description) ?? "This field is deprecated.";
  return view;
}

export type UiNode = { [key: string]: unknown };

/**
 * The uiSchema of a resolved form: order, widget per field, and each field's view under
 * `ui:options.xjsf` (read by the templates and widgets of components/forms).
 */
export function toUiSchema(state: ObjectState, parentHidden = false): UiNode {
  const ui: UiNode = { "ui:order": [...state.fields.map((f) => f.name), "*"] };
  if (state.path.length === 0) {
    const root: RootView = { fieldsets: state.fieldsets };
    ui["ui:options"] = { xjsfRoot: root };
  }
  for (const f of state.fields) {
    const view = fieldView(f, state.scopes, parentHidden);
    if (f.object) {
      ui[f.name] = { ...toUiSchema(f.object, view.hidden), "ui:options": { xjsf: view } };
    } else {
      ui[f.name] = { "ui:widget": WIDGET_NAMES[view.widget === "fieldset" ? "input" : view.widget], "ui:options": { xjsf: view } };
    }
  }
  return ui;
}

/** Label and DOM id of every field, by dotted path (the error summary links to fields with it). */
export interface FieldIndexEntry {
  id: string;
  label: string;
  hidden: boolean;
}

export function fieldIndex(
  state: ObjectState,
  parentHidden = false,
  out = new Map<string, FieldIndexEntry>(),
): Map<string, FieldIndexEntry> {
  for (const f of state.fields) {
    const hidden = parentHidden || f.hidden;
    const title = typeof f.schema.title === "string" ? stripHtml(f.schema.title) : "";
    out.set(f.path.join("."), { id: fieldDomId(f.path), label: title || humanize(f.name), hidden });
    if (f.object) fieldIndex(f.object, hidden, out);
  }
  return out;
}

/** The declared input type of a definition (for callers that only have the schema). */
export const declaredInputType = inputTypeOf;
