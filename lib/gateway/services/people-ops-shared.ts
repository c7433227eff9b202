import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Principal } from "../context";
import type { DbOrTx } from "../db/client";
import { companyUsers, employments } from "../db/schema";
import { actionError, fieldErrors } from "../errors";
import { MANAGER_ROLES, type CompanyRole } from "@/lib/contract";
import {
  UUID_RE,
  assertCanWrite,
  assertCompanyActive,
  assertOperationAvailable,
  getEmploymentOrThrow,
  type EmploymentRow,
} from "./employments";

// Helpers shared by the people-ops areas (time off, expenses, incentives, offboardings).

/** UTC ISO 8601 with `Z` and no milliseconds (DECISIONS.md "Timestamps"). */
export const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

/** Today's date (UTC) at the injected clock. */
export const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
/** Today's date in an IANA time zone (`en-CA` formats as YYYY-MM-DD). */
export function todayIn(timeZone: string, now: Date): string {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormatters.set(timeZone, f);
  }
  return f.format(now);
}

/** Employment statuses in which time off and expenses can be recorded (working, or working out notice). */
export const WORKING_STATUSES = ["active", "offboarding"] as const;
/** Statuses in which nothing new can be recorded for an employment. */
export const CLOSED_STATUSES = ["archived", "deleted"] as const;

/**
 * The employment a write acts on, locked for the transaction: 404 for another company's (or an
 * unknown) id, 403 for a role that may not write it, 409 for a company not active, 422 ActionError for
 * a type or model that only supports list and show (spec section 1) or a status that refuses the action.
 */
export async function loadEmploymentForWrite(
  tx: DbOrTx,
  principal: Principal,
  employmentId: string,
  action: string,
  allowed: { statuses?: readonly string[]; refused?: readonly string[] },
): Promise<EmploymentRow> {
  const row = await getEmploymentOrThrow(tx, principal.companyId!, employmentId);
  assertCanWrite(principal, row);
  await assertCompanyActive(tx, row.companyId);
  assertOperationAvailable(row, action);
  const refused = (allowed.statuses && !allowed.statuses.includes(row.status)) || allowed.refused?.includes(row.status);
  if (refused) {
    const expected = allowed.statuses
      ? `only for an employment in status ${allowed.statuses.join(" or ")}`
      : `not for an employment in status ${row.status}`;
    throw actionError({
      code: "employment_status_not_allowed",
      message: `This action is available ${expected} (current status: ${row.status})`,
      action,
    });
  }
  await lockEmployment(tx, row.id);
  return row;
}

/** Serialises writes per employment (overlap checks, status moves) until the transaction ends. */
export async function lockEmployment(tx: DbOrTx, employmentId: string): Promise<void> {
  await tx.select({ id: employments.id }).from(employments).where(eq(employments.id, employmentId)).for("update");
}

/** Loads the employment of an existing record for a write: 403 for a role that may not write it, 409 for a company not active. */
export async function employmentOfRecordForWrite(tx: DbOrTx, principal: Principal, employmentId: string): Promise<EmploymentRow> {
  const [row] = await tx.select().from(employments).where(eq(employments.id, employmentId));
  // The record exists in this company, so its employment does too; a deleted employment's records are read-only.
  if (!row || row.companyId !== principal.companyId || row.status === "deleted") {
    throw actionError({
      code: "employment_not_available",
      message: "The employment of this record is deleted: its records can no longer be changed",
      action: "update",
    });
  }
  assertCanWrite(principal, row);
  await assertCompanyActive(tx, row.companyId);
  await lockEmployment(tx, row.id);
  return row;
}

/** A filter by `employment_id`: another company's (or an unknown) employment is 404, never an empty page. */
export async function assertEmploymentFilter(db: DbOrTx, companyId: string, employmentId: string | undefined): Promise<void> {
  if (employmentId !== undefined) await getEmploymentOrThrow(db, companyId, employmentId);
}

/** An update body may repeat the record's `employment_id` (spec 4.2) but not change it. */
export function assertSameEmployment(given: string | undefined, actual: string): void {
  if (given !== undefined && given !== actual) throw fieldErrors({ employment_id: ["cannot be changed"] });
}

/** A company user who may approve (owner, admin, people manager) of the company, or a field error. */
export async function assertApprover(
  db: DbOrTx,
  companyId: string,
  userId: string,
  field: string,
  errors: Record<string, string[]>,
): Promise<void> {
  const [user] = UUID_RE.test(userId)
    ? await db
        .select({ role: companyUsers.role, companyId: companyUsers.companyId, status: companyUsers.status })
        .from(companyUsers)
        .where(eq(companyUsers.id, userId))
    : [];
  if (!user || user.companyId !== companyId || user.status === "deleted") (errors[field] ??= []).push("is not a user of this company");
  else if (!MANAGER_ROLES.includes(user.role as CompanyRole))
    (errors[field] ??= []).push("must be a user with role owner, admin or people_manager");
}

/** `ISO timestamp` as a SQL timestamptz parameter (both drivers). */
export const tsParam = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Last day of the month of a YYYY-MM-DD date. */
export function endOfMonth(date: string): string {
  const [y, m] = date.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

export function throwIfErrors(errors: Record<string, string[]>): void {
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}
