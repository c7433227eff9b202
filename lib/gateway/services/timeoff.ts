import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, inArray, lte, gte, ne, sql, type SQL } from "drizzle-orm";
import {
  TIMEOFF_TYPE_DESCRIPTIONS,
  type AnyTimeoffType,
  type CreateTimeoffBody,
  type Timeoff,
  type TimeoffDay,
  type TimeoffStatus,
  type TimeoffType,
  type UpdateTimeoffBody,
} from "@/lib/contract";
import type { GatewayDeps, Principal } from "../context";
import { pageWindow, paginate, type PageParams } from "../pagination";
import type { DbOrTx } from "../db/client";
import { peopleOpsFiles, timeoffs } from "../db/schema";
import { actionError, notFound } from "../errors";
import { UUID_RE } from "./employments";
import { decodeUpload, fileRow, toFile } from "./expenses-receipts";
import {
  WORKING_STATUSES,
  addDays,
  assertApprover,
  assertEmploymentFilter,
  assertSameEmployment,
  employmentOfRecordForWrite,
  iso,
  loadEmploymentForWrite,
  throwIfErrors,
  todayIn,
  tsParam,
} from "./people-ops-shared";

// Time off: requested → approved | declined | cancelled; approved → cancelled, or `taken` once its
// last day has passed in its time zone (derived, never stored). Overlaps are refused per employment.

export type TimeoffRow = typeof timeoffs.$inferSelect;

/** Statuses that hold days: a new time off may not overlap them. */
const HOLDING_STATUSES = ["requested", "approved"] as const;

/** The status a client sees: an approved time off whose last day has passed (in its time zone) is taken. */
export function effectiveStatus(row: Pick<TimeoffRow, "status" | "endDate" | "timezone">, now: Date): TimeoffStatus {
  if (row.status === "approved" && row.endDate < todayIn(row.timezone, now)) return "taken";
  return row.status as TimeoffStatus;
}

/** SQL for today's date in each row's own time zone. */
const todayInRowZone = (now: Date) => sql`(${tsParam(now)} AT TIME ZONE ${timeoffs.timezone})::date`;

function statusCondition(status: TimeoffStatus, now: Date): SQL {
  if (status === "taken") return sql`${timeoffs.status} = 'approved' AND ${timeoffs.endDate} < ${todayInRowZone(now)}`;
  if (status === "approved") return sql`${timeoffs.status} = 'approved' AND ${timeoffs.endDate} >= ${todayInRowZone(now)}`;
  return eq(timeoffs.status, status);
}

const leavePolicyName = (type: string) => {
  const words = type.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

type DocumentColumns = Pick<typeof peopleOpsFiles.$inferSelect, "id" | "name" | "type" | "subType" | "insertedAt">;

export function serializeTimeoff(row: TimeoffRow, document: DocumentColumns | null, now: Date): Timeoff {
  return {
    id: row.id,
    employment_id: row.employmentId,
    timeoff_type: row.timeoffType as TimeoffType,
    status: effectiveStatus(row, now),
    start_date: row.startDate,
    end_date: row.endDate,
    timezone: row.timezone,
    timeoff_days: row.timeoffDays.map((d) => ({ day: `${d.day}T00:00:00Z`, hours: d.hours, minutes: d.hours * 60 })),
    total_minutes: row.timeoffDays.reduce((sum, d) => sum + d.hours * 60, 0),
    notes: row.notes,
    ...(document ? { document: toFile(document) } : {}),
    approver_id: row.approverId,
    approved_at: row.approvedAt ? iso(row.approvedAt) : null,
    cancelled_at: row.cancelledAt ? iso(row.cancelledAt) : null,
    cancel_reason: row.cancelReason,
    automatic: false,
    leave_policy: { name: leavePolicyName(row.timeoffType), leave_policy_variant_slug: row.timeoffType, leave_type: row.timeoffType },
  };
}

const documentColumns = {
  id: peopleOpsFiles.id,
  name: peopleOpsFiles.name,
  type: peopleOpsFiles.type,
  subType: peopleOpsFiles.subType,
  insertedAt: peopleOpsFiles.insertedAt,
};

async function documentsOf(db: DbOrTx, rows: TimeoffRow[]): Promise<Map<string, DocumentColumns>> {
  const ids = rows.map((r) => r.documentFileId).filter((id): id is string => id !== null);
  if (ids.length === 0) return new Map();
  const docs = await db.select(documentColumns).from(peopleOpsFiles).where(inArray(peopleOpsFiles.id, ids));
  return new Map(docs.map((d) => [d.id, d]));
}

async function loadTimeoff(db: DbOrTx, row: TimeoffRow, now: Date): Promise<Timeoff> {
  const docs = await documentsOf(db, [row]);
  return serializeTimeoff(row, row.documentFileId ? (docs.get(row.documentFileId) ?? null) : null, now);
}

export interface ListTimeoffOptions {
  companyId: string;
  employmentId?: string;
  timeoffType?: AnyTimeoffType;
  status?: TimeoffStatus;
  /** The provider's window: with both, the time off overlapping [start, end]; alone, start on/after or end on/before. */
  startDate?: string;
  endDate?: string;
  /** The provider's sort (by timeoff_type or status), then newest first. */
  sortBy?: "timeoff_type" | "status";
  order?: "asc" | "desc";
}

/** GET /v1/timeoff: newest first (by start date), or by the provider's sort_by / order. */
export async function listTimeoffs(deps: GatewayDeps, o: ListTimeoffOptions, page: PageParams) {
  const { db } = deps;
  const now = deps.clock.now();
  await assertEmploymentFilter(db, o.companyId, o.employmentId);
  const where = and(
    eq(timeoffs.companyId, o.companyId),
    o.employmentId ? eq(timeoffs.employmentId, o.employmentId) : undefined,
    o.timeoffType ? eq(timeoffs.timeoffType, o.timeoffType) : undefined,
    o.status ? statusCondition(o.status, now) : undefined,
    o.startDate && o.endDate
      ? and(lte(timeoffs.startDate, o.endDate), gte(timeoffs.endDate, o.startDate))
      : o.startDate
        ? gte(timeoffs.startDate, o.startDate)
        : o.endDate
          ? lte(timeoffs.endDate, o.endDate)
          : undefined,
  );
  const direction = o.order === "asc" ? asc : desc;
  const sort = o.sortBy === "timeoff_type" ? [direction(timeoffs.timeoffType)] : o.sortBy === "status" ? [direction(timeoffs.status)] : [];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(timeoffs)
      .where(where)
      .orderBy(...sort, (o.sortBy ? desc : direction)(timeoffs.startDate), desc(timeoffs.createdAt), desc(timeoffs.id))
      .limit(pageWindow(page).limit)
      .offset(pageWindow(page).offset),
    db.select({ n: count() }).from(timeoffs).where(where),
  ]);
  const docs = await documentsOf(db, rows);
  const items = rows.map((r) => serializeTimeoff(r, r.documentFileId ? (docs.get(r.documentFileId) ?? null) : null, now));
  return paginate("timeoffs", items, Number(total?.n ?? 0), page);
}

export async function getTimeoffOrThrow(db: DbOrTx, companyId: string, id: string, lock = false): Promise<TimeoffRow> {
  if (!UUID_RE.test(id)) throw notFound("Time off");
  const query = db
    .select()
    .from(timeoffs)
    .where(and(eq(timeoffs.id, id), eq(timeoffs.companyId, companyId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("Time off");
  return row;
}

export async function showTimeoff(deps: GatewayDeps, companyId: string, id: string): Promise<Timeoff> {
  return loadTimeoff(deps.db, await getTimeoffOrThrow(deps.db, companyId, id), deps.clock.now());
}

/** Field errors of a date range and its days: end after start, days inside the range, no day twice, some hours. */
function validateDays(start: string, end: string, days: TimeoffDay[], errors: Record<string, string[]>): void {
  const add = (f: string, m: string) => (errors[f] ??= []).push(m);
  if (end < start) {
    add("end_date", "must be on or after start_date");
    return;
  }
  if (addDays(start, 365) < end) add("end_date", "must be at most 366 days after start_date");
  const seen = new Set<string>();
  days.forEach((d, i) => {
    if (d.day < start || d.day > end) add(`timeoff_days.${i}.day`, "must be between start_date and end_date");
    if (seen.has(d.day)) add(`timeoff_days.${i}.day`, "is listed twice");
    seen.add(d.day);
  });
  if (days.every((d) => d.hours === 0)) add("timeoff_days", "must hold at least one hour of time off");
}

/** 422 when [start, end] overlaps another requested or approved time off of the employment. */
async function assertNoOverlap(
  tx: DbOrTx,
  employmentId: string,
  start: string,
  end: string,
  exceptId: string | null,
  errors: Record<string, string[]>,
) {
  const [clash] = await tx
    .select({ id: timeoffs.id, startDate: timeoffs.startDate, endDate: timeoffs.endDate })
    .from(timeoffs)
    .where(
      and(
        eq(timeoffs.employmentId, employmentId),
        inArray(timeoffs.status, [...HOLDING_STATUSES]),
        lte(timeoffs.startDate, end),
        gte(timeoffs.endDate, start),
        exceptId ? ne(timeoffs.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) (errors.start_date ??= []).push(`overlaps time off ${clash.id} (${clash.startDate} to ${clash.endDate})`);
}

const sortDays = (days: TimeoffDay[]) => [...days].sort((a, b) => (a.day < b.day ? -1 : 1)).map((d) => ({ day: d.day, hours: d.hours }));

/** POST /v1/timeoff: a requested time off, or an approved one (approver and time default to the caller and now). */
export async function createTimeoff(deps: GatewayDeps, principal: Principal, body: CreateTimeoffBody): Promise<Timeoff> {
  return deps.db.transaction(async (tx) => {
    const employment = await loadEmploymentForWrite(tx, principal, body.employment_id, "create_timeoff", { statuses: WORKING_STATUSES });
    const now = deps.clock.now();
    const errors: Record<string, string[]> = {};
    validateDays(body.start_date, body.end_date, body.timeoff_days, errors);
    const approved = body.status === "approved";
    const approverId = approved ? (body.approver_id ?? principal.userId) : null;
    if (body.leave_policy_variant_id !== undefined)
      (errors.leave_policy_variant_id ??= []).push("is not a custom leave policy of the employment (Roster has none; use timeoff_type)");
    if (!approved) {
      if (body.approver_id != null) (errors.approver_id ??= []).push("can only be given with status approved");
      if (body.approved_at !== undefined) (errors.approved_at ??= []).push("can only be given with status approved");
    } else if (approverId) {
      await assertApprover(tx, employment.companyId, approverId, "approver_id", errors);
    }
    const document = body.document ? decodeUpload(body.document, "document", errors) : null;
    if (Object.keys(errors).length === 0) await assertNoOverlap(tx, employment.id, body.start_date, body.end_date, null, errors);
    throwIfErrors(errors);

    let documentFileId: string | null = null;
    if (document) {
      const file = fileRow(document, { companyId: employment.companyId, employmentId: employment.id }, "timeoff_document", now);
      await tx.insert(peopleOpsFiles).values(file);
      documentFileId = file.id!;
    }
    const [row] = await tx
      .insert(timeoffs)
      .values({
        id: randomUUID(),
        companyId: employment.companyId,
        employmentId: employment.id,
        timeoffType: body.timeoff_type,
        status: approved ? "approved" : "requested",
        startDate: body.start_date,
        endDate: body.end_date,
        timezone: body.timezone,
        timeoffDays: sortDays(body.timeoff_days),
        notes: body.notes ?? null,
        documentFileId,
        approverId,
        approvedAt: approved ? (body.approved_at ? new Date(body.approved_at) : now) : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return loadTimeoff(tx, row!, now);
  });
}

const DATA_FIELDS = ["timeoff_type", "start_date", "end_date", "timezone", "timeoff_days", "notes", "document"] as const;

/**
 * PUT/PATCH /v1/timeoff/{id}: edits (while requested, or approved and not yet taken) and status moves:
 * approve a requested one, decline a requested one (with `decline_reason`), cancel a requested or
 * approved one not yet taken (with `cancel_reason`).
 */
export async function updateTimeoff(
  deps: GatewayDeps,
  principal: Principal,
  id: string,
  body: UpdateTimeoffBody,
  /** The provider's decline action takes a null reason. */
  opts: { declineReasonOptional?: boolean } = {},
): Promise<Timeoff> {
  const companyId = principal.companyId!;
  return deps.db.transaction(async (tx) => {
    const row = await getTimeoffOrThrow(tx, companyId, id, true);
    await employmentOfRecordForWrite(tx, principal, row.employmentId);
    assertSameEmployment(body.employment_id, row.employmentId);
    const now = deps.clock.now();
    const current = effectiveStatus(row, now);
    const editing = DATA_FIELDS.some((f) => body[f] !== undefined);
    const action = body.status
      ? `${body.status === "approved" ? "approve" : body.status === "declined" ? "decline" : "cancel"}_timeoff`
      : "update_timeoff";

    if (editing && current !== "requested" && current !== "approved") {
      throw actionError({
        code: "timeoff_not_editable",
        message: `A time off in status ${current} can no longer be changed`,
        action: "update_timeoff",
      });
    }
    const allowedFrom: Record<string, readonly TimeoffStatus[]> = {
      approved: ["requested", "approved"],
      declined: ["requested"],
      cancelled: ["requested", "approved"],
    };
    if (body.status && !allowedFrom[body.status]!.includes(current)) {
      throw actionError({
        code: "invalid_status_transition",
        message: `A time off in status ${current} cannot become ${body.status}`,
        action,
      });
    }

    const errors: Record<string, string[]> = {};
    const onlyWith = (field: keyof UpdateTimeoffBody, status: string) => {
      if (body[field] !== undefined && body.status !== status) (errors[field] ??= []).push(`can only be given with status ${status}`);
    };
    onlyWith("cancel_reason", "cancelled");
    onlyWith("decline_reason", "declined");
    if (body.approver_id != null) onlyWith("approver_id", "approved");
    onlyWith("approved_at", "approved");
    // The provider's UpdateApprovedTimeoffParams: an edit of approved time off that keeps its status
    // says why (the reason is not part of the time off it answers).
    if (editing && current === "approved" && !body.status && !body.edit_reason) (errors.edit_reason ??= []).push("can't be blank");
    if (body.status === "cancelled" && !body.cancel_reason) (errors.cancel_reason ??= []).push("can't be blank");
    if (body.status === "declined" && !body.decline_reason && !opts.declineReasonOptional)
      (errors.decline_reason ??= []).push("can't be blank");

    const start = body.start_date ?? row.startDate;
    const end = body.end_date ?? row.endDate;
    const days = body.timeoff_days ?? row.timeoffDays;
    const update: Partial<typeof timeoffs.$inferInsert> = { updatedAt: now };
    if (editing) {
      validateDays(start, end, days, errors);
      Object.assign(update, {
        timeoffType: body.timeoff_type ?? row.timeoffType,
        startDate: start,
        endDate: end,
        timezone: body.timezone ?? row.timezone,
        timeoffDays: sortDays(days),
        notes: body.notes !== undefined ? body.notes : row.notes,
      });
    }
    const approving = body.status === "approved" && current === "requested";
    if (approving) {
      const approverId = body.approver_id ?? principal.userId;
      if (approverId) await assertApprover(tx, companyId, approverId, "approver_id", errors);
      Object.assign(update, { status: "approved", approverId, approvedAt: body.approved_at ? new Date(body.approved_at) : now });
    }
    if (body.status === "declined")
      Object.assign(update, { status: "declined", declinedAt: now, declineReason: body.decline_reason ?? null });
    if (body.status === "cancelled") Object.assign(update, { status: "cancelled", cancelledAt: now, cancelReason: body.cancel_reason });
    const document = body.document ? decodeUpload(body.document, "document", errors) : null;
    const stillHolding = body.status !== "declined" && body.status !== "cancelled";
    if (editing && stillHolding && Object.keys(errors).length === 0)
      await assertNoOverlap(tx, row.employmentId, start, end, row.id, errors);
    throwIfErrors(errors);

    if (document) {
      const file = fileRow(document, { companyId, employmentId: row.employmentId }, "timeoff_document", now);
      await tx.insert(peopleOpsFiles).values(file);
      update.documentFileId = file.id!;
    }
    const [saved] = await tx.update(timeoffs).set(update).where(eq(timeoffs.id, row.id)).returning();
    if (document && row.documentFileId) await tx.delete(peopleOpsFiles).where(eq(peopleOpsFiles.id, row.documentFileId));
    return loadTimeoff(tx, saved!, now);
  });
}

/** GET /v1/timeoff/types. */
export const listTimeoffTypes = () => ({
  timeoff_types: Object.entries(TIMEOFF_TYPE_DESCRIPTIONS).map(([name, description]) => ({ name: name as TimeoffType, description })),
});
