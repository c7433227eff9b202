import { ISO_3166_COUNTRIES, displayNameOf } from "../iso3166";

// Builders for the fields of our country forms, in the x-jsf dialect of DECISIONS.md ("Form
// schema dialect"). Every builder returns a plain draft-07 subschema: no $ref, presentation in
// `x-jsf-presentation`, messages in `x-jsf-errorMessage`.

export type JsonSchema = { [keyword: string]: unknown };

/** An option of a select or radio: `[value, title]` or `[value, title, description]`. */
export type Option = readonly [value: string | number, title: string, description?: string];

export interface FieldOptions {
  title: string;
  description?: string;
  /** `x-jsf-errorMessage`: message per failing keyword. */
  errorMessage?: Record<string, string>;
  /** Optional fields a UI may clear accept null as well as being omitted. */
  nullable?: boolean;
  /** Extra `x-jsf-presentation` attributes (placeholder, meta, statement…). */
  presentation?: JsonSchema;
  /** Names of `x-jsf-logic.validations` entries that check this field. */
  logicValidations?: readonly string[];
  /** `x-jsf-logic-computedAttrs`: keyword → name of an `x-jsf-logic.computedValues` entry. */
  computedAttrs?: JsonSchema;
  /** Raw keywords merged last (const, default, readOnly…). */
  extra?: JsonSchema;
}

function field(type: string | undefined, inputType: string, o: FieldOptions, keywords: JsonSchema = {}): JsonSchema {
  const schema: JsonSchema = { title: o.title };
  if (o.description) schema.description = o.description;
  if (type !== undefined) schema.type = o.nullable ? [type, "null"] : type;
  for (const [k, v] of Object.entries(keywords)) if (v !== undefined) schema[k] = v;
  schema["x-jsf-presentation"] = { inputType, ...o.presentation };
  if (o.errorMessage) schema["x-jsf-errorMessage"] = o.errorMessage;
  if (o.logicValidations?.length) schema["x-jsf-logic-validations"] = [...o.logicValidations];
  if (o.computedAttrs) schema["x-jsf-logic-computedAttrs"] = o.computedAttrs;
  return { ...schema, ...o.extra };
}

/** `[value, title]` pairs as the dialect's `oneOf` of `{const, title}`; nullable lists accept `{const: null}`. */
export function optionsOf(options: readonly Option[], nullable?: boolean): JsonSchema[] {
  const list: JsonSchema[] = options.map(([value, title, description]) => ({
    const: value,
    title,
    ...(description ? { description } : {}),
  }));
  if (nullable) list.push({ const: null });
  return list;
}

export interface TextOptions extends FieldOptions {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

export const text = (o: TextOptions) =>
  field("string", "text", o, { minLength: o.minLength, maxLength: o.maxLength ?? 255, pattern: o.pattern });

export const textarea = (o: TextOptions) =>
  field("string", "textarea", o, { minLength: o.minLength, maxLength: o.maxLength ?? 2000, pattern: o.pattern });

export const email = (o: FieldOptions) => field("string", "email", o, { format: "email", maxLength: 255 });

/** Phone numbers in E.164 (`+` and digits, no spaces), the pattern fixing the country prefix when given. */
export const tel = (o: FieldOptions & { pattern?: string }) =>
  field("string", "tel", o, { pattern: o.pattern ?? "^\\+[1-9][0-9]{6,14}$", maxLength: 16 });

export interface NumberOptions extends FieldOptions {
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  integer?: boolean;
}

export const number = (o: NumberOptions) =>
  field(o.integer ? "integer" : "number", "number", o, { minimum: o.minimum, maximum: o.maximum, multipleOf: o.multipleOf });

export interface MoneyOptions extends FieldOptions {
  currency: string;
  minimum?: number;
  maximum?: number;
}

/** Amounts are integer minor units (DECISIONS.md "Money"); the UI shows them in `currency`. */
export function money(o: MoneyOptions): JsonSchema {
  // The schema's message speaks to the person filling the form, whose input takes the amount as
  // written (the provider's schemas do the same); API callers, who send decimals by mistake, are
  // told about cents by the API's own catalog (lib/forms/messages.ts `insisted`).
  const errorMessage = {
    type: `Enter the amount in ${o.currency}, e.g. 1,500.00`,
    ...o.errorMessage,
  };
  return field(
    "integer",
    "money",
    { ...o, errorMessage, presentation: { currency: o.currency, ...o.presentation } },
    {
      minimum: o.minimum ?? 0,
      maximum: o.maximum,
    },
  );
}

export interface DateOptions extends FieldOptions {
  /** Earliest date a date picker offers (YYYY-MM-DD). */
  minDate?: string;
  /** Latest date a date picker offers (YYYY-MM-DD). */
  maxDate?: string;
  /**
   * Minimum onboarding time in working days: the served schema's `minDate` becomes today plus
   * this many working days (see render-form-schema.ts).
   */
  minimumOnboardingDays?: number;
  /** A birth date: the served schema's `maxDate` becomes today minus this many years. */
  minimumAge?: number;
}

export const date = (o: DateOptions) =>
  field(
    "string",
    "date",
    {
      ...o,
      presentation: {
        ...(o.minDate ? { minDate: o.minDate } : {}),
        ...(o.maxDate ? { maxDate: o.maxDate } : {}),
        ...(o.minimumOnboardingDays !== undefined || o.minimumAge !== undefined
          ? {
              meta: {
                ...(o.minimumOnboardingDays !== undefined ? { mot: o.minimumOnboardingDays } : {}),
                ...(o.minimumAge !== undefined ? { minimumAge: o.minimumAge } : {}),
              },
            }
          : {}),
        ...o.presentation,
      },
    },
    { format: "date" },
  );

/** A time of day, 24-hour `HH:MM` (ajv's `time` format wants a time zone, which a work schedule has not). */
export const time = (o: FieldOptions) => field("string", "time", o, { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$", maxLength: 5 });

export const select = (o: FieldOptions & { options: readonly Option[] }) =>
  field(typeof o.options[0]?.[0] === "number" ? "integer" : "string", "select", o, { oneOf: optionsOf(o.options, o.nullable) });

export const radio = (o: FieldOptions & { options: readonly Option[]; direction?: "row" | "column" }) =>
  field(
    typeof o.options[0]?.[0] === "number" ? "integer" : "string",
    "radio",
    { ...o, presentation: { direction: o.direction ?? "column", ...o.presentation } },
    {
      oneOf: optionsOf(o.options, o.nullable),
    },
  );

export const YES_NO: readonly Option[] = [
  ["yes", "Yes"],
  ["no", "No"],
];

/** The dialect's yes/no question: a row radio whose answer drives a conditional. */
export const yesNo = (o: FieldOptions) => radio({ ...o, options: YES_NO, direction: "row" });

/** A checkbox the user must tick: its only valid value is the string "acknowledged". */
export const acknowledgement = (o: FieldOptions) =>
  field(
    "string",
    "checkbox",
    { ...o, errorMessage: { const: "Please tick the box to confirm.", ...o.errorMessage } },
    { const: "acknowledged" },
  );

/** A plain boolean checkbox. */
export const checkbox = (o: FieldOptions) => field("boolean", "checkbox", o);

export interface StatementOptions extends FieldOptions {
  severity?: "info" | "warning" | "error" | "success";
  statementTitle: string;
  statementDescription?: string;
}

/**
 * A callout shown in the form: it carries no data (a client never sends it; null is tolerated),
 * hence `readOnly` and a null-only type.
 */
export const statement = (o: StatementOptions) =>
  field(
    "null",
    "statement",
    {
      ...o,
      presentation: {
        statement: {
          title: o.statementTitle,
          ...(o.statementDescription ? { description: o.statementDescription } : {}),
          severity: o.severity ?? "info",
        },
        ...o.presentation,
      },
    },
    { readOnly: true },
  );

/** A value the form forces and does not show: the const is the only valid value and the default fills it. */
export const hidden = (o: FieldOptions & { value: string | number | boolean }) =>
  field(typeof o.value === "number" ? (Number.isInteger(o.value) ? "integer" : "number") : typeof o.value, "hidden", o, {
    const: o.value,
    default: o.value,
  });

export interface FileOptions extends FieldOptions {
  /** Accepted file extensions, e.g. ".pdf,.jpg,.png". */
  accept: string;
  /** Largest accepted file, in bytes (the request body limit is 1 MiB). */
  maxFileSize?: number;
}

/** Files travel inline as RFC 2397 data URLs (`data:<type>;name=<file>;base64,…`), as react-jsonschema-form sends them. */
export function file(o: FileOptions): JsonSchema {
  const maxFileSize = o.maxFileSize ?? 512 * 1024;
  return field(
    "string",
    "file",
    { ...o, presentation: { accept: o.accept, maxFileSize, ...o.presentation } },
    {
      format: "data-url",
      // base64 grows the bytes by 4/3; the header adds a little.
      maxLength: Math.ceil((maxFileSize * 4) / 3) + 256,
    },
  );
}

/** Country options: alpha-3 codes (the API's primary country code) labelled with English names. */
const COUNTRY_OPTIONS = [...ISO_3166_COUNTRIES]
  .map((c) => ({ label: displayNameOf(c), value: c.alpha3 }))
  .sort((a, b) => a.label.localeCompare(b.label, "en"));
const COUNTRY_CODES = COUNTRY_OPTIONS.map((c) => c.value);

/** A multi-select of countries: an array of alpha-3 codes. */
export const countries = (o: FieldOptions & { minItems?: number; maxItems?: number }) =>
  field(
    "array",
    "countries",
    { ...o, presentation: { options: COUNTRY_OPTIONS, ...o.presentation } },
    {
      items: { type: "string", enum: COUNTRY_CODES },
      uniqueItems: true,
      minItems: o.minItems,
      maxItems: o.maxItems,
    },
  );

/** A single country, as a select of alpha-3 codes. */
export const country = (o: FieldOptions) =>
  field("string", "select", o, {
    oneOf: optionsOf(
      COUNTRY_OPTIONS.map((c) => [c.value, c.label] as const),
      o.nullable,
    ),
  });

export interface FieldsetOptions extends FieldOptions {
  properties: Record<string, JsonSchema>;
  required?: readonly string[];
  allOf?: readonly JsonSchema[];
  order?: readonly string[];
}

/** A nested object rendered as a fieldset: its own properties, order and conditionals. */
export const fieldset = (o: FieldsetOptions) =>
  field("object", "fieldset", o, {
    properties: o.properties,
    required: o.required?.length ? [...o.required] : undefined,
    additionalProperties: false,
    allOf: o.allOf?.length ? [...o.allOf] : undefined,
    "x-jsf-order": [...(o.order ?? Object.keys(o.properties))],
  });
