import "server-only";
import { eq } from "drizzle-orm";
import { CUSTOM_FIELD_TYPES, type ContractAmendmentStatus, type CustomFieldType, type Environment } from "@/lib/contract";
import type { Clock } from "../clock";
import { deterministicUuid } from "../crypto";
import type { DbOrTx } from "../db/client";
import { contractAmendments, customFields, customFieldValues, employments, outstandingPayments, payslips } from "../db/schema";
import { createFormRegistry, exampleSection } from "../forms";
import type { FormRegistry } from "../forms/registry";
import { amendedTerms, applyChanges, currentTerms, diffTerms } from "../services/contract-amendments-terms";
import { buildPayslipRow, payslipUnavailableReason } from "../services/payslips";
import { addDays, currencyOfCountry, lastWorkingDay, periodBounds } from "../services/payslips-compute";
import { demoCompanyId, demoUserId, type CompanyRow, type EmploymentRow } from "./build";
import { DEMO } from "./demo";
import { createPrng, type Prng } from "./prng";

// Demo data of the payroll areas, built from the seed's companies and employments (already inserted):
// released payslips, custom fields with values, contract amendments in every status (a done one is
// applied to its employment, as the API would), and outstanding payments and refunds in every status.
// Deterministic: ids from deterministicUuid, choices from the seeded PRNG, dates from the base date.

type PayslipRow = typeof payslips.$inferInsert;
type CustomFieldRow = typeof customFields.$inferInsert;
type CustomFieldValueRow = typeof customFieldValues.$inferInsert;
type ContractAmendmentRow = typeof contractAmendments.$inferInsert;
type OutstandingPaymentRow = typeof outstandingPayments.$inferInsert;
type EmploymentUpdate = { id: string } & Pick<typeof employments.$inferSelect, "jobTitle" | "contractDetails" | "basicInformation">;

export interface PayrollRows {
  payslips: PayslipRow[];
  customFields: CustomFieldRow[];
  customFieldValues: CustomFieldValueRow[];
  contractAmendments: ContractAmendmentRow[];
  outstandingPayments: OutstandingPaymentRow[];
  /** Employments whose contract a seeded `done` amendment changed. */
  employmentUpdates: EmploymentUpdate[];
}

export interface SeedPayrollOptions {
  environment: Environment;
  companies: readonly CompanyRow[];
  employments: readonly EmploymentRow[];
  /** Moves the base date (default DEMO.baseDate, like the rest of the seed). */
  clock?: Clock;
  /** Default: a PRNG seeded with the environment and the seed version. */
  rng?: Prng;
  /** Where currencies and contract forms come from (default: the built-in forms). */
  forms?: Pick<FormRegistry, "getForm">;
}

export type SeedPayrollResult = { [K in keyof Omit<PayrollRows, "employmentUpdates">]: number } & { employmentUpdates: number };

const DAY = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const monthOffset = (base: Date, months: number) => {
  const d = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + months, 1));
  return d.toISOString().slice(0, 7);
};
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const monthName = (period: string) => `${MONTH_NAMES[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;

/** Custom fields of the demo: every type in the first company, the first three elsewhere. */
/** The currency of the seeded currency field (metadata.currency). */
const EQUIPMENT_BUDGET_CURRENCY = "EUR";

const FIELD_SPECS: Record<CustomFieldType, { name: string; description: string; options?: string[] }> = {
  string: { name: "Internal ID", description: "Identifier of the worker in the company's HR system." },
  single_select: {
    name: "Cost center",
    description: "Cost center the salary is booked to.",
    options: ["CC-100 Engineering", "CC-200 Operations", "CC-300 Sales", "CC-400 General & Administrative"],
  },
  date: { name: "Next performance review", description: "Date of the next scheduled performance review." },
  text: { name: "Onboarding notes", description: "Free notes from the onboarding buddy." },
  integer: { name: "Desk number", description: "Assigned desk in the office, if any." },
  decimal: { name: "FTE ratio", description: "Full-time equivalent, 1.0 for a full-time worker." },
  percentage: { name: "Bonus target", description: "Target bonus as a percentage of the annual salary." },
  currency: { name: "Equipment budget", description: "Yearly budget for home-office equipment." },
  boolean: { name: "Company car", description: "Whether the worker has a company car." },
  link: { name: "HRIS profile", description: "Link to the worker's profile in the HR system." },
};
const FIELD_ORDER: readonly CustomFieldType[] = [
  "string",
  "single_select",
  "date",
  ...CUSTOM_FIELD_TYPES.filter((t) => !["string", "single_select", "date"].includes(t)),
];
const NOTES = [
  "Prefers asynchronous communication.",
  "Mentor: team lead. Check in after 30 days.",
  "Needs a standing desk.",
  "Relocating next quarter.",
];

let builtInForms: FormRegistry | undefined;

/** All rows of the payroll areas for the given companies and employments (no database). */
export function buildPayrollRows(options: SeedPayrollOptions): PayrollRows {
  const { environment } = options;
  const base = options.clock?.now() ?? new Date(DEMO.baseDate);
  const today = isoDate(base);
  const rng = options.rng ?? createPrng(`roster-payroll:${environment}:v${DEMO.seedVersion}`);
  const forms = options.forms ?? (builtInForms ??= createFormRegistry());
  const keyOf = new Map(DEMO.environments[environment].companies.map((c) => [demoCompanyId(environment, c.key), c.key]));
  const rows: PayrollRows = {
    payslips: [],
    customFields: [],
    customFieldValues: [],
    contractAmendments: [],
    outstandingPayments: [],
    employmentUpdates: [],
  };

  options.companies.forEach((company, companyIndex) => {
    const companyKey = keyOf.get(company.id) ?? company.id.slice(0, 8);
    const staff = options.employments.filter((e) => e.companyId === company.id && e.status !== "deleted");
    const companyCurrency = currencyOfCountry(forms, company.countryCode);
    const adminId = keyOf.has(company.id) ? demoUserId(environment, companyKey, "admin") : null;

    // Payslips: the last three months for current staff, two older months for those who left.
    for (const e of staff) {
      if (payslipUnavailableReason({ type: e.type, status: e.status }) !== null) continue;
      const offsets = e.status === "archived" ? [-5, -4] : [-3, -2, -1];
      for (const offset of offsets) {
        const period = monthOffset(base, offset);
        if (e.provisionalStartDate && periodBounds(period).end < e.provisionalStartDate) continue;
        const payday = lastWorkingDay(period);
        const issuedAt = addDays(payday, -3);
        const row = buildPayslipRow(forms, {
          id: deterministicUuid(`${environment}:payslip:${e.id}:${period}`),
          employment: { id: e.id, companyId: e.companyId, countryCode: e.countryCode ?? null, contractDetails: e.contractDetails ?? null },
          companyCountryCode: company.countryCode ?? null,
          period,
          issuedAt,
          expectedPayoutDate: payday,
          releasedAt: new Date(`${issuedAt}T09:00:00Z`),
        });
        if (row) rows.payslips.push(row);
      }
    }

    // Custom fields and values.
    const types = companyIndex === 0 ? FIELD_ORDER : FIELD_ORDER.slice(0, 3);
    types.forEach((type, i) => {
      const spec = FIELD_SPECS[type];
      const fieldId = deterministicUuid(`${environment}:custom-field:${company.id}:${type}`);
      const createdAt = new Date(base.getTime() - (200 - i) * DAY);
      rows.customFields.push({
        id: fieldId,
        companyId: company.id,
        name: spec.name,
        type,
        description: spec.description,
        options: spec.options ?? null,
        currency: type === "currency" ? EQUIPMENT_BUDGET_CURRENCY : null,
        required: type === "string",
        dataEntryAccess: type === "text" ? "everyone" : "company_admin_only",
        visibilityScope: type === "text" || type === "boolean" ? "everyone" : "company_admin_only",
        createdAt,
        updatedAt: createdAt,
      });
      for (const e of staff) {
        if (!rng.chance(0.6)) continue;
        const value = demoValue(type, e, rng, spec.options, base);
        const at = new Date(Math.max(createdAt.getTime(), e.createdAt.getTime()) + DAY);
        rows.customFieldValues.push({
          customFieldId: fieldId,
          employmentId: e.id,
          companyId: company.id,
          value,
          createdAt: at,
          updatedAt: at,
        });
      }
    });

    // Contract amendments: eor employees with an active contract, in a company that can manage them.
    if (company.status === "active") {
      const candidates = staff.filter(
        (e) =>
          e.type === "employee" &&
          e.employmentModel === "eor" &&
          !["offboarding", "archived"].includes(e.status) &&
          e.activeContractId &&
          e.countryCode &&
          forms.getForm(e.countryCode, "contract_amendment") &&
          e.contractDetails,
      );
      const statuses: ContractAmendmentStatus[] =
        companyIndex === 0 ? ["done", "in_review", "submitted", "canceled", "submitted", "done"] : ["submitted", "done"];
      const terms = new Map(
        candidates.map((e) => [
          e.id,
          { jobTitle: e.jobTitle ?? null, contractDetails: { ...(e.contractDetails ?? {}) }, basicInformation: e.basicInformation ?? null },
        ]),
      );
      statuses.forEach((status, i) => {
        const e = candidates[i % Math.max(1, candidates.length)];
        if (!e) return;
        const current = terms.get(e.id)!;
        const data = exampleSection(e.countryCode!, "contract_amendment", i);
        const changes = diffTerms(currentTerms(current), amendedTerms(forms, { countryCode: e.countryCode!, ...current }, data));
        if (Object.keys(changes).length === 0) return;
        const submittedAt = new Date(base.getTime() - (40 - i * 5) * DAY - rng.int(0, 8 * 3600) * 1000);
        const later = (days: number) => new Date(submittedAt.getTime() + days * DAY);
        rows.contractAmendments.push({
          id: deterministicUuid(`${environment}:contract-amendment:${e.id}:${i}`),
          companyId: company.id,
          employmentId: e.id,
          amendmentContractId: e.activeContractId!,
          status,
          requestedBy: adminId,
          data,
          changes,
          effectiveDate: String(data.effective_date),
          reason: typeof data.reason_for_change === "string" ? data.reason_for_change : null,
          reasonDescription: typeof data.reason_for_change_description === "string" ? data.reason_for_change_description : null,
          submittedAt,
          reviewStartedAt: status === "in_review" || status === "done" ? later(2) : null,
          doneAt: status === "done" ? later(4) : null,
          canceledAt: status === "canceled" ? later(3) : null,
          updatedAt: status === "submitted" ? submittedAt : later(status === "done" ? 4 : status === "canceled" ? 3 : 2),
        });
        if (status === "done") {
          const applied = applyChanges(current, changes);
          terms.set(e.id, {
            jobTitle: applied.jobTitle,
            contractDetails: applied.contractDetails ?? {},
            basicInformation: applied.basicInformation,
          });
          rows.employmentUpdates = rows.employmentUpdates.filter((u) => u.id !== e.id);
          rows.employmentUpdates.push({ id: e.id, ...applied });
        }
      });
    }

    // Outstanding payments and refunds: monthly invoices (older ones settled) and a few refunds.
    const onPayroll = staff.filter((e) => e.status === "active" || e.status === "offboarding").length;
    if (company.status === "active" && onPayroll > 0) {
      const prefix = companyKey.slice(0, 3).toUpperCase();
      const invoice = (offset: number, state: "open" | "processing" | "settled", issuedAt: string, dueDate: string) => {
        const period = monthOffset(base, offset);
        const number = `${prefix}-${period.replace("-", "")}-01`;
        rows.outstandingPayments.push({
          id: deterministicUuid(`${environment}:outstanding:${company.id}:invoice:${period}`),
          companyId: company.id,
          type: "payment",
          invoiceId: deterministicUuid(`${environment}:invoice:${company.id}:${period}`),
          invoiceNumber: number,
          invoicePeriod: `${period}-01`,
          description: `Employer of record services and payroll funding, ${monthName(period)}`,
          amount: onPayroll * rng.int(450_000, 650_000),
          currency: companyCurrency,
          issuedAt,
          dueDate,
          state,
          settledAt: state === "settled" ? new Date(`${dueDate}T12:00:00Z`) : null,
          createdAt: new Date(`${issuedAt}T08:00:00Z`),
        });
      };
      for (const offset of [-5, -4, -3]) {
        const period = monthOffset(base, offset);
        invoice(offset, "settled", `${period}-25`, addDays(`${period}-25`, 10));
      }
      const p2 = monthOffset(base, -2);
      invoice(-2, "open", `${p2}-25`, addDays(`${p2}-25`, 10)); // overdue
      const p1 = monthOffset(base, -1);
      invoice(-1, "processing", `${p1}-24`, addDays(`${p1}-24`, 12));
      invoice(0, "open", addDays(today, -2), addDays(today, 14)); // due

      const refunds: [number, "open" | "processing" | "settled", number, string][] =
        companyIndex === 0
          ? [
              [-1, "open", 20, "Refund of overpaid employer social contributions"],
              [-3, "processing", 5, "Refund of the onboarding deposit"],
              [-4, "open", -30, "Credit for a duplicated management fee"],
              [-5, "settled", -60, "Refund of a cancelled benefit enrolment"],
            ]
          : [[-2, "open", 10, "Refund of overpaid employer social contributions"]];
      refunds.forEach(([offset, state, dueIn, description], i) => {
        const period = monthOffset(base, offset);
        const issuedAt = addDays(today, Math.min(-1, dueIn - 20));
        rows.outstandingPayments.push({
          id: deterministicUuid(`${environment}:outstanding:${company.id}:refund:${i}`),
          companyId: company.id,
          type: "refund",
          invoiceId: deterministicUuid(`${environment}:credit-note:${company.id}:${i}`),
          invoiceNumber: `CN-${prefix}-${period.replace("-", "")}-${String(i + 1).padStart(2, "0")}`,
          invoicePeriod: `${period}-01`,
          description,
          amount: rng.int(15_000, 250_000),
          currency: companyCurrency,
          issuedAt,
          dueDate: addDays(today, dueIn),
          state,
          settledAt: state === "settled" ? new Date(`${addDays(today, dueIn)}T12:00:00Z`) : null,
          createdAt: new Date(`${issuedAt}T08:00:00Z`),
        });
      });
    }
  });
  return rows;
}

function demoValue(type: CustomFieldType, e: EmploymentRow, rng: Prng, options: string[] | undefined, base: Date): unknown {
  switch (type) {
    case "string":
      return `EMP-${e.shortId}`;
    case "text":
      return rng.pick(NOTES);
    case "integer":
      return rng.int(1, 250);
    case "decimal":
      return rng.pick([1, 1, 0.8, 0.6, 0.5]);
    case "percentage":
      return rng.pick([5, 7.5, 10, 15, 20]);
    case "currency":
      // Minor units of the field's currency (metadata.currency).
      return rng.int(5, 30) * 10_000;
    case "date":
      return isoDate(new Date(base.getTime() + rng.int(10, 200) * DAY));
    case "boolean":
      return rng.chance(0.3);
    case "link":
      return `https://hris.example/people/${e.shortId.toLowerCase()}`;
    case "single_select":
      return rng.pick(options ?? ["-"]);
  }
}

const CHUNK = 100;
async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Writes the payroll demo data. Call it in the seed's transaction, after the companies and
 * employments are inserted (a done amendment updates its employment's contract).
 */
export async function seedPayroll(db: DbOrTx, options: SeedPayrollOptions): Promise<SeedPayrollResult> {
  const rows = buildPayrollRows(options);
  await insertChunks(rows.payslips, (c) => db.insert(payslips).values(c));
  await insertChunks(rows.customFields, (c) => db.insert(customFields).values(c));
  await insertChunks(rows.customFieldValues, (c) => db.insert(customFieldValues).values(c));
  await insertChunks(rows.contractAmendments, (c) => db.insert(contractAmendments).values(c));
  await insertChunks(rows.outstandingPayments, (c) => db.insert(outstandingPayments).values(c));
  for (const u of rows.employmentUpdates) {
    await db
      .update(employments)
      .set({ jobTitle: u.jobTitle, contractDetails: u.contractDetails, basicInformation: u.basicInformation })
      .where(eq(employments.id, u.id));
  }
  return {
    payslips: rows.payslips.length,
    customFields: rows.customFields.length,
    customFieldValues: rows.customFieldValues.length,
    contractAmendments: rows.contractAmendments.length,
    outstandingPayments: rows.outstandingPayments.length,
    employmentUpdates: rows.employmentUpdates.length,
  };
}
