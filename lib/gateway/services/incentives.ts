import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type {
  CreateIncentiveBody,
  CreateRecurringIncentiveBody,
  Incentive,
  IncentiveStatus,
  RecurringIncentive,
  UpdateIncentiveBody,
} from "@/lib/contract";
import type { GatewayDeps, Principal } from "../context";
import { pageWindow, paginate, type PageParams } from "../pagination";
import type { DbOrTx } from "../db/client";
import { incentives, recurringIncentives } from "../db/schema";
import { actionError, conflict, notFound } from "../errors";
import { UUID_RE } from "./employments";
import { emitEvent } from "./outbox";
import {
  CLOSED_STATUSES,
  assertEmploymentFilter,
  assertSameEmployment,
  employmentOfRecordForWrite,
  endOfMonth,
  loadEmploymentForWrite,
  throwIfErrors,
  todayUtc,
} from "./people-ops-shared";

// Incentives: one-time ones (pending → processing → paid, the last two by payroll: a sandbox route
// simulates it) and monthly recurring ones, which generate a one-time incentive per month from their
// start up to the current month of the clock (see generateRecurringIncentives).

export type IncentiveRow = typeof incentives.$inferSelect;
export type RecurringIncentiveRow = typeof recurringIncentives.$inferSelect;

/** Statuses in which payroll owns the incentive: no update, no delete (409). */
const LOCKED: readonly IncentiveStatus[] = ["processing", "paid"];

export const serializeIncentive = (r: IncentiveRow): Incentive => ({
  id: r.id,
  employment_id: r.employmentId,
  type: r.type as Incentive["type"],
  status: r.status as IncentiveStatus,
  amount: r.amount,
  amount_tax_type: r.amountTaxType as Incentive["amount_tax_type"],
  effective_date: r.effectiveDate,
  expected_payout_date: r.expectedPayoutDate,
  note: r.note,
  recurring_incentive_id: r.recurringIncentiveId,
  ...(r.periodStart !== null ? { period_start: r.periodStart } : {}),
  ...(r.periodEnd !== null ? { period_end: r.periodEnd } : {}),
});

export const serializeRecurringIncentive = (r: RecurringIncentiveRow): RecurringIncentive => ({
  id: r.id,
  employment_id: r.employmentId,
  type: r.type as RecurringIncentive["type"],
  // Rows written before migration 0006 may say `completed`, the provider's `inactive`.
  status: r.status === "completed" ? "inactive" : (r.status as RecurringIncentive["status"]),
  amount: r.amount,
  amount_tax_type: r.amountTaxType as RecurringIncentive["amount_tax_type"],
  start_date: r.startDate,
  end_date: r.endDate,
  note: r.note,
});

// ─── Monthly recurrence ──────────────────────────────────────────────────────────────────────────

/**
 * The k-th monthly date from `start` (k = 0 is start). A start on the 28th–31st means the last day
 * of every month, so that no month is skipped (the provider's rule).
 */
export function monthlyOccurrence(start: string, k: number): string {
  const [y, m, d] = start.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + k, 1));
  const last = endOfMonth(first.toISOString().slice(0, 10));
  if (d >= 28) return last;
  return `${first.toISOString().slice(0, 8)}${String(d).padStart(2, "0")}`;
}

const MAX_OCCURRENCES = 1200;

/**
 * Creates the monthly incentives that are due: for each active recurring incentive (of one company,
 * or all), every occurrence from the one after `generated_through` whose month is not after the
 * current month of `now`, and not after its end date. Idempotent and safe to run concurrently: the
 * recurring rows are locked, `generated_through` records progress (so an incentive deleted by hand is
 * never generated again) and a unique index backs it. Emits incentive.created per new incentive.
 * Called on the incentive reads and on recurring creation; the seed or a worker may call it too.
 */
export async function generateRecurringIncentives(
  tx: DbOrTx,
  now: Date,
  scope: { companyId?: string; recurringId?: string } = {},
): Promise<number> {
  const currentMonth = todayUtc(now).slice(0, 7);
  const rows = await tx
    .select()
    .from(recurringIncentives)
    .where(
      and(
        eq(recurringIncentives.status, "active"),
        isNull(recurringIncentives.deletedAt),
        scope.companyId ? eq(recurringIncentives.companyId, scope.companyId) : undefined,
        scope.recurringId ? eq(recurringIncentives.id, scope.recurringId) : undefined,
      ),
    )
    .orderBy(asc(recurringIncentives.id))
    .for("update");
  let created = 0;
  for (const r of rows) {
    let k = 0;
    if (r.generatedThrough) while (k < MAX_OCCURRENCES && monthlyOccurrence(r.startDate, k) <= r.generatedThrough) k++;
    let through = r.generatedThrough;
    for (; k < MAX_OCCURRENCES; k++) {
      const date = monthlyOccurrence(r.startDate, k);
      if (date.slice(0, 7) > currentMonth || (r.endDate && date > r.endDate)) break;
      const inserted = await tx
        .insert(incentives)
        .values({
          id: randomUUID(),
          companyId: r.companyId,
          employmentId: r.employmentId,
          recurringIncentiveId: r.id,
          type: r.type,
          status: "pending",
          amount: r.amount,
          amountTaxType: r.amountTaxType,
          effectiveDate: date,
          expectedPayoutDate: endOfMonth(date),
          note: r.note,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: incentives.id });
      for (const i of inserted) {
        created++;
        await emitEvent(tx, now, "incentive.created", { incentive_id: i.id, employment_id: r.employmentId, company_id: r.companyId });
      }
      through = date;
    }
    const completed = r.endDate !== null && through !== null && through >= r.endDate;
    if (through !== r.generatedThrough || completed) {
      await tx
        .update(recurringIncentives)
        .set({ generatedThrough: through, status: completed ? "inactive" : r.status, updatedAt: now })
        .where(eq(recurringIncentives.id, r.id));
    }
  }
  return created;
}

// ─── One-time incentives ─────────────────────────────────────────────────────────────────────────

export interface ListIncentivesOptions {
  companyId: string;
  employmentId?: string;
  status?: IncentiveStatus;
  recurringIncentiveId?: string;
}

/** GET /v1/incentives: generates the monthly incentives due, then lists newest first (by effective date). */
export async function listIncentives(deps: GatewayDeps, o: ListIncentivesOptions, page: PageParams) {
  return deps.db.transaction(async (tx) => {
    await assertEmploymentFilter(tx, o.companyId, o.employmentId);
    await generateRecurringIncentives(tx, deps.clock.now(), { companyId: o.companyId });
    if (o.recurringIncentiveId !== undefined && !UUID_RE.test(o.recurringIncentiveId)) throw notFound("Recurring incentive");
    const where = and(
      eq(incentives.companyId, o.companyId),
      o.employmentId ? eq(incentives.employmentId, o.employmentId) : undefined,
      o.status ? eq(incentives.status, o.status) : undefined,
      o.recurringIncentiveId ? eq(incentives.recurringIncentiveId, o.recurringIncentiveId) : undefined,
    );
    const rows = await tx
      .select()
      .from(incentives)
      .where(where)
      .orderBy(desc(incentives.effectiveDate), desc(incentives.createdAt), desc(incentives.id))
      .limit(pageWindow(page).limit)
      .offset(pageWindow(page).offset);
    const [total] = await tx.select({ n: count() }).from(incentives).where(where);
    return paginate("incentives", rows.map(serializeIncentive), Number(total?.n ?? 0), page);
  });
}

export async function getIncentiveOrThrow(db: DbOrTx, companyId: string, id: string, lock = false): Promise<IncentiveRow> {
  if (!UUID_RE.test(id)) throw notFound("Incentive");
  const query = db
    .select()
    .from(incentives)
    .where(and(eq(incentives.id, id), eq(incentives.companyId, companyId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("Incentive");
  return row;
}

function assertNotPast(date: string, now: Date, errors: Record<string, string[]>) {
  if (date < todayUtc(now)) (errors.effective_date ??= []).push("must be today or a later date");
}

/** POST /v1/incentives. */
export async function createIncentive(deps: GatewayDeps, principal: Principal, body: CreateIncentiveBody): Promise<Incentive> {
  return deps.db.transaction(async (tx) => {
    const employment = await loadEmploymentForWrite(tx, principal, body.employment_id, "create_incentive", { refused: CLOSED_STATUSES });
    const now = deps.clock.now();
    const errors: Record<string, string[]> = {};
    assertNotPast(body.effective_date, now, errors);
    throwIfErrors(errors);
    const [row] = await tx
      .insert(incentives)
      .values({
        id: randomUUID(),
        companyId: employment.companyId,
        employmentId: employment.id,
        recurringIncentiveId: null,
        type: body.type,
        status: "pending",
        amount: body.amount,
        amountTaxType: body.amount_tax_type,
        effectiveDate: body.effective_date,
        expectedPayoutDate: endOfMonth(body.effective_date),
        note: body.note ?? null,
        periodStart: body.period_start ?? null,
        periodEnd: body.period_end ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await emitEvent(tx, now, "incentive.created", {
      incentive_id: row!.id,
      employment_id: employment.id,
      company_id: employment.companyId,
    });
    return serializeIncentive(row!);
  });
}

function assertUnlocked(row: IncentiveRow, verb: "updated" | "deleted") {
  if (LOCKED.includes(row.status as IncentiveStatus))
    throw conflict(`An incentive in status ${row.status} cannot be ${verb}: payroll has taken it`);
}

/** PUT/PATCH /v1/incentives/{id}: a pending incentive only (409 once processing or paid). */
export async function updateIncentive(deps: GatewayDeps, principal: Principal, id: string, body: UpdateIncentiveBody): Promise<Incentive> {
  const companyId = principal.companyId!;
  return deps.db.transaction(async (tx) => {
    const row = await getIncentiveOrThrow(tx, companyId, id, true);
    await employmentOfRecordForWrite(tx, principal, row.employmentId);
    assertUnlocked(row, "updated");
    assertSameEmployment(body.employment_id, row.employmentId);
    const now = deps.clock.now();
    const errors: Record<string, string[]> = {};
    if (body.effective_date !== undefined && body.effective_date !== row.effectiveDate) assertNotPast(body.effective_date, now, errors);
    const periodStart = body.period_start !== undefined ? body.period_start : row.periodStart;
    const periodEnd = body.period_end !== undefined ? body.period_end : row.periodEnd;
    if (periodStart && periodEnd && periodEnd < periodStart) (errors.period_end ??= []).push("must not be before period_start");
    throwIfErrors(errors);
    const changes = Object.entries(body).filter(([k, v]) => k !== "employment_id" && v !== undefined).length;
    if (changes === 0) return serializeIncentive(row);
    const effective = body.effective_date ?? row.effectiveDate;
    const [saved] = await tx
      .update(incentives)
      .set({
        type: body.type ?? row.type,
        amount: body.amount ?? row.amount,
        amountTaxType: body.amount_tax_type ?? row.amountTaxType,
        effectiveDate: effective,
        expectedPayoutDate: endOfMonth(effective),
        note: body.note !== undefined ? body.note : row.note,
        periodStart,
        periodEnd,
        updatedAt: now,
      })
      .where(eq(incentives.id, row.id))
      .returning();
    await emitEvent(tx, now, "incentive.updated", { incentive_id: row.id, employment_id: row.employmentId, company_id: companyId });
    return serializeIncentive(saved!);
  });
}

/** DELETE /v1/incentives/{id}: refused (409) once processing or paid (spec 4.2). */
export async function deleteIncentive(deps: GatewayDeps, principal: Principal, id: string): Promise<void> {
  const companyId = principal.companyId!;
  await deps.db.transaction(async (tx) => {
    const row = await getIncentiveOrThrow(tx, companyId, id, true);
    await employmentOfRecordForWrite(tx, principal, row.employmentId);
    assertUnlocked(row, "deleted");
    await tx.delete(incentives).where(eq(incentives.id, row.id));
    await emitEvent(tx, deps.clock.now(), "incentive.deleted", {
      incentive_id: row.id,
      employment_id: row.employmentId,
      company_id: companyId,
    });
  });
}

/**
 * PATCH /v1/sandbox/incentives/{id}: what payroll does. pending → processing emits
 * incentive.processing_started; processing → paid emits incentive.paid; pending → paid emits both.
 */
export async function sandboxUpdateIncentive(
  deps: GatewayDeps,
  principal: Principal,
  id: string,
  status: "processing" | "paid",
): Promise<Incentive> {
  const companyId = principal.companyId!;
  return deps.db.transaction(async (tx) => {
    const row = await getIncentiveOrThrow(tx, companyId, id, true);
    await employmentOfRecordForWrite(tx, principal, row.employmentId);
    const allowed = status === "processing" ? row.status === "pending" : row.status === "pending" || row.status === "processing";
    if (!allowed) {
      throw actionError({
        code: "invalid_status_transition",
        message: `An incentive in status ${row.status} cannot become ${status}`,
        action: "sandbox_update_incentive",
      });
    }
    const now = deps.clock.now();
    const ids = { incentive_id: row.id, employment_id: row.employmentId, company_id: companyId };
    if (row.status === "pending") await emitEvent(tx, now, "incentive.processing_started", ids);
    if (status === "paid") await emitEvent(tx, now, "incentive.paid", ids);
    const [saved] = await tx.update(incentives).set({ status, updatedAt: now }).where(eq(incentives.id, row.id)).returning();
    return serializeIncentive(saved!);
  });
}

// ─── Recurring incentives ────────────────────────────────────────────────────────────────────────

export interface ListRecurringOptions {
  companyId: string;
  employmentId?: string;
  status?: RecurringIncentive["status"];
  type?: RecurringIncentive["type"];
  note?: string;
}

/** GET /v1/incentives/recurring: brings the recurrences up to date, then lists newest first (by start date). */
export async function listRecurringIncentives(deps: GatewayDeps, o: ListRecurringOptions, page: PageParams) {
  return deps.db.transaction(async (tx) => {
    await assertEmploymentFilter(tx, o.companyId, o.employmentId);
    await generateRecurringIncentives(tx, deps.clock.now(), { companyId: o.companyId });
    const where = and(
      eq(recurringIncentives.companyId, o.companyId),
      isNull(recurringIncentives.deletedAt),
      o.employmentId ? eq(recurringIncentives.employmentId, o.employmentId) : undefined,
      o.status === "inactive"
        ? inArray(recurringIncentives.status, ["inactive", "completed"])
        : o.status
          ? eq(recurringIncentives.status, o.status)
          : undefined,
      o.type ? eq(recurringIncentives.type, o.type) : undefined,
      o.note ? sql`strpos(lower(coalesce(${recurringIncentives.note}, '')), lower(${o.note})) > 0` : undefined,
    );
    const rows = await tx
      .select()
      .from(recurringIncentives)
      .where(where)
      .orderBy(desc(recurringIncentives.startDate), desc(recurringIncentives.createdAt), desc(recurringIncentives.id))
      .limit(pageWindow(page).limit)
      .offset(pageWindow(page).offset);
    const [total] = await tx.select({ n: count() }).from(recurringIncentives).where(where);
    return paginate("recurring_incentives", rows.map(serializeRecurringIncentive), Number(total?.n ?? 0), page);
  });
}

/** POST /v1/incentives/recurring: the first month's incentive is generated at once when it is due. */
export async function createRecurringIncentive(
  deps: GatewayDeps,
  principal: Principal,
  body: CreateRecurringIncentiveBody,
): Promise<RecurringIncentive> {
  return deps.db.transaction(async (tx) => {
    const employment = await loadEmploymentForWrite(tx, principal, body.employment_id, "create_recurring_incentive", {
      refused: CLOSED_STATUSES,
    });
    const now = deps.clock.now();
    const errors: Record<string, string[]> = {};
    assertNotPast(body.effective_date, now, errors);
    throwIfErrors(errors);
    const id = randomUUID();
    await tx.insert(recurringIncentives).values({
      id,
      companyId: employment.companyId,
      employmentId: employment.id,
      type: body.type,
      status: "active",
      amount: body.amount,
      amountTaxType: body.amount_tax_type,
      startDate: body.effective_date,
      endDate: body.duration_in_months ? monthlyOccurrence(body.effective_date, body.duration_in_months - 1) : null,
      note: body.note ?? null,
      generatedThrough: null,
      createdAt: now,
      updatedAt: now,
    });
    await generateRecurringIncentives(tx, now, { recurringId: id });
    const [row] = await tx.select().from(recurringIncentives).where(eq(recurringIncentives.id, id));
    return serializeRecurringIncentive(row!);
  });
}

/**
 * DELETE /v1/incentives/recurring/{id}: stops the recurrence (brought up to date first). The monthly
 * incentives already generated stay, and are returned as `already_scheduled_incentives`.
 */
export async function deleteRecurringIncentive(deps: GatewayDeps, principal: Principal, id: string): Promise<Incentive[]> {
  const companyId = principal.companyId!;
  return deps.db.transaction(async (tx) => {
    if (!UUID_RE.test(id)) throw notFound("Recurring incentive");
    const [row] = await tx
      .select()
      .from(recurringIncentives)
      .where(and(eq(recurringIncentives.id, id), eq(recurringIncentives.companyId, companyId), isNull(recurringIncentives.deletedAt)))
      .for("update");
    if (!row) throw notFound("Recurring incentive");
    await employmentOfRecordForWrite(tx, principal, row.employmentId);
    const now = deps.clock.now();
    await generateRecurringIncentives(tx, now, { recurringId: id });
    await tx.update(recurringIncentives).set({ status: "deleted", deletedAt: now, updatedAt: now }).where(eq(recurringIncentives.id, id));
    const scheduled = await tx
      .select()
      .from(incentives)
      .where(eq(incentives.recurringIncentiveId, id))
      .orderBy(asc(incentives.effectiveDate), asc(incentives.id));
    return scheduled.map(serializeIncentive);
  });
}
