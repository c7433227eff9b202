import { formatNumber } from "../number-format";
import { stripHtml } from "./html";
import { formatMoney } from "./money";
import { presentationOf, type ObjectState } from "./resolve";
import { asArray, isObject, type JsonSchema } from "./types";
import { isFieldVisible } from "./values";

// The words of a verdict. The engine (./validate) finds the same problems for the API and the
// console; each says them its own way: the API with the terse messages of its 422 responses
// ("is required"), the console with sentences for a person filling the form ("This field is
// required"). A schema's own `x-jsf-errorMessage` wins over both, except where a catalog insists
// (`insisted`): the API tells its callers that money is an integer of cents whatever the schema
// says to the person filling the form.

/** One message for one path (a field, or "" for the form itself). */
export interface PlacedMessage {
  path: string[];
  message: string;
}

/** A failed `anyOf` / `oneOf`: what its branches ask for. */
export interface UmbrellaProblem {
  path: string[];
  keyword: "anyOf" | "oneOf";
  branches: readonly unknown[];
  /** The field's declaration, when the umbrella sits on a field. */
  field: JsonSchema | undefined;
  /** Label of a sibling field by name, for "Fill in a or b". */
  labelOf(name: string): string;
  /** The resolved form, to name only the alternatives a person can see. */
  state: ObjectState | undefined;
}

export interface MessageCatalog {
  required(field: JsonSchema | undefined): string;
  /** A field the active branch forbids (a `false` subschema). */
  forbidden(): string;
  /** A property the schema does not declare (`additionalProperties: false`). */
  unknownProperty(): string;
  /** Any other JSON Schema keyword, or a computed attribute (with its limit in `params`). */
  keyword(keyword: string, params: Record<string, unknown>, field: JsonSchema | undefined): string;
  umbrella(problem: UmbrellaProblem): PlacedMessage[];
  /** A JSON Logic validation without its own message. */
  logicFailed(): string;
  /** A message that wins over the schema's `x-jsf-errorMessage` for this keyword and field, if any. */
  insisted?(keyword: string, field: JsonSchema | undefined): string | undefined;
}

const FORMAT_NAMES_API: Record<string, string> = {
  date: "a valid date (YYYY-MM-DD)",
  "date-time": "a valid date and time (ISO 8601)",
  email: "a valid email address",
  uuid: "a valid UUID",
  uri: "a valid URI",
  "data-url": "a file as a base64 data URL",
};

const FORMAT_NAMES_UI: Record<string, string> = {
  date: "a valid date",
  "date-time": "a valid date and time",
  email: "a valid email address",
  uuid: "a valid identifier",
  uri: "a valid web address",
  "data-url": "a file",
};

const currencyOf = (field: JsonSchema | undefined) => {
  const c = field ? presentationOf(field).currency : undefined;
  return typeof c === "string" ? c : undefined;
};
const isMoney = (field: JsonSchema | undefined) => (field ? presentationOf(field).inputType === "money" : false);

/** An anyOf/oneOf whose branches only list required fields ("fill in a or b"): the alternatives. */
export function requiredAlternatives(branches: readonly unknown[]): string[][] | undefined {
  if (!branches.length) return undefined;
  const lists: string[][] = [];
  for (const b of branches) {
    if (
      !isObject(b) ||
      !Array.isArray(b.required) ||
      Object.keys(b).some((k) => k !== "required" && !k.startsWith("x-jsf") && k !== "title" && k !== "description")
    )
      return undefined;
    lists.push(b.required.map(String));
  }
  return lists;
}

const constBranches = (branches: readonly unknown[]) =>
  branches.length > 0 && branches.every((b) => isObject(b) && "const" in b) ? branches.map((b) => (b as JsonSchema).const) : undefined;

// ---------------------------------------------------------------------------------------------
// The API's words (422 responses)

function apiValue(value: unknown, field: JsonSchema | undefined): string {
  if (typeof value === "number" && isMoney(field)) return formatMoney(value, currencyOf(field));
  return typeof value === "string" ? `"${value}"` : JSON.stringify(value);
}

const article = (type: string) => (type === "null" ? "null" : `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`);

function apiList(values: readonly unknown[], field: JsonSchema | undefined): string {
  return values.length <= 10 ? `must be one of: ${values.map((v) => apiValue(v, field)).join(", ")}` : "must be one of the listed options";
}

/** What an API caller sends for money: integer minor units (DECISIONS.md "Money"). */
function apiMoneyTypeMessage(field: JsonSchema | undefined): string {
  const c = currencyOf(field);
  return c
    ? `Enter the amount in ${c} cents, as an integer (e.g. 150000 for 1,500.00 ${c}).`
    : "Enter the amount in cents, as an integer (e.g. 150000 for 1,500.00).";
}

export const API_MESSAGES: MessageCatalog = {
  insisted: (keyword, field) => (keyword === "type" && isMoney(field) ? apiMoneyTypeMessage(field) : undefined),
  required: () => "is required",
  forbidden: () => "is not allowed",
  unknownProperty: () => "is not allowed",
  logicFailed: () => "is invalid",
  keyword(keyword, p, field) {
    switch (keyword) {
      case "type":
        return `must be ${String(p.type).split(",").map(article).join(" or ")}`;
      case "minimum":
        return `must be greater than or equal to ${apiValue(p.limit, field)}`;
      case "maximum":
        return `must be less than or equal to ${apiValue(p.limit, field)}`;
      case "exclusiveMinimum":
        return `must be greater than ${apiValue(p.limit, field)}`;
      case "exclusiveMaximum":
        return `must be less than ${apiValue(p.limit, field)}`;
      case "minLength":
        return p.limit === 1 ? "must not be empty" : `must be at least ${String(p.limit)} characters long`;
      case "maxLength":
        return `must be at most ${String(p.limit)} characters long`;
      case "pattern":
        return "has an invalid format";
      case "format":
        return `must be ${FORMAT_NAMES_API[String(p.format)] ?? `a valid ${String(p.format)}`}`;
      case "const":
        return `must be ${apiValue(p.allowedValue, field)}`;
      case "enum":
        return apiList(asArray(p.allowedValues), field);
      case "minItems":
        return `must have at least ${String(p.limit)} item${p.limit === 1 ? "" : "s"}`;
      case "maxItems":
        return `must have at most ${String(p.limit)} item${p.limit === 1 ? "" : "s"}`;
      case "uniqueItems":
        return "must not contain duplicates";
      case "multipleOf":
        return `must be a multiple of ${String(p.multipleOf)}`;
      case "minDate":
        return `must be ${String(p.limit)} or later`;
      case "maxDate":
        return `must be ${String(p.limit)} or earlier`;
      case "minProperties":
      case "maxProperties":
      case "propertyNames":
      case "contains":
        return typeof p.message === "string" ? p.message : "is invalid";
      default:
        return "is invalid";
    }
  },
  umbrella({ path, keyword, branches, field }) {
    const consts = constBranches(branches);
    if (consts) return [{ path, message: apiList(consts, field) }];
    const alternatives = requiredAlternatives(branches);
    if (alternatives) return [{ path, message: `requires one of: ${alternatives.map((a) => a.join(" and ")).join(", ")}` }];
    return [{ path, message: keyword === "oneOf" ? "must match exactly one of the allowed forms" : "must match one of the allowed forms" }];
  },
};

// ---------------------------------------------------------------------------------------------
// The console's words (a person filling the form)

function uiValue(value: unknown, field: JsonSchema | undefined): string {
  if (typeof value === "number" && isMoney(field)) return formatMoney(value, currencyOf(field));
  if (typeof value === "number") return formatNumber(value, { maximumFractionDigits: 2 });
  const option = asArray(field?.oneOf ?? field?.anyOf).find((o) => isObject(o) && o.const === value);
  if (isObject(option) && typeof option.title === "string") return `"${stripHtml(option.title)}"`;
  return typeof value === "string" ? `"${value}"` : JSON.stringify(value);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-03-08" → "8 Mar 2026": dates as the console writes them everywhere (its date inputs too). */
export function dateAsWritten(value: unknown): string {
  const m = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${Number(m[3])} ${month} ${m[1]}` : String(value);
}

const TEL_MESSAGE = "Enter a phone number with its international prefix, e.g. +351912345678";

function uiTypeMessage(field: JsonSchema | undefined, types: string): string {
  if (isMoney(field)) {
    // The console's money input takes the amount as people write it and sends minor units itself.
    const c = currencyOf(field);
    return `Enter the amount${c ? ` in ${c}` : ""}, e.g. 1,500.00`;
  }
  if (types.includes("integer")) return "Enter a whole number";
  if (types.includes("number")) return "Enter a number";
  return `Must be ${types.split(",").join(" or ")}`;
}

export const UI_MESSAGES: MessageCatalog = {
  required: () => "This field is required",
  forbidden: () => "Not allowed here",
  unknownProperty: () => "Not allowed here",
  logicFailed: () => "This value is not valid",
  keyword(keyword, p, field) {
    switch (keyword) {
      case "type":
        return uiTypeMessage(field, String(p.type));
      case "minimum":
        return `Must be at least ${uiValue(p.limit, field)}`;
      case "maximum":
        return `Must be at most ${uiValue(p.limit, field)}`;
      case "exclusiveMinimum":
        return `Must be more than ${uiValue(p.limit, field)}`;
      case "exclusiveMaximum":
        return `Must be less than ${uiValue(p.limit, field)}`;
      case "minLength":
        return p.limit === 1 ? "This field is required" : `Enter at least ${String(p.limit)} characters`;
      case "maxLength":
        return `Enter at most ${String(p.limit)} characters`;
      case "pattern":
        if (field && presentationOf(field).inputType === "tel") return TEL_MESSAGE;
        return String(p.pattern) === "\\S" ? "This field is required" : "The format is not valid";
      case "format":
        return `Must be ${FORMAT_NAMES_UI[String(p.format)] ?? `a valid ${String(p.format)}`}`;
      case "const":
        if (p.allowedValue === "acknowledged") return "Tick the box to confirm";
        return `Must be ${uiValue(p.allowedValue, field)}`;
      case "enum": {
        const values = asArray(p.allowedValues);
        return values.length <= 8 ? `Must be one of: ${values.map((v) => uiValue(v, field)).join(", ")}` : "Choose one of the options";
      }
      case "minItems":
        return `Choose at least ${String(p.limit)}`;
      case "maxItems":
        return `Choose at most ${String(p.limit)}`;
      case "uniqueItems":
        return "Each choice may appear only once";
      case "multipleOf":
        return `Must be a multiple of ${String(p.multipleOf)}`;
      case "minDate":
        return `Choose ${dateAsWritten(p.limit)} or a later date`;
      case "maxDate":
        return `Choose ${dateAsWritten(p.limit)} or an earlier date`;
      default:
        return "This value is not valid";
    }
  },
  umbrella({ path, branches, field, labelOf, state }) {
    if (constBranches(branches)) return [{ path, message: "Choose one of the options" }];
    const alternatives = requiredAlternatives(branches);
    if (alternatives) {
      // Name only the alternatives a person can fill in; a single one is simply required.
      const visible = alternatives.filter((names) => names.every((n) => !state || isFieldVisible(state, [...path, n])));
      const usable = visible.length ? visible : alternatives;
      if (usable.length === 1) return usable[0]!.map((n) => ({ path: [...path, n], message: "This field is required" }));
      return [{ path, message: `Fill in ${usable.map((list) => list.map(labelOf).join(" and ")).join(" or ")}` }];
    }
    if (field && presentationOf(field).inputType === "tel") return [{ path, message: TEL_MESSAGE }];
    return [{ path, message: "This value is not valid" }];
  },
};
