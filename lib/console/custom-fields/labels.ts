import type { CustomFieldDataEntryAccess, CustomFieldType, CustomFieldVisibilityScope } from "@/lib/contract";
import type { Tone } from "@/lib/console/employments/labels";

// Names of the custom field types (the provider's ten, lib/contract/custom-fields.ts) and what a
// refusal of the custom field endpoints means (docs/decisions/areas-payroll-scopes.md).

export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  string: "Short text",
  text: "Long text",
  integer: "Whole number",
  decimal: "Decimal number",
  percentage: "Percentage",
  currency: "Money amount",
  date: "Date",
  boolean: "Yes / no",
  link: "Link",
  single_select: "Single choice",
};

export const CUSTOM_FIELD_TYPE_DESCRIPTIONS: Record<CustomFieldType, string> = {
  string: "Up to 255 characters on one line.",
  text: "Up to 10,000 characters, several lines.",
  integer: "A whole number, e.g. a desk number.",
  decimal: "A number with decimals, e.g. an FTE ratio of 0.8.",
  percentage: "A number of percent, e.g. 7.5 for 7.5 %.",
  currency: "An amount in the field's ISO 4217 currency, e.g. 1,500.00 EUR.",
  date: "A calendar date.",
  boolean: "Yes or no.",
  link: "An http or https URL.",
  single_select: "One of a list of options you define now.",
};

/** Who enters (data_entry_access) or sees (visibility_scope) a field's values. */
export const CUSTOM_FIELD_ACCESS_LABELS: Record<CustomFieldDataEntryAccess | CustomFieldVisibilityScope, string> = {
  company_admin_only: "Company admins only",
  employee_only: "The employee only",
  everyone: "Everyone",
};

export const CUSTOM_FIELD_TYPE_TONES: Record<CustomFieldType, Tone> = {
  string: "gray",
  text: "gray",
  integer: "blue",
  decimal: "blue",
  percentage: "blue",
  currency: "green",
  date: "violet",
  boolean: "teal",
  link: "sky",
  single_select: "amber",
};
