import { z } from "zod";
import {
  COMPANY_ROLES,
  CompaniesResponseSchema,
  CompanySchema,
  CompanyManagerSchema,
  CONTRACT_AMENDMENT_STATUSES,
  ContractAmendmentListItemSchema,
  ContractAmendmentSchema,
  CountriesResponseSchema,
  CUSTOM_FIELD_TYPES,
  CustomFieldListResponseSchema,
  DepartmentListResponseSchema,
  EmploymentCustomFieldValueSchema,
  EmploymentListResponseSchema,
  EmploymentResponseSchema,
  ExpenseListResponseSchema,
  ExpenseResponseSchema,
  IncentiveListResponseSchema,
  IncentiveResponseSchema,
  listEnvelopeSchema,
  OffboardingListResponseSchema,
  OffboardingResponseSchema,
  PayslipSchema,
  RecurringIncentiveListResponseSchema,
  resourceEnvelopeSchema,
  TimeoffListResponseSchema,
  TimeoffResponseSchema,
} from "@/lib/contract";

// The console's read path (docs/decisions/contract-console-reads.md): the schemas the console parses
// responses with are derived here, in one place, from the contract's (lib/contract) response schemas.
// Those stay strict: they describe what Roster sends, and the API produces and documents them. The
// provider's types (types.gen.ts) make most of what it sends optional (`data?`, `current_page?`, list
// arrays, show objects, a manager's role as a plain string…); the console must read whatever the
// provider may validly send, so a read schema fills what may be absent before the strict schema
// parses it, and widens the few values whose domain is larger on the provider than in Roster.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A list envelope `{data?: {<plural>?, current_page?, total_count?, total_pages?}}` read as the
 * contract's list envelope: an absent list is an empty one, absent pagination is derived from what is
 * there (page 1; the count of the items present; at least the current page).
 */
export function fillListEnvelope(raw: unknown, plural: string, where: "inside" | "beside" = "inside"): unknown {
  if (raw !== undefined && raw !== null && !isObject(raw)) return raw;
  const body = raw ?? {};
  const data = isObject(body.data) ? body.data : body.data === undefined || body.data === null ? {} : body.data;
  if (!isObject(data)) return raw;
  const items = Array.isArray(data[plural]) ? (data[plural] as unknown[]) : data[plural] == null ? [] : data[plural];
  const pages = where === "inside" ? data : body;
  const count = Array.isArray(items) ? items.length : 0;
  const currentPage = pages.current_page ?? 1;
  const pagination = {
    current_page: currentPage,
    total_count: pages.total_count ?? count,
    total_pages: pages.total_pages ?? (count > 0 || typeof currentPage !== "number" ? currentPage : 0),
  };
  return where === "inside"
    ? { ...body, data: { ...data, [plural]: items, ...pagination } }
    : { ...body, data: { ...data, [plural]: items }, ...pagination };
}

/** `readList("employments", EmploymentListResponseSchema)`: the strict list schema, read leniently. */
export function readList<T>(plural: string, strict: z.ZodType<T>, where: "inside" | "beside" = "inside"): z.ZodType<T> {
  return z.preprocess((raw) => fillListEnvelope(raw, plural, where), strict) as unknown as z.ZodType<T>;
}

/** A bare list `{data?: [...]}` (GET /v1/countries) or `{companies?: [...]}` (GET /v1/companies): absent is empty. */
export function readArray<T>(key: string, strict: z.ZodType<T>): z.ZodType<T> {
  return z.preprocess((raw) => {
    if (raw !== undefined && raw !== null && !isObject(raw)) return raw;
    const body = raw ?? {};
    return { ...body, [key]: body[key] ?? [] };
  }, strict) as unknown as z.ZodType<T>;
}

/**
 * The provider's answer held no resource where a show's envelope names one (`data?: {employment?}`):
 * the console shows the page's not-found state. The API client turns it into a 404 ApiRequestError
 * whose body says what was absent (`{absent: "employment"}`).
 */
export class AbsentResourceError extends Error {
  override name = "AbsentResourceError";
  constructor(readonly resource: string) {
    super(`The API's answer holds no ${resource.replace(/_/g, " ")}`);
  }
}

/** `readShow("employment", EmploymentResponseSchema)`: an absent `data` or `data.employment` is the not-found state. */
export function readShow<T>(key: string, strict: z.ZodType<T>): z.ZodType<T> {
  return z.preprocess((raw) => {
    if (!isObject(raw) || !isObject(raw.data) || raw.data[key] === undefined || raw.data[key] === null) throw new AbsentResourceError(key);
    return raw;
  }, strict) as unknown as z.ZodType<T>;
}

/**
 * A value the provider types as a plain string, or with more members than Roster's enum (a manager's
 * role, an amendment's status, a custom field's type): read as a string, shown with the console's
 * label when it knows the value and a readable fallback otherwise (`fallbackLabel`).
 */
export const openEnum = <const V extends readonly [string, ...string[]]>(values: V) =>
  z.union([z.enum(values), z.string()]) as unknown as z.ZodType<V[number] | (string & {})>;

export { fallbackLabel, labelOf } from "./read-labels";

/** A date the provider types as a plain string (payslip `issued_at`): a date, or a date-time read as its date. */
export const readDate = z.preprocess(
  (v) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v),
  z.iso.date(),
) as unknown as z.ZodType<string>;

// ─── The console's read schemas, derived from the contract's ────────────────────────────────────

/**
 * Onboarding tasks: `description` and `status` are optional in the provider's TaskDescription. An
 * absent description reads as "" (the page shows the task's name only); an absent status as
 * "pending": a task counts as completed only when the provider says so.
 */
function fillTaskDescriptions(raw: unknown): unknown {
  if (!isObject(raw) || !isObject(raw.data) || !isObject(raw.data.employment)) return raw;
  const employment = raw.data.employment;
  if (!isObject(employment.onboarding_tasks)) return raw;
  const tasks = Object.fromEntries(
    Object.entries(employment.onboarding_tasks).map(([k, t]) => [
      k,
      isObject(t) ? { ...t, description: t.description ?? "", status: t.status ?? "pending" } : t,
    ]),
  );
  return { ...raw, data: { ...raw.data, employment: { ...employment, onboarding_tasks: tasks } } };
}

export const CompanyManagerReadSchema = CompanyManagerSchema.extend({ role: openEnum(COMPANY_ROLES) });
export type CompanyManagerRead = z.infer<typeof CompanyManagerReadSchema>;

/** The provider's ContractAmendmentStatus: Roster's four and `deleted`. */
export const READ_CONTRACT_AMENDMENT_STATUSES = [...CONTRACT_AMENDMENT_STATUSES, "deleted"] as const;
export type ContractAmendmentStatusRead = (typeof READ_CONTRACT_AMENDMENT_STATUSES)[number];
const amendmentStatus = z.enum(READ_CONTRACT_AMENDMENT_STATUSES);
export const ContractAmendmentListItemReadSchema = ContractAmendmentListItemSchema.extend({ status: amendmentStatus });
export type ContractAmendmentListItemRead = z.infer<typeof ContractAmendmentListItemReadSchema>;
export const ContractAmendmentReadSchema = ContractAmendmentSchema.extend({ status: amendmentStatus });
export type ContractAmendmentRead = z.infer<typeof ContractAmendmentReadSchema>;

export const read = {
  employments: readList("employments", EmploymentListResponseSchema),
  employment: z.preprocess(fillTaskDescriptions, readShow("employment", EmploymentResponseSchema)) as unknown as z.ZodType<
    z.infer<typeof EmploymentResponseSchema>
  >,
  countries: readArray("data", CountriesResponseSchema),
  companies: readArray("companies", CompaniesResponseSchema),
  /** GET /v1/companies/{id}: what the console uses of the company (its billing currency names converted amounts). */
  company: readShow("company", resourceEnvelopeSchema("company", CompanySchema.pick({ id: true, name: true, desired_currency: true }))),
  departments: readList("company_departments", DepartmentListResponseSchema, "beside"),
  companyManagers: readList("company_managers", listEnvelopeSchema("company_managers", CompanyManagerReadSchema)),
  /** POST /v1/company-managers: the provider's CompanyManagerData, `{company_manager}` without `data`. */
  companyManagerCreated: z.object({ company_manager: CompanyManagerReadSchema }),
  contractAmendments: readList("contract_amendments", listEnvelopeSchema("contract_amendments", ContractAmendmentListItemReadSchema)),
  contractAmendment: readShow("contract_amendment", resourceEnvelopeSchema("contract_amendment", ContractAmendmentReadSchema)),
  customFields: readList("custom_fields", CustomFieldListResponseSchema),
  employmentCustomFieldValues: readList(
    "custom_field_values",
    listEnvelopeSchema("custom_field_values", EmploymentCustomFieldValueSchema.extend({ type: openEnum(CUSTOM_FIELD_TYPES) })),
  ),
  payslips: readList("payslips", listEnvelopeSchema("payslips", PayslipSchema.extend({ issued_at: readDate }))),
  timeoffs: readList("timeoffs", TimeoffListResponseSchema),
  timeoff: readShow("timeoff", TimeoffResponseSchema),
  expenses: readList("expenses", ExpenseListResponseSchema),
  expense: readShow("expense", ExpenseResponseSchema),
  incentives: readList("incentives", IncentiveListResponseSchema),
  incentive: readShow("incentive", IncentiveResponseSchema),
  recurringIncentives: readList("recurring_incentives", RecurringIncentiveListResponseSchema),
  offboardings: readList("offboardings", OffboardingListResponseSchema),
  offboarding: readShow("offboarding", OffboardingResponseSchema),
};
