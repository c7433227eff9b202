import type { Employment } from "@/lib/contract";
import { remember } from "@/lib/recency";
import { formatAmount } from "../format";
import {
  humanize,
  LIFECYCLE_LABELS,
  LIFECYCLE_TONES,
  MODEL_DESCRIPTIONS,
  MODEL_LABELS,
  SECTION_LABELS,
  STATUS_LABELS,
  STATUS_TONES,
  TYPE_LABELS,
  TYPE_TONES,
  USER_STATUS_LABELS,
  USER_STATUS_TONES,
  type Tone,
} from "./labels";
import { employmentHref } from "./links";

// Every field of an employment (spec 2.1) grouped for reading. Pure data: the detail page renders it,
// and a test checks that no field of the contract is left out.

export type FieldValue =
  | { kind: "text"; text: string }
  | { kind: "code"; text: string }
  | { kind: "email"; email: string }
  | { kind: "date"; iso: string }
  | { kind: "datetime"; iso: string }
  | { kind: "boolean"; value: boolean }
  | { kind: "badge"; text: string; tone: Tone; title?: string }
  | { kind: "link"; text: string; href: string }
  | { kind: "list"; items: string[] }
  | { kind: "empty"; text: string };

export interface FieldRow {
  /** The spec's field path, e.g. `manager_email` or `contractor_rate.amount`. */
  key: string;
  label: string;
  value: FieldValue;
  hint?: string;
}

export interface FieldGroup {
  id: "employment" | "identity" | "job" | "dates" | "country" | "pricing" | "contractor" | "identifiers";
  title: string;
  rows: FieldRow[];
}

const NOT_SET: FieldValue = { kind: "empty", text: "Not set" };

const text = (v: string | null | undefined, empty: FieldValue = NOT_SET): FieldValue => (v ? { kind: "text", text: v } : empty);
const code = (v: string | null | undefined, empty: FieldValue = NOT_SET): FieldValue => (v ? { kind: "code", text: v } : empty);
const email = (v: string | null | undefined, empty: FieldValue = NOT_SET): FieldValue => (v ? { kind: "email", email: v } : empty);
const date = (v: string | null | undefined, empty: FieldValue = NOT_SET): FieldValue => (v ? { kind: "date", iso: v } : empty);
const list = (v: readonly string[] | null | undefined, empty: FieldValue = NOT_SET): FieldValue =>
  v && v.length > 0 ? { kind: "list", items: [...v] } : empty;
const bool = (v: boolean | null | undefined): FieldValue => (typeof v === "boolean" ? { kind: "boolean", value: v } : NOT_SET);

export const isContractorRecord = (e: Employment) =>
  e.type === "contractor" || e.contractor_type != null || e.contractor_settings != null || e.contractor_rate != null;

export function groupEmploymentFields(e: Employment): FieldGroup[] {
  const groups: FieldGroup[] = [
    {
      id: "employment",
      title: "Employment",
      rows: [
        { key: "status", label: "Status", value: { kind: "badge", text: STATUS_LABELS[e.status], tone: STATUS_TONES[e.status] } },
        { key: "type", label: "Type", value: { kind: "badge", text: TYPE_LABELS[e.type], tone: TYPE_TONES[e.type] } },
        {
          key: "employment_model",
          label: "Employment model",
          value: e.employment_model
            ? { kind: "badge", text: MODEL_LABELS[e.employment_model], tone: "gray", title: MODEL_DESCRIPTIONS[e.employment_model] }
            : NOT_SET,
          hint: e.employment_model ? MODEL_DESCRIPTIONS[e.employment_model] : undefined,
        },
        {
          key: "employment_lifecycle_stage",
          label: "Lifecycle stage",
          value: {
            kind: "badge",
            text: LIFECYCLE_LABELS[e.employment_lifecycle_stage],
            tone: LIFECYCLE_TONES[e.employment_lifecycle_stage],
          },
        },
        {
          key: "user_status",
          label: "User account",
          value: e.user_status
            ? { kind: "badge", text: USER_STATUS_LABELS[e.user_status], tone: USER_STATUS_TONES[e.user_status] }
            : { kind: "empty", text: "No account yet" },
        },
        {
          key: "eligible_for_onboarding_cancellation",
          label: "Onboarding can be cancelled",
          value: bool(e.eligible_for_onboarding_cancellation),
        },
      ],
    },
    {
      id: "identity",
      title: "Identity",
      rows: [
        { key: "full_name", label: "Full name", value: text(e.full_name) },
        { key: "personal_email", label: "Personal email", value: email(e.personal_email) },
        { key: "login_email", label: "Login email", value: email(e.login_email), hint: "Address used to sign in" },
        { key: "work_email", label: "Work email", value: email(e.work_email) },
      ],
    },
    {
      id: "job",
      title: "Job, manager and department",
      rows: [
        { key: "job_title", label: "Job title", value: text(e.job_title) },
        { key: "department", label: "Department", value: text(e.department, { kind: "empty", text: "No department" }) },
        { key: "department_id", label: "Department ID", value: code(e.department_id, { kind: "empty", text: "None" }) },
        { key: "manager", label: "Manager", value: text(e.manager, { kind: "empty", text: "No manager assigned" }) },
        { key: "manager_email", label: "Manager email", value: email(e.manager_email, { kind: "empty", text: "None" }) },
        {
          key: "manager_employment_id",
          label: "Manager's employment",
          value: e.manager_employment_id
            ? { kind: "link", text: "Open the manager's employment", href: employmentHref(e.manager_employment_id) }
            : { kind: "empty", text: "Not managed through the service" },
        },
      ],
    },
    {
      id: "dates",
      title: "Dates",
      rows: [
        { key: "provisional_start_date", label: "Provisional start date", value: date(e.provisional_start_date) },
        {
          key: "seniority_date",
          label: "Seniority date",
          value: date(e.seniority_date, { kind: "empty", text: "Same as the start date" }),
          hint: e.seniority_date ? undefined : "Seniority counts from the start date with the service",
        },
        {
          key: "probation_period_end_date",
          label: "Probation period ends",
          value: date(e.probation_period_end_date, { kind: "empty", text: "Not applicable" }),
        },
        { key: "created_at", label: "Created", value: { kind: "datetime", iso: e.created_at } },
        { key: "updated_at", label: "Last updated", value: { kind: "datetime", iso: e.updated_at } },
      ],
    },
    {
      id: "country",
      title: "Country",
      rows: e.country
        ? [
            { key: "country.name", label: "Country", value: text(e.country.name) },
            { key: "country.code", label: "Code (ISO alpha-3)", value: code(e.country.code) },
            { key: "country.alpha_2_code", label: "Code (ISO alpha-2)", value: code(e.country.alpha_2_code) },
            { key: "country.region", label: "Region", value: text(e.country.region) },
            { key: "country.subregion", label: "Subregion", value: text(e.country.subregion) },
            { key: "country.eor_onboarding", label: "EOR onboarding", value: bool(e.country.eor_onboarding) },
            {
              key: "country.employment_agreement_preview_available",
              label: "Agreement preview",
              value: bool(e.country.employment_agreement_preview_available),
            },
            {
              key: "country.contractor_products_available",
              label: "Contractor products",
              value: list(e.country.contractor_products_available?.map(humanize), { kind: "empty", text: "None" }),
            },
            {
              key: "country.locked_benefits",
              label: "Benefits lock",
              value: text(e.country.locked_benefits ? humanize(e.country.locked_benefits) : null),
            },
            {
              key: "country.country_subdivisions",
              label: "Subdivisions",
              value: list(
                e.country.country_subdivisions?.map((s) => (s.code ? `${s.name} (${s.code})` : s.name)),
                { kind: "empty", text: "None relevant" },
              ),
            },
            {
              key: "country.supported_json_schemas",
              label: "Forms",
              value: list(e.country.supported_json_schemas?.map((s) => SECTION_LABELS[s] ?? humanize(s))),
            },
          ]
        : [{ key: "country", label: "Country", value: { kind: "empty", text: "No country" } }],
    },
    {
      id: "pricing",
      title: "Pricing plan",
      rows: [
        {
          key: "pricing_plan_details.frequency",
          label: "Management fees billed",
          value: text(humanize(e.pricing_plan_details.frequency)),
        },
      ],
    },
  ];

  if (isContractorRecord(e)) {
    const rate = e.contractor_rate;
    groups.push({
      id: "contractor",
      title: "Contractor",
      rows: [
        { key: "contractor_type", label: "Contractor type", value: text(e.contractor_type ? humanize(e.contractor_type) : null) },
        {
          key: "contractor_settings.requires_work_confirmation",
          label: "Work confirmation before invoices",
          value: e.contractor_settings ? bool(e.contractor_settings.requires_work_confirmation) : NOT_SET,
        },
        ...(rate
          ? [
              { key: "contractor_rate.amount", label: "Rate", value: text(formatAmount(rate.amount.amount, rate.amount.currency.code)) },
              { key: "contractor_rate.type", label: "Rate type", value: text(humanize(rate.type)) },
              {
                key: "contractor_rate.pay_frequency",
                label: "Pay frequency",
                value: text(rate.pay_frequency ? humanize(rate.pay_frequency) : null),
              },
              { key: "contractor_rate.slug", label: "Rate identifier", value: code(rate.slug) },
            ]
          : [{ key: "contractor_rate", label: "Rate", value: { kind: "empty", text: "No rate configured" } } satisfies FieldRow]),
      ],
    });
  }

  groups.push({
    id: "identifiers",
    title: "Identifiers",
    rows: [
      { key: "id", label: "Employment ID", value: code(e.id) },
      { key: "short_id", label: "Short ID", value: code(e.short_id) },
      { key: "external_id", label: "External ID", value: code(e.external_id), hint: "Reference in another system" },
      { key: "company_id", label: "Company ID", value: code(e.company_id) },
      { key: "active_contract_id", label: "Active contract", value: code(e.active_contract_id, { kind: "empty", text: "None" }) },
    ],
  });
  return groups;
}

/** Fields of spec 2.1 that the detail page shows outside the groups (their own cards). */
export const FIELDS_SHOWN_ELSEWHERE = [
  "onboarding_tasks",
  "files",
  "basic_information",
  "personal_details",
  "address_details",
  "work_address_details",
  "billing_address_details",
  "administrative_details",
  "contract_details",
  "emergency_contact_details",
  "bank_account_details",
] as const;

// ---------------------------------------------------------------------------------------------
// Country-form sections: contents vary by country (spec 2.5), so they are flattened for reading.

export const FORM_SECTION_KEYS = [
  "basic_information",
  "personal_details",
  "address_details",
  "work_address_details",
  "billing_address_details",
  "administrative_details",
  "contract_details",
  "emergency_contact_details",
  "bank_account_details",
] as const;
export type FormSectionKey = (typeof FORM_SECTION_KEYS)[number];

export interface SectionEntry {
  /** Dotted path inside the section, e.g. `address.city` or `1.iban`. */
  path: string;
  label: string;
  value: string;
}

export interface SectionView {
  key: FormSectionKey;
  title: string;
  entries: SectionEntry[];
}

function display(v: unknown): string {
  if (v === null || v === undefined || v === "") return "—";
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (typeof v === "string" || typeof v === "number") return String(v);
  return JSON.stringify(v);
}

/** Labels of dotted paths, kept: the same country-form keys come back on every render of every employment. */
const pathLabels = new Map<string, string>();
const PATH_LABELS_MAX = 2_000;

/** "address.0.postal_code" → "Address › #1 › Postal code". */
function label(path: string): string {
  const kept = pathLabels.get(path);
  if (kept !== undefined) return kept;
  const text = path
    .split(".")
    .map((p) => (/^\d+$/.test(p) ? `#${Number(p) + 1}` : humanize(p)))
    .join(" › ");
  remember(pathLabels, path, text, PATH_LABELS_MAX);
  return text;
}

/** Leaves of a JSON value as dotted paths (arrays of scalars stay one entry). */
export function flattenSection(value: unknown, prefix = ""): SectionEntry[] {
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) {
      return prefix ? [{ path: prefix, label: label(prefix), value: value.map(display).join(", ") || "—" }] : [];
    }
    return value.flatMap((v, i) => flattenSection(v, prefix ? `${prefix}.${i}` : String(i)));
  }
  if (value && typeof value === "object") {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => flattenSection(v, prefix ? `${prefix}.${k}` : k));
  }
  return prefix ? [{ path: prefix, label: label(prefix), value: display(value) }] : [];
}

export function formSections(e: Employment): SectionView[] {
  return FORM_SECTION_KEYS.map((key) => ({
    key,
    title: SECTION_LABELS[key] ?? humanize(key),
    entries: flattenSection(e[key] ?? {}),
  }));
}
