import { z } from "zod";
import { splitFieldErrors } from "@/lib/console/errors/split-422";
import {
  CUSTOM_FIELD_LINK_MAX,
  CUSTOM_FIELD_STRING_MAX,
  CUSTOM_FIELD_TEXT_MAX,
  customFieldCurrency,
  customFieldOptions,
  validateCustomFieldValue,
  type CustomField,
  type CustomFieldType,
  type CustomFieldValueData,
  type CustomFieldValueInput,
} from "@/lib/contract";
import { formatDate } from "@/lib/console/format";
import { formatNumber } from "@/lib/number-format";
import { majorToMinor, minorToMajor, formatMoney } from "@/lib/forms/money";

// A custom field value as the console edits it. Inputs hold strings, so the editor's values are
// `{value, currency}` strings for every type; coercion to the API's value (and back) is per type,
// then the contract's own validateCustomFieldValue has the last word (the API runs the same check).
//   string, text, link, date, single_select  value as typed (date: YYYY-MM-DD; select: the option, read
//                                            from the provider's {selected_option, selected_option_label})
//   integer, decimal, percentage             a number (percentage in percent: "7.5" is 7.5 %)
//   boolean                                  "true" | "false"
//   currency                                 value: the amount in major units ("1,234.50"); the API's value is
//                                            integer minor units of the field's currency (metadata.currency)
// An empty value clears the field (the API's `null`).

export interface CustomFieldFormValues {
  value: string;
  /** Only for currency fields: the field's ISO 4217 code (metadata.currency), shown, not edited. */
  currency: string;
}

export type CustomFieldDefinition = Pick<CustomField, "type" | "metadata">;

export type CoercionResult =
  { ok: true; value: CustomFieldValueInput } | { ok: false; field: keyof CustomFieldFormValues; message: string };

const INTEGER = /^[-+]?\d+$/;
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** The editor's values for a stored value (null → empty). */
export function toFormValues(field: CustomFieldDefinition, value: CustomFieldValueData | undefined): CustomFieldFormValues {
  const currency = customFieldCurrency(field) ?? "";
  if (value === null || value === undefined) return { value: "", currency };
  switch (field.type) {
    case "boolean":
      return { value: value === true ? "true" : value === false ? "false" : "", currency: "" };
    case "currency":
      return { value: typeof value === "number" ? minorToMajor(value) : "", currency };
    case "single_select":
      return { value: typeof value === "object" ? value.selected_option : String(value), currency: "" };
    case "integer":
    case "decimal":
    case "percentage":
      return { value: typeof value === "number" ? String(value) : "", currency: "" };
    default:
      return { value: typeof value === "string" ? value : String(value), currency: "" };
  }
}

/** The API's value for the editor's values, or what is wrong with them (a field and a message). */
export function fromFormValues(field: CustomFieldDefinition, input: CustomFieldFormValues): CoercionResult {
  const text = field.type === "text" ? input.value : input.value.trim();
  // An empty value (for currency: an empty amount, whatever the code) clears the field.
  if (text.trim() === "") return { ok: true, value: null };
  let value: CustomFieldValueInput;
  switch (field.type) {
    case "integer": {
      if (!INTEGER.test(text)) return { ok: false, field: "value", message: "must be a whole number" };
      const n = Number(text);
      if (!Number.isSafeInteger(n)) return { ok: false, field: "value", message: "is too large" };
      value = n;
      break;
    }
    case "decimal":
    case "percentage": {
      if (!DECIMAL.test(text)) return { ok: false, field: "value", message: "must be a number, with a dot for decimals" };
      value = Number(text);
      break;
    }
    case "boolean":
      if (text !== "true" && text !== "false") return { ok: false, field: "value", message: "must be yes or no" };
      value = text === "true";
      break;
    case "currency": {
      const minor = majorToMinor(text);
      if (minor === null || minor === undefined)
        return { ok: false, field: "value", message: "must be an amount with at most two decimals" };
      value = minor;
      break;
    }
    case "link":
      // The contract's check names the rule (http or https); a missing scheme is the usual slip.
      value = text;
      if (!/^https?:\/\//i.test(text))
        return { ok: false, field: "value", message: "must be an http or https URL, starting with https://" };
      break;
    default:
      value = text;
  }
  const message = validateCustomFieldValue({ type: field.type, options: customFieldOptions(field) }, value);
  return message ? { ok: false, field: "value", message } : { ok: true, value };
}

/** The editor's zod schema for one field (react-hook-form's resolver): coercion errors on their input. */
export function customFieldValueSchema(field: CustomFieldDefinition) {
  return z.object({ value: z.string(), currency: z.string() }).superRefine((values, ctx) => {
    const result = fromFormValues(field, values);
    if (!result.ok) ctx.addIssue({ code: "custom", path: [result.field], message: result.message });
  });
}

/** How a stored value reads (null → null: the caller says "Not set"). */
export function formatCustomFieldValue(field: CustomFieldDefinition, value: CustomFieldValueData | undefined): string | null {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case "boolean":
      return value === true ? "Yes" : value === false ? "No" : String(value);
    case "currency": {
      if (typeof value !== "number") return String(value);
      const currency = customFieldCurrency(field);
      return currency ? formatMoney(value, currency) : minorToMajor(value);
    }
    case "single_select":
      return typeof value === "object" ? value.selected_option_label : String(value);
    case "integer":
      return typeof value === "number" ? value.toLocaleString("en-US") : String(value);
    case "decimal":
      return typeof value === "number" ? formatNumber(value, { maximumFractionDigits: 10 }) : String(value);
    case "percentage":
      return typeof value === "number" ? `${formatNumber(value, { maximumFractionDigits: 10 })} %` : String(value);
    case "date":
      return typeof value === "string" ? formatDate(value) : String(value);
    default:
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}

/** The longest text an input of the type accepts (the contract's limits), for maxLength. */
export function maxLengthOf(type: CustomFieldType): number | undefined {
  switch (type) {
    case "string":
      return CUSTOM_FIELD_STRING_MAX;
    case "text":
      return CUSTOM_FIELD_TEXT_MAX;
    case "link":
      return CUSTOM_FIELD_LINK_MAX;
    default:
      return undefined;
  }
}

/**
 * Where the API's 422 errors of a value go: `value` (and `value.currency`, `value.amount`) onto
 * the inputs, anything else listed in the banner.
 */
export function splitValueErrors(fieldErrors: Record<string, string[]> | undefined): {
  value?: string;
  currency?: string;
  other: string[];
} {
  const { byField, other } = splitFieldErrors<"value" | "currency">(fieldErrors, (key) =>
    key === "value.currency" ? "currency" : key === "value" || key.startsWith("value.") ? "value" : null,
  );
  return { ...byField, other };
}
