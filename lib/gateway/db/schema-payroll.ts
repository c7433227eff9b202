import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

// Tables of the payroll area (payslips, custom fields, contract amendments, outstanding payments);
// re-exported from schema.ts. Migration: migrations/0003_payroll.sql. Money is integer minor units.
// Company and employment ids are not foreign keys here: schema.ts imports this file, so importing
// its tables back would be circular; every query of this area filters by company_id instead.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const money = (name: string) => bigint(name, { mode: "number" });

/** One line of a payslip: an earning adds to the gross, a deduction comes off it. */
export interface PayslipItem {
  code: string;
  label: string;
  kind: "earning" | "deduction";
  /** Minor units of the payslip's currency, always positive. */
  amount: number;
}

/** A released payslip: one per employment and pay period (a calendar month). */
export const payslips = pgTable(
  "payslips",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id").notNull(),
    employmentId: uuid("employment_id").notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    issuedAt: date("issued_at", { mode: "string" }).notNull(),
    expectedPayoutDate: date("expected_payout_date", { mode: "string" }).notNull(),
    /** The employment's pay currency (ISO 4217). */
    currency: text("currency").notNull(),
    grossAmount: money("gross_amount").notNull(),
    netAmount: money("net_amount").notNull(),
    /** The company's billing currency and the net pay converted to it. */
    convertedCurrency: text("converted_currency").notNull(),
    netConvertedAmount: money("net_converted_amount").notNull(),
    items: jsonb("items").$type<PayslipItem[]>().notNull(),
    releasedAt: ts("released_at").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("payslips_employment_period_uq").on(t.employmentId, t.periodStart),
    index("payslips_company_period_idx").on(t.companyId, t.periodStart),
  ],
);

/** A company's custom field definition. Names are unique per company, case-insensitively. */
export const customFields = pgTable(
  "custom_fields",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id").notNull(),
    name: text("name").notNull(),
    type: text("type").notNull(),
    description: text("description"),
    /** The choices of a single_select field (served as `metadata.options`); null for the other types. */
    options: jsonb("options").$type<string[]>(),
    /** The currency of a currency field (served as `metadata.currency`). */
    currency: text("currency"),
    required: boolean("required").notNull().default(false),
    dataEntryAccess: text("data_entry_access").notNull().default("company_admin_only"),
    visibilityScope: text("visibility_scope").notNull().default("everyone"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("custom_fields_company_name_uq").on(t.companyId, sql`lower(${t.name})`),
    index("custom_fields_company_idx").on(t.companyId, t.createdAt),
  ],
);

/** The value of one custom field for one employment (absent row: no value). */
export const customFieldValues = pgTable(
  "custom_field_values",
  {
    customFieldId: uuid("custom_field_id")
      .notNull()
      .references(() => customFields.id),
    employmentId: uuid("employment_id").notNull(),
    companyId: uuid("company_id").notNull(),
    value: jsonb("value").$type<unknown>().notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.customFieldId, t.employmentId] }), index("custom_field_values_employment_idx").on(t.employmentId)],
);

/** A requested change to an employment's active contract. */
export const contractAmendments = pgTable(
  "contract_amendments",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id").notNull(),
    employmentId: uuid("employment_id").notNull(),
    amendmentContractId: uuid("amendment_contract_id").notNull(),
    /** submitted | in_review | done | canceled */
    status: text("status").notNull(),
    /** The company user who requested it (null for a request made without a user). */
    requestedBy: uuid("requested_by"),
    /** The submitted `contract_amendment` form data, as validated. */
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** `{"<area>.<field>": {previous, current}}`, computed against the contract at submission. */
    changes: jsonb("changes").$type<Record<string, { previous: unknown; current: unknown }>>().notNull(),
    effectiveDate: date("effective_date", { mode: "string" }).notNull(),
    reason: text("reason"),
    reasonDescription: text("reason_description"),
    submittedAt: ts("submitted_at").notNull(),
    reviewStartedAt: ts("review_started_at"),
    doneAt: ts("done_at"),
    canceledAt: ts("canceled_at"),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("contract_amendments_company_idx").on(t.companyId, t.submittedAt),
    index("contract_amendments_employment_idx").on(t.employmentId, t.submittedAt),
  ],
);

/**
 * Invoices the company owes (type payment) and refunds owed to it (type refund). Only rows whose
 * state is not `settled` are outstanding; `overdue` is derived from the due date when read.
 */
export const outstandingPayments = pgTable(
  "outstanding_payments",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id").notNull(),
    /** payment | refund */
    type: text("type").notNull(),
    /** The billing document (invoice or credit note) the amount belongs to. */
    invoiceId: uuid("invoice_id").notNull(),
    invoiceNumber: text("invoice_number").notNull(),
    /** First day of the month the invoice covers. */
    invoicePeriod: date("invoice_period", { mode: "string" }).notNull(),
    description: text("description").notNull(),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    issuedAt: date("issued_at", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    /** open | processing | settled */
    state: text("state").notNull(),
    settledAt: ts("settled_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("outstanding_payments_company_idx").on(t.companyId, t.state, t.dueDate),
    index("outstanding_payments_company_period_idx").on(t.companyId, t.invoicePeriod),
  ],
);
