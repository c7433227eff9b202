import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import type { Payslip, PayslipDetail, PayslipListQuery, PayslipListResponse, SandboxReleasePayslipBody } from "@/lib/contract";
import type { GatewayDeps, Principal } from "../context";
import { pageWindow, paginate, type PageParams } from "../pagination";
import type { DbOrTx } from "../db/client";
import { companies, employments, payslips } from "../db/schema";
import { actionError, fieldErrors, notFound } from "../errors";
import { UUID_RE, assertCanWrite, getEmploymentOrThrow, type EmploymentRow } from "./employments";
import { emitEvent } from "./outbox";
import { computePayslip, convertMinorUnits, currencyOfCountry, lastWorkingDay, periodBounds, periodOf } from "./payslips-compute";
import { renderPayslipPdf } from "./payslips-pdf";

export type PayslipRow = typeof payslips.$inferSelect;

/** The provider's Payslip (GET /v1/payslips): the payout date as the provider's date-time. */
export function serializePayslip(row: PayslipRow): Payslip {
  return {
    id: row.id,
    employment_id: row.employmentId,
    issued_at: row.issuedAt,
    expected_payout_date: `${row.expectedPayoutDate}T00:00:00Z`,
    net_pay_source_amount: row.netAmount,
    net_pay_converted_amount: row.netConvertedAmount,
  };
}

/** The detailed payslip of the Roster-only routes: the provider's fields, the period, currencies and gross. */
export function serializePayslipDetail(row: PayslipRow): PayslipDetail {
  return {
    ...serializePayslip(row),
    period_start: row.periodStart,
    period_end: row.periodEnd,
    source_currency: row.currency,
    converted_currency: row.convertedCurrency,
    gross_pay_source_amount: row.grossAmount,
  };
}

/** The company's payslips, newest period first; an employment filter naming another company's employment is 404. */
export async function listPayslips(db: DbOrTx, companyId: string, q: PayslipListQuery, page: PageParams): Promise<PayslipListResponse> {
  if (q.employment_id !== undefined) await getEmploymentOrThrow(db, companyId, q.employment_id);
  const conditions: (SQL | undefined)[] = [
    eq(payslips.companyId, companyId),
    q.employment_id ? eq(payslips.employmentId, q.employment_id) : undefined,
    // The pay period overlaps [start_date, end_date].
    q.start_date ? gte(payslips.periodEnd, q.start_date) : undefined,
    q.end_date ? lte(payslips.periodStart, q.end_date) : undefined,
    q.expected_payout_start_date ? gte(payslips.expectedPayoutDate, q.expected_payout_start_date) : undefined,
    q.expected_payout_end_date ? lte(payslips.expectedPayoutDate, q.expected_payout_end_date) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(payslips)
      .where(where)
      .orderBy(desc(payslips.periodStart), asc(payslips.employmentId), asc(payslips.id))
      .limit(pageWindow(page).limit)
      .offset(pageWindow(page).offset),
    db.select({ n: count() }).from(payslips).where(where),
  ]);
  return paginate("payslips", rows.map(serializePayslip), Number(total?.n ?? 0), page);
}

export async function getPayslipOrThrow(db: DbOrTx, companyId: string, id: string): Promise<PayslipRow> {
  if (!UUID_RE.test(id)) throw notFound("Payslip");
  const [row] = await db
    .select()
    .from(payslips)
    .where(and(eq(payslips.id, id), eq(payslips.companyId, companyId)));
  if (!row) throw notFound("Payslip");
  return row;
}

/** The PDF of a payslip of the company, and the file name to offer. */
export async function downloadPayslip(deps: GatewayDeps, companyId: string, id: string): Promise<{ bytes: Uint8Array; filename: string }> {
  const row = await getPayslipOrThrow(deps.db, companyId, id);
  // Read the employment directly (not getEmploymentOrThrow): a payslip stays downloadable after its
  // employment was deleted.
  const [employment] = await deps.db
    .select({
      fullName: employments.fullName,
      shortId: employments.shortId,
      jobTitle: employments.jobTitle,
      countryCode: employments.countryCode,
    })
    .from(employments)
    .where(and(eq(employments.id, row.employmentId), eq(employments.companyId, companyId)));
  const [company] = await deps.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  const bytes = await renderPayslipPdf({
    payslipId: row.id,
    company: { name: company?.name ?? "Company" },
    employee: {
      fullName: employment?.fullName ?? "Former employee",
      shortId: employment?.shortId ?? row.employmentId.slice(0, 8),
      jobTitle: employment?.jobTitle ?? null,
      countryName: employment?.countryCode ? (deps.forms.getCountry(employment.countryCode)?.country.name ?? employment.countryCode) : null,
    },
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    issuedAt: row.issuedAt,
    expectedPayoutDate: row.expectedPayoutDate,
    currency: row.currency,
    items: row.items,
    grossAmount: row.grossAmount,
    netAmount: row.netAmount,
    convertedCurrency: row.convertedCurrency,
    netConvertedAmount: row.netConvertedAmount,
    releasedAt: row.releasedAt,
  });
  const who = (employment?.shortId ?? row.employmentId.slice(0, 8)).replace(/[^A-Za-z0-9_-]/g, "");
  return { bytes, filename: `payslip-${who}-${periodOf(row.periodStart)}.pdf` };
}

/** Types that are paid through payroll (contractors invoice instead). */
const PAYROLL_TYPES = new Set(["employee", "global_payroll_employee", "direct_employee"]);
/** Employment statuses with a payroll: working, leaving, or gone (a late payslip for a past month). */
const PAYROLL_STATUSES = new Set(["active", "offboarding", "archived"]);

/** Why an employment cannot receive a payslip, or null. */
export function payslipUnavailableReason(e: Pick<EmploymentRow, "type" | "status">): string | null {
  if (!PAYROLL_TYPES.has(e.type)) return `Employments of type ${e.type} are not paid through payroll`;
  if (!PAYROLL_STATUSES.has(e.status)) return `Employment in status ${e.status} is not on payroll yet`;
  return null;
}

export interface PayslipInsertInput {
  id?: string;
  employment: Pick<EmploymentRow, "id" | "companyId" | "countryCode" | "contractDetails">;
  companyCountryCode: string | null;
  period: string;
  issuedAt: string;
  expectedPayoutDate: string;
  releasedAt: Date;
}

/** The row of a payslip computed from the employment's contract, or null when the contract has no salary. */
export function buildPayslipRow(forms: Pick<GatewayDeps["forms"], "getForm">, input: PayslipInsertInput): PayslipRow | null {
  const computed = computePayslip({
    countryCode: input.employment.countryCode,
    contractDetails: input.employment.contractDetails,
    period: input.period,
  });
  if (!computed) return null;
  const currency = currencyOfCountry(forms, input.employment.countryCode);
  const convertedCurrency = currencyOfCountry(forms, input.companyCountryCode);
  return {
    id: input.id ?? randomUUID(),
    companyId: input.employment.companyId,
    employmentId: input.employment.id,
    periodStart: computed.periodStart,
    periodEnd: computed.periodEnd,
    issuedAt: input.issuedAt,
    expectedPayoutDate: input.expectedPayoutDate,
    currency,
    grossAmount: computed.grossAmount,
    netAmount: computed.netAmount,
    convertedCurrency,
    netConvertedAmount: convertMinorUnits(computed.netAmount, currency, convertedCurrency),
    items: computed.items,
    releasedAt: input.releasedAt,
    createdAt: input.releasedAt,
  };
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === "23505" || e.cause?.code === "23505";
};

/**
 * Sandbox: computes the payslip of one month from the employment's contract, stores it and releases
 * it (event payslip.released, in the same transaction). One payslip per employment and month.
 */
export async function releaseSandboxPayslip(
  deps: GatewayDeps,
  principal: Principal,
  body: SandboxReleasePayslipBody,
): Promise<PayslipDetail> {
  const now = deps.clock.now();
  const today = now.toISOString().slice(0, 10);
  try {
    return await deps.db.transaction(async (tx) => {
      const employment = await getEmploymentOrThrow(tx, principal.companyId!, body.employment_id);
      assertCanWrite(principal, employment);
      const reason = payslipUnavailableReason(employment);
      if (reason) throw actionError({ code: "employment_not_on_payroll", message: reason, action: "release_payslip" });
      const { start, end } = periodBounds(body.period);
      if (start > today) throw fieldErrors({ period: ["must not be a future month"] });
      if (employment.provisionalStartDate && end < employment.provisionalStartDate)
        throw fieldErrors({ period: [`must not end before the employment's start date (${employment.provisionalStartDate})`] });
      const [existing] = await tx
        .select({ id: payslips.id })
        .from(payslips)
        .where(and(eq(payslips.employmentId, employment.id), eq(payslips.periodStart, start)));
      if (existing) throw fieldErrors({ period: ["a payslip for this month was already released"] });
      const [company] = await tx
        .select({ countryCode: companies.countryCode })
        .from(companies)
        .where(eq(companies.id, employment.companyId));
      const payday = lastWorkingDay(body.period);
      const row = buildPayslipRow(deps.forms, {
        employment,
        companyCountryCode: company?.countryCode ?? null,
        period: body.period,
        issuedAt: today,
        expectedPayoutDate: payday < today ? today : payday,
        releasedAt: now,
      });
      if (!row) {
        throw actionError({
          code: "no_salary",
          message: "The employment's contract details have no annual_gross_salary",
          action: "release_payslip",
        });
      }
      await tx.insert(payslips).values(row);
      await emitEvent(tx, now, "payslip.released", { payslip_id: row.id, company_id: row.companyId });
      return serializePayslipDetail(row);
    });
  } catch (error) {
    // Two releases of one month at once: the unique index decides, the loser gets the same 422.
    if (isUniqueViolation(error)) throw fieldErrors({ period: ["a payslip for this month was already released"] });
    throw error;
  }
}
