import { ENVIRONMENTS } from "./environments";

// Every enumeration of the specification (sections 1–3, 5, 6) and of DECISIONS.md, as plain arrays and
// their union types. No zod here: browser code imports these (e.g. a list's status filter) without
// pulling the contract's schemas; the zod enums are in enum-schemas.ts.

export * from "./employment-enums";
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./page-sizes";

export const CONTRACTOR_TYPES = ["standard", "cor", "plus"] as const;

export const PAY_FREQUENCIES = ["weekly", "bi_weekly", "semi_monthly", "monthly"] as const;
export const RATE_TYPES = ["hourly", "daily", "weekly", "monthly", "one_off"] as const;

export const COMPANY_STATUSES = ["pending", "review", "active", "archived"] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const COMPANY_ROLES = ["owner", "admin", "people_manager", "onboarding_manager"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** Roles that may be set as an employment's manager (spec 4.1). */
export const MANAGER_ROLES: readonly CompanyRole[] = ["owner", "admin", "people_manager"];

/** Form names of DECISIONS.md ("Forms"). */
export const FORM_NAMES = [
  "employment_basic_information",
  "contractor_basic_information",
  "personal_details",
  "address_details",
  "administrative_details",
  "bank_account_details",
  "billing_address_details",
  "contract_details",
  "emergency_contact_details",
  "pricing_plan_details",
  "employment_document_details",
  "work_address_details",
  "contract_amendment",
] as const;
export type FormName = (typeof FORM_NAMES)[number];

export { ENVIRONMENTS };
export type Environment = (typeof ENVIRONMENTS)[number];

// contract-amendments.ts
/** The provider's statuses except `deleted` (nothing deletes an amendment here). */
export const CONTRACT_AMENDMENT_STATUSES = ["submitted", "in_review", "done", "canceled"] as const;
/** Statuses in which an amendment is still waiting for a decision. */
export const OPEN_CONTRACT_AMENDMENT_STATUSES: readonly (typeof CONTRACT_AMENDMENT_STATUSES)[number][] = ["submitted", "in_review"];

// expenses.ts
/** The categories a new expense may take: the provider's `category` values on create (types.gen.ts, 24). */
export const EXPENSE_CATEGORIES = [
  "car_rental",
  "coworking_office",
  "education_training",
  "entertainment",
  "flight",
  "fuel",
  "gifts",
  "insurance",
  "lodging",
  "meals",
  "other",
  "parking_toll",
  "subscription",
  "tech_equipment",
  "telecommunication",
  "transport",
  "utilities",
  "vaccination_testing",
  "visa",
  "wellness",
  "coworking",
  "home_office",
  "phone_utilities",
  "travel",
] as const;
/** Titles of the categories, as GET /v1/expenses/categories names them. */
export const EXPENSE_CATEGORY_TITLES: Record<(typeof EXPENSE_CATEGORIES)[number], string> = {
  car_rental: "Car rental",
  coworking_office: "Coworking office",
  education_training: "Education and training",
  entertainment: "Entertainment",
  flight: "Flight",
  fuel: "Fuel",
  gifts: "Gifts",
  insurance: "Insurance",
  lodging: "Lodging",
  meals: "Meals",
  other: "Other",
  parking_toll: "Parking and tolls",
  subscription: "Subscription",
  tech_equipment: "Tech equipment",
  telecommunication: "Telecommunication",
  transport: "Transport",
  utilities: "Utilities",
  vaccination_testing: "Vaccination and testing",
  visa: "Visa",
  wellness: "Wellness",
  coworking: "Coworking",
  home_office: "Home office",
  phone_utilities: "Phone and utilities",
  travel: "Travel",
};

export const EXPENSE_STATUSES = ["pending", "approved", "declined", "processing", "reimbursed", "canceled"] as const;
/** Receipts per expense. */
export const RECEIPTS_MAX = 10;

// incentives.ts
export const RECURRING_INCENTIVE_TYPES = [
  "acting_up_allowance",
  "allowance",
  "car_allowance",
  "health_and_wellness_allowance",
  "internet_allowance",
  "meal_allowance",
  "on_call_allowance",
  "parenthood_allowance",
  "phone_allowance",
  "relocation_allowance",
  "travel_allowance",
  "work_from_home_allowance",
  "bonus",
  "holiday_bonus",
  "referral_bonus",
  "retention_bonus",
  "commission",
  "other",
  "overtime",
  "stipend",
] as const;
/** A signing bonus is paid once: it cannot recur. */
export const INCENTIVE_TYPES = [...RECURRING_INCENTIVE_TYPES, "signing_bonus"] as const;
/** pending → processing → paid; processing and paid ones can no longer be changed or deleted. */
export const INCENTIVE_STATUSES = ["pending", "processing", "paid"] as const;
/** The provider's: `inactive` once its last month is generated (or paused). */
export const RECURRING_INCENTIVE_STATUSES = ["active", "inactive"] as const;

// offboardings.ts
/** submitted → in_review → done; canceled from submitted or in_review (the provider's spelling). */
export const OFFBOARDING_STATUSES = ["submitted", "in_review", "done", "canceled"] as const;
export const TERMINATION_REASONS = [
  "cancellation_before_start_date",
  "compliance_issue",
  "conversion_to_contractor",
  "dissatisfaction_with_remote_service",
  "end_of_fixed_term_contract_compliance_issue",
  "end_of_fixed_term_contract_incapacity_to_perform_inherent_duties",
  "end_of_fixed_term_contract_local_regulations_max_term_reached",
  "end_of_fixed_term_contract_misconduct",
  "end_of_fixed_term_contract_operational_reasons",
  "end_of_fixed_term_contract_other",
  "end_of_fixed_term_contract_performance",
  "end_of_fixed_term_contract_redundancy",
  "end_of_fixed_term_contract_values",
  "gross_misconduct",
  "incapacity_to_perform_inherent_duties",
  "job_abandonment",
  "mutual_agreement",
  "other",
  "performance",
  "values",
  "workforce_reduction",
] as const;
export const RISK_ASSESSMENT_REASONS = [
  "caring_responsibilities",
  "disabled_or_health_condition",
  "family_leave",
  "member_of_union_or_works_council",
  "none_of_these",
  "pregnant_or_breastfeeding",
  "reported_concerns_with_workplace",
  "requested_medical_or_family_leave",
  "sick_leave",
] as const;

// outstanding-payments.ts
export const OUTSTANDING_PAYMENT_TYPES = ["payment", "refund"] as const;
export const OUTSTANDING_PAYMENT_SORTS = ["due_date", "invoice_period"] as const;

// timeoff.ts
/** Time off types with descriptions (GET /v1/timeoff/types). */
export const TIMEOFF_TYPE_DESCRIPTIONS = {
  paid_time_off: "Paid time off taken from the annual entitlement (vacation).",
  sick_leave: "Time off because of illness or injury.",
  public_holiday: "A public holiday of the country of employment.",
  unpaid_leave: "Time off without pay, agreed with the employer.",
  extended_leave: "A long absence such as a sabbatical.",
  in_lieu_time: "Time off in exchange for extra hours worked (time in lieu).",
  maternity_leave: "Leave around the birth of a child, for the birthing parent.",
  paternity_leave: "Leave around the birth of a child, for the other parent.",
  parental_leave: "Leave to care for a young or newly adopted child.",
  bereavement: "Time off after the death of a relative.",
  military_leave: "Time off for military service.",
  other: "Any other kind of time off.",
} as const;
export const TIMEOFF_TYPES = Object.keys(TIMEOFF_TYPE_DESCRIPTIONS) as (keyof typeof TIMEOFF_TYPE_DESCRIPTIONS)[];
/**
 * `taken` is an approved time off whose last day has passed (in its time zone). `cancel_requested`
 * (the provider's: an employee asked to cancel approved time off) is never produced by Roster.
 */
export const TIMEOFF_STATUSES = ["requested", "approved", "taken", "declined", "cancelled", "cancel_requested"] as const;

// webhooks.ts
/** Event types of spec 6.1 and 6.2. */
export const WEBHOOK_EVENT_TYPES = [
  "background_check.status.updated",
  "employment.account.updated",
  "employment.administrative_details.updated",
  "employment.details.updated",
  "employment.employment_agreement.available",
  "employment.onboarding.completed",
  "employment.onboarding_task.completed",
  "employment.user_status.activated",
  "employment.user_status.deactivated",
  "employment.personal_information.updated",
  "payslip.released",
  "contract_amendment.done",
  "expense.approved",
  "expense.declined",
  "expense.updated",
  "expense.deleted",
  "incentive.created",
  "incentive.updated",
  "incentive.deleted",
  "incentive.paid",
  "incentive.processing_started",
  "offboarding.submitted",
  "offboarding.review_started",
  "offboarding.deleted",
] as const;
/** Headers of every webhook request (DECISIONS.md "Webhooks"). */
export const WEBHOOK_SIGNATURE_HEADER = "X-Service-Signature";
export const WEBHOOK_TIMESTAMP_HEADER = "X-Service-Timestamp";
export const WEBHOOK_EVENT_ID_HEADER = "X-Service-Event-Id";
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed", "cancelled"] as const;

/** The longest webhook callback URL the API stores (lib/contract/webhooks.ts CallbackUrlSchema). */
export const WEBHOOK_URL_MAX_LENGTH = 2048;
