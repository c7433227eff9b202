import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
// A cycle with schema.ts (which re-exports this file) is safe: the referenced tables are only read
// inside the `references` callbacks, after both modules have been evaluated.
import { companies, companyUsers, employments } from "./schema";

// Tables of the people-ops areas: time off (and balances), expenses with their receipts, incentives
// (one-time and recurring), offboardings. Migrations: migrations/0002_people_ops.sql, 0006_people_ops_provider_shapes.sql.

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const day = (name: string) => date(name, { mode: "string" });
const money = (name: string) => bigint(name, { mode: "number" });

/** Uploaded files of these areas (expense receipts, time off documents): the bytes live here. */
export const peopleOpsFiles = pgTable(
  "people_ops_files",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    employmentId: uuid("employment_id")
      .notNull()
      .references(() => employments.id),
    /** Set for an expense receipt (an expense has zero or more). */
    expenseId: uuid("expense_id").references(() => expenses.id, { onDelete: "cascade" }),
    /** Set for a file of an offboarding request (termination reason files, timesheet). */
    offboardingId: uuid("offboarding_id").references((): AnyPgColumn => offboardings.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** File `type` of spec 2.3: `receipt` or `timeoff_document`. */
    type: text("type").notNull(),
    subType: text("sub_type"),
    /** Detected from the bytes (never the uploader's word alone). */
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** Order of the receipts of an expense, as uploaded. */
    position: integer("position").notNull().default(0),
    content: bytea("content").notNull(),
    insertedAt: ts("inserted_at").notNull(),
  },
  (t) => [index("people_ops_files_expense_idx").on(t.expenseId, t.position)],
);

export const timeoffs = pgTable(
  "timeoffs",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    employmentId: uuid("employment_id")
      .notNull()
      .references(() => employments.id),
    timeoffType: text("timeoff_type").notNull(),
    /** requested | approved | declined | cancelled (`taken` is derived: approved and ended). */
    status: text("status").notNull(),
    startDate: day("start_date").notNull(),
    endDate: day("end_date").notNull(),
    timezone: text("timezone").notNull(),
    timeoffDays: jsonb("timeoff_days").$type<{ day: string; hours: number }[]>().notNull(),
    notes: text("notes"),
    documentFileId: uuid("document_file_id").references(() => peopleOpsFiles.id),
    approverId: uuid("approver_id").references(() => companyUsers.id),
    approvedAt: ts("approved_at"),
    cancelledAt: ts("cancelled_at"),
    cancelReason: text("cancel_reason"),
    declinedAt: ts("declined_at"),
    declineReason: text("decline_reason"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("timeoffs_company_idx").on(t.companyId, t.startDate),
    index("timeoffs_employment_idx").on(t.employmentId, t.startDate, t.endDate),
  ],
);

/**
 * Entitlements granted on top of the contract's annual paid time off (carry-over, additional, transfer).
 * The annual entitlement itself is derived from the contract (`contract_details.available_pto`).
 */
export const timeoffEntitlements = pgTable(
  "timeoff_entitlements",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    employmentId: uuid("employment_id")
      .notNull()
      .references(() => employments.id),
    /** carryover_pto | additional_pto | transfer_pto */
    type: text("type").notNull(),
    name: text("name").notNull(),
    days: integer("days").notNull(),
    /** Null when the entitlement never expires. */
    expiryDate: day("expiry_date"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("timeoff_entitlements_employment_idx").on(t.employmentId)],
);

export const expenses = pgTable(
  "expenses",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    employmentId: uuid("employment_id")
      .notNull()
      .references(() => employments.id),
    title: text("title").notNull(),
    /** Minor units of `currency`. */
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    taxAmount: money("tax_amount").notNull(),
    /** The amounts in the employment's currency, converted at creation or edit. */
    convertedAmount: money("converted_amount").notNull(),
    convertedTaxAmount: money("converted_tax_amount").notNull(),
    convertedCurrency: text("converted_currency").notNull(),
    category: text("category").notNull(),
    expenseDate: day("expense_date").notNull(),
    notes: text("notes"),
    /** pending | approved | declined | processing | reimbursed | canceled */
    status: text("status").notNull(),
    /** Why it was declined. */
    reason: text("reason"),
    reviewerUserId: uuid("reviewer_user_id").references(() => companyUsers.id),
    reviewedAt: ts("reviewed_at"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("expenses_company_idx").on(t.companyId, t.expenseDate), index("expenses_employment_idx").on(t.employmentId)],
);

export const recurringIncentives = pgTable(
  "recurring_incentives",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    employmentId: uuid("employment_id")
      .notNull()
      .references(() => employments.id),
    type: text("type").notNull(),
    /** active | completed | deleted */
    status: text("status").notNull(),
    amount: money("amount").notNull(),
    amountTaxType: text("amount_tax_type").notNull(),
    startDate: day("start_date").notNull(),
    /** Effective date of the last payment, or null when open-ended. */
    endDate: day("end_date"),
    note: text("note"),
    /** Effective date of the last monthly incentive generated (never generated again, even if deleted). */
    generatedThrough: day("generated_through"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    deletedAt: ts("deleted_at"),
  },
  (t) => [index("recurring_incentives_company_idx").on(t.companyId, t.startDate)],
);

export const incentives = pgTable(
  "incentives",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    employmentId: uuid("employment_id")
      .notNull()
      .references(() => employments.id),
    recurringIncentiveId: uuid("recurring_incentive_id").references(() => recurringIncentives.id),
    type: text("type").notNull(),
    /** pending | processing | paid */
    status: text("status").notNull(),
    /** Minor units of the employment's currency. */
    amount: money("amount").notNull(),
    amountTaxType: text("amount_tax_type").notNull(),
    effectiveDate: day("effective_date").notNull(),
    expectedPayoutDate: day("expected_payout_date"),
    /** The period the incentive pays for (the provider's period_start / period_end), when given. */
    periodStart: day("period_start"),
    periodEnd: day("period_end"),
    note: text("note"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("incentives_company_idx").on(t.companyId, t.effectiveDate),
    index("incentives_employment_idx").on(t.employmentId),
    // One generated incentive per recurring incentive and month, whoever generates it.
    uniqueIndex("incentives_recurring_month_uq")
      .on(t.recurringIncentiveId, t.effectiveDate)
      .where(sql`${t.recurringIncentiveId} IS NOT NULL`),
  ],
);

export const offboardings = pgTable(
  "offboardings",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    employmentId: uuid("employment_id")
      .notNull()
      .references(() => employments.id),
    type: text("type").notNull(),
    /** submitted | in_review | done | canceled (the provider's spelling; migration 0006 renamed `cancelled`) */
    status: text("status").notNull(),
    confidential: boolean("confidential").notNull(),
    proposedTerminationDate: day("proposed_termination_date").notNull(),
    terminationDate: day("termination_date"),
    terminationReason: text("termination_reason").notNull(),
    reasonDescription: text("reason_description").notNull(),
    riskAssessmentReasons: jsonb("risk_assessment_reasons").$type<string[]>().notNull(),
    willChallengeTermination: boolean("will_challenge_termination").notNull(),
    willChallengeTerminationDescription: text("will_challenge_termination_description"),
    additionalComments: text("additional_comments"),
    employeeAwareness: jsonb("employee_awareness").$type<{ date: string | null; note: string | null }>(),
    agreesToPtoAmount: boolean("agrees_to_pto_amount"),
    agreesToPtoAmountNotes: text("agrees_to_pto_amount_notes"),
    acknowledgeTerminationProcedure: boolean("acknowledge_termination_procedure"),
    customerInformedEmployee: boolean("customer_informed_employee"),
    personalEmail: text("personal_email"),
    requestedBy: uuid("requested_by").references(() => companyUsers.id),
    submittedAt: ts("submitted_at").notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("offboardings_company_idx").on(t.companyId, t.submittedAt), index("offboardings_employment_idx").on(t.employmentId)],
);
