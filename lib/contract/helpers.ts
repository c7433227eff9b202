import type { CustomField } from "./custom-fields";
import type { Employment, EmploymentListItem } from "./employment";

// Functions of the contract that browser code calls, without zod: importing them from the barrel
// (lib/contract) would ship every schema of the contract to the page
// (docs/decisions/console-bundle-budgets.md). Only type imports here.

/** The list item of a full record (the provider's MinimalEmployment fields of its Employment). */
export function toEmploymentListItem(e: Employment): EmploymentListItem {
  return {
    id: e.id,
    short_id: e.short_id,
    full_name: e.full_name,
    job_title: e.job_title,
    personal_email: e.personal_email,
    login_email: e.login_email,
    work_email: e.work_email,
    status: e.status,
    type: e.type,
    employment_model: e.employment_model,
    employment_lifecycle_stage: e.employment_lifecycle_stage,
    country: e.country ? { alpha_2_code: e.country.alpha_2_code, code: e.country.code, name: e.country.name } : null,
    department: e.department,
    department_id: e.department_id,
    external_id: e.external_id ?? null,
    work_address_details: e.work_address_details,
  };
}

/** The choices of a single_select field (its `metadata.options`); null for the other types. */
export function customFieldOptions(field: Pick<CustomField, "type" | "metadata">): string[] | null {
  if (field.type !== "single_select") return null;
  const options = field.metadata?.options;
  return Array.isArray(options) ? options.filter((o): o is string => typeof o === "string") : [];
}
/** The currency of a currency field (its `metadata.currency`, ISO 4217); null when unset or another type. */
export function customFieldCurrency(field: Pick<CustomField, "type" | "metadata">): string | null {
  if (field.type !== "currency") return null;
  const currency = field.metadata?.currency;
  return typeof currency === "string" ? currency : null;
}
