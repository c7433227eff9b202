import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_TITLES,
  type Base64File,
  type CreateExpenseBody,
  type Expense,
  type ExpenseStatus,
  type UpdateExpenseBody,
} from "@/lib/contract";
import type { GatewayDeps, Principal } from "../context";
import { pageWindow, paginate, type PageParams } from "../pagination";
import type { DbOrTx } from "../db/client";
import { companyUsers, expenses, peopleOpsFiles } from "../db/schema";
import { actionError, conflict, notFound } from "../errors";
import { UUID_RE } from "./employments";
import { convertMinorUnits, currencyDefinition, employmentCurrency } from "./expenses-currencies";
import { decodeUpload, fileRow, toFile, type DecodedFile, type PeopleOpsFileRow } from "./expenses-receipts";
import { emitEvent } from "./outbox";
import {
  WORKING_STATUSES,
  assertApprover,
  assertEmploymentFilter,
  assertSameEmployment,
  employmentOfRecordForWrite,
  iso,
  loadEmploymentForWrite,
  throwIfErrors,
  todayIn,
  todayUtc,
} from "./people-ops-shared";

// Expenses: created pending; a pending one can be edited, approved, declined (with a reason) or
// deleted. approved → processing → reimbursed happen on the provider's side (seeded in the demo).
// Events: expense.updated, expense.approved, expense.declined, expense.deleted.

export type ExpenseRow = typeof expenses.$inferSelect;
type ReceiptColumns = Pick<PeopleOpsFileRow, "id" | "name" | "type" | "subType" | "insertedAt" | "expenseId">;
type Reviewer = { id: string; name: string; email: string };

/** Statuses after which the money is committed: the expense can no longer be deleted. */
const COMMITTED: readonly ExpenseStatus[] = ["approved", "processing", "reimbursed"];

export function serializeExpense(row: ExpenseRow, receipts: ReceiptColumns[], reviewer: Reviewer | null): Expense {
  return {
    id: row.id,
    employment_id: row.employmentId,
    title: row.title,
    amount: row.amount,
    currency: currencyDefinition(row.currency),
    tax_amount: row.taxAmount,
    converted_amount: row.convertedAmount,
    converted_tax_amount: row.convertedTaxAmount,
    converted_currency: currencyDefinition(row.convertedCurrency),
    category: row.category as Expense["category"],
    expense_category: {
      code: row.category,
      slug: row.category,
      title: EXPENSE_CATEGORY_TITLES[row.category as keyof typeof EXPENSE_CATEGORY_TITLES] ?? row.category,
    },
    expense_date: row.expenseDate,
    notes: row.notes,
    status: row.status as ExpenseStatus,
    reason: row.reason,
    reviewed_at: row.reviewedAt ? iso(row.reviewedAt) : null,
    reviewer: reviewer ? { user_id: reviewer.id, user_name: reviewer.name, user_email: reviewer.email } : null,
    receipts: receipts.map(toFile),
  };
}

async function serializeMany(db: DbOrTx, rows: ExpenseRow[]): Promise<Expense[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const reviewerIds = [...new Set(rows.map((r) => r.reviewerUserId).filter((id): id is string => id !== null))];
  const [receipts, reviewers] = await Promise.all([
    db
      .select({
        id: peopleOpsFiles.id,
        name: peopleOpsFiles.name,
        type: peopleOpsFiles.type,
        subType: peopleOpsFiles.subType,
        insertedAt: peopleOpsFiles.insertedAt,
        expenseId: peopleOpsFiles.expenseId,
      })
      .from(peopleOpsFiles)
      .where(inArray(peopleOpsFiles.expenseId, ids))
      .orderBy(asc(peopleOpsFiles.position), asc(peopleOpsFiles.id)),
    reviewerIds.length > 0
      ? db
          .select({ id: companyUsers.id, name: companyUsers.name, email: companyUsers.email })
          .from(companyUsers)
          .where(inArray(companyUsers.id, reviewerIds))
      : Promise.resolve([] as Reviewer[]),
  ]);
  const reviewerById = new Map(reviewers.map((r) => [r.id, r]));
  return rows.map((r) =>
    serializeExpense(
      r,
      receipts.filter((f) => f.expenseId === r.id),
      r.reviewerUserId ? (reviewerById.get(r.reviewerUserId) ?? null) : null,
    ),
  );
}

export interface ListExpensesOptions {
  companyId: string;
  employmentId?: string;
  status?: ExpenseStatus;
}

/** GET /v1/expenses: newest first (by expense date, then creation). */
export async function listExpenses(deps: GatewayDeps, o: ListExpensesOptions, page: PageParams) {
  const { db } = deps;
  await assertEmploymentFilter(db, o.companyId, o.employmentId);
  const where = and(
    eq(expenses.companyId, o.companyId),
    o.employmentId ? eq(expenses.employmentId, o.employmentId) : undefined,
    o.status ? eq(expenses.status, o.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(expenses)
      .where(where)
      .orderBy(desc(expenses.expenseDate), desc(expenses.createdAt), desc(expenses.id))
      .limit(pageWindow(page).limit)
      .offset(pageWindow(page).offset),
    db.select({ n: count() }).from(expenses).where(where),
  ]);
  return paginate("expenses", await serializeMany(db, rows), Number(total?.n ?? 0), page);
}

export async function getExpenseOrThrow(db: DbOrTx, companyId: string, id: string, lock = false): Promise<ExpenseRow> {
  if (!UUID_RE.test(id)) throw notFound("Expense");
  const query = db
    .select()
    .from(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.companyId, companyId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("Expense");
  return row;
}

export async function showExpense(deps: GatewayDeps, companyId: string, id: string): Promise<Expense> {
  const [expense] = await serializeMany(deps.db, [await getExpenseOrThrow(deps.db, companyId, id)]);
  return expense!;
}

/** The receipts of a request body (`receipt` or `receipts`), decoded and checked; errors by field path. */
function decodeReceipts(
  body: { receipt?: Base64File; receipts?: Base64File[] },
  errors: Record<string, string[]>,
): DecodedFile[] | undefined {
  if (body.receipt) {
    const d = decodeUpload(body.receipt, "receipt", errors);
    return d ? [d] : [];
  }
  if (body.receipts) return body.receipts.flatMap((r, i) => decodeUpload(r, `receipts.${i}`, errors) ?? []);
  return undefined;
}

/** Not after today: in the given time zone (the provider's `timezone` of a create), else in UTC. */
function assertPastDate(date: string, now: Date, errors: Record<string, string[]>, timeZone?: string) {
  if (date > (timeZone ? todayIn(timeZone, now) : todayUtc(now))) (errors.expense_date ??= []).push("must not be in the future");
}

/**
 * POST /v1/expenses: a pending expense of a working employment, converted into the employment's
 * currency. With the provider's `reviewer_id` or `reviewed_at` it is created already approved (the
 * reviewer defaulting to the caller, the time to now), as the provider's params allow.
 */
export async function createExpense(deps: GatewayDeps, principal: Principal, body: CreateExpenseBody): Promise<Expense> {
  return deps.db.transaction(async (tx) => {
    const employment = await loadEmploymentForWrite(tx, principal, body.employment_id, "create_expense", { statuses: WORKING_STATUSES });
    const now = deps.clock.now();
    const errors: Record<string, string[]> = {};
    assertPastDate(body.expense_date, now, errors, body.timezone);
    // The provider's deprecated `category`, or its hierarchical `expense_category_slug` when it names one of Roster's.
    const slug = body.expense_category_slug ?? undefined;
    const category = body.category ?? (slug && (EXPENSE_CATEGORIES as readonly string[]).includes(slug) ? slug : undefined);
    if (!category) {
      if (slug) (errors.expense_category_slug ??= []).push(`must be one of: ${EXPENSE_CATEGORIES.join(", ")}`);
      else (errors.category ??= []).push("can't be blank");
    }
    const reviewed = body.reviewer_id !== undefined || body.reviewed_at !== undefined;
    const reviewerId = reviewed ? (body.reviewer_id ?? principal.userId) : null;
    if (reviewerId) await assertApprover(tx, employment.companyId, reviewerId, "reviewer_id", errors);
    if (body.reviewed_at && new Date(body.reviewed_at) > now) (errors.reviewed_at ??= []).push("must not be in the future");
    const receipts = decodeReceipts(body, errors) ?? [];
    throwIfErrors(errors);
    const target = employmentCurrency(employment.countryCode) ?? body.currency;
    const taxAmount = body.tax_amount ?? 0;
    const id = randomUUID();
    const [row] = await tx
      .insert(expenses)
      .values({
        id,
        companyId: employment.companyId,
        employmentId: employment.id,
        title: body.title,
        amount: body.amount,
        currency: body.currency,
        taxAmount,
        convertedAmount: convertMinorUnits(body.amount, body.currency, target),
        convertedTaxAmount: convertMinorUnits(taxAmount, body.currency, target),
        convertedCurrency: target,
        category: category!,
        expenseDate: body.expense_date,
        notes: body.notes ?? null,
        status: reviewed ? "approved" : "pending",
        reviewerUserId: reviewerId,
        reviewedAt: reviewed ? (body.reviewed_at ? new Date(body.reviewed_at) : now) : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (receipts.length > 0) {
      await tx
        .insert(peopleOpsFiles)
        .values(
          receipts.map((r, i) =>
            fileRow(r, { companyId: employment.companyId, employmentId: employment.id, expenseId: id }, "receipt", now, i),
          ),
        );
    }
    if (reviewed)
      await emitEvent(tx, now, "expense.approved", { expense_id: id, employment_id: employment.id, company_id: employment.companyId });
    const [expense] = await serializeMany(tx, [row!]);
    return expense!;
  });
}

const EDIT_FIELDS = ["title", "amount", "currency", "tax_amount", "category", "expense_date", "notes", "receipt", "receipts"] as const;

/** PUT/PATCH /v1/expenses/{id}: edit while pending; approve, or decline with a reason. */
export async function updateExpense(deps: GatewayDeps, principal: Principal, id: string, body: UpdateExpenseBody): Promise<Expense> {
  const companyId = principal.companyId!;
  return deps.db.transaction(async (tx) => {
    const row = await getExpenseOrThrow(tx, companyId, id, true);
    const employment = await employmentOfRecordForWrite(tx, principal, row.employmentId);
    assertSameEmployment(body.employment_id, row.employmentId);
    const editing = EDIT_FIELDS.some((f) => body[f] !== undefined);
    if (editing && row.status !== "pending") {
      throw actionError({
        code: "expense_not_editable",
        message: `An expense in status ${row.status} can no longer be changed`,
        action: "update_expense",
      });
    }
    if (body.status && row.status !== "pending") {
      throw actionError({
        code: "invalid_status_transition",
        message: `An expense in status ${row.status} cannot become ${body.status}: only pending expenses are reviewed`,
        action: body.status === "approved" ? "approve_expense" : "decline_expense",
      });
    }
    const now = deps.clock.now();
    const errors: Record<string, string[]> = {};
    if (body.reason && body.status !== "declined") (errors.reason ??= []).push("can only be given with status declined");
    const amount = body.amount ?? row.amount;
    const taxAmount = body.tax_amount ?? row.taxAmount;
    const currency = body.currency ?? row.currency;
    if (taxAmount > amount) (errors.tax_amount ??= []).push("must not exceed amount");
    if (body.expense_date) assertPastDate(body.expense_date, now, errors);
    const receipts = decodeReceipts(body, errors);
    throwIfErrors(errors);

    const update: Partial<typeof expenses.$inferInsert> = { updatedAt: now };
    if (editing) {
      const target = employmentCurrency(employment.countryCode) ?? currency;
      Object.assign(update, {
        title: body.title ?? row.title,
        amount,
        currency,
        taxAmount,
        convertedAmount: convertMinorUnits(amount, currency, target),
        convertedTaxAmount: convertMinorUnits(taxAmount, currency, target),
        convertedCurrency: target,
        category: body.category ?? row.category,
        expenseDate: body.expense_date ?? row.expenseDate,
        notes: body.notes !== undefined ? body.notes : row.notes,
      });
    }
    if (body.status)
      Object.assign(update, {
        status: body.status,
        reason: body.status === "declined" ? body.reason : null,
        reviewerUserId: principal.userId,
        reviewedAt: now,
      });
    const [saved] = await tx.update(expenses).set(update).where(eq(expenses.id, row.id)).returning();
    if (receipts) {
      await tx.delete(peopleOpsFiles).where(eq(peopleOpsFiles.expenseId, row.id));
      if (receipts.length > 0) {
        await tx
          .insert(peopleOpsFiles)
          .values(receipts.map((r, i) => fileRow(r, { companyId, employmentId: row.employmentId, expenseId: row.id }, "receipt", now, i)));
      }
    }
    const ids = { expense_id: row.id, employment_id: row.employmentId, company_id: companyId };
    if (editing) await emitEvent(tx, now, "expense.updated", ids);
    if (body.status === "approved") await emitEvent(tx, now, "expense.approved", ids);
    if (body.status === "declined") await emitEvent(tx, now, "expense.declined", ids);
    const [expense] = await serializeMany(tx, [saved!]);
    return expense!;
  });
}

/** DELETE /v1/expenses/{id}: refused (409) once approved, processing or reimbursed. */
export async function deleteExpense(deps: GatewayDeps, principal: Principal, id: string): Promise<void> {
  const companyId = principal.companyId!;
  await deps.db.transaction(async (tx) => {
    const row = await getExpenseOrThrow(tx, companyId, id, true);
    await employmentOfRecordForWrite(tx, principal, row.employmentId);
    if (COMMITTED.includes(row.status as ExpenseStatus)) {
      throw conflict(`An expense in status ${row.status} cannot be deleted (only pending, declined or canceled ones can)`);
    }
    await tx.delete(peopleOpsFiles).where(eq(peopleOpsFiles.expenseId, row.id));
    await tx.delete(expenses).where(eq(expenses.id, row.id));
    await emitEvent(tx, deps.clock.now(), "expense.deleted", {
      expense_id: row.id,
      employment_id: row.employmentId,
      company_id: companyId,
    });
  });
}

/** A stored receipt of an expense of the company: the first one, or the one named by id. */
export async function getReceiptOrThrow(
  deps: GatewayDeps,
  companyId: string,
  expenseId: string,
  receiptId?: string,
): Promise<PeopleOpsFileRow> {
  const expense = await getExpenseOrThrow(deps.db, companyId, expenseId);
  if (receiptId !== undefined && !UUID_RE.test(receiptId)) throw notFound("Receipt");
  const [file] = await deps.db
    .select()
    .from(peopleOpsFiles)
    .where(and(eq(peopleOpsFiles.expenseId, expense.id), receiptId ? eq(peopleOpsFiles.id, receiptId) : undefined))
    .orderBy(asc(peopleOpsFiles.position), asc(peopleOpsFiles.id))
    .limit(1);
  if (!file) throw notFound("Receipt");
  return file;
}
