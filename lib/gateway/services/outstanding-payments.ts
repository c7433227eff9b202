import "server-only";
import { and, asc, count, desc, eq, ne, type SQL } from "drizzle-orm";
import type { OutstandingPayment, OutstandingPaymentListQuery, OutstandingPaymentListResponse } from "@/lib/contract";
import { pageWindow, paginate, type PageParams } from "../pagination";
import type { DbOrTx } from "../db/client";
import { outstandingPayments } from "../db/schema";

// The company's unsettled invoices (type payment) and refunds owed to it (type refund). A row is
// outstanding until it is settled; whether it is overdue depends on today's date, so it is derived here.

export type OutstandingPaymentRow = typeof outstandingPayments.$inferSelect;

export function serializeOutstandingPayment(row: OutstandingPaymentRow, today: string): OutstandingPayment {
  return {
    id: row.id,
    type: row.type as OutstandingPayment["type"],
    invoice_id: row.invoiceId,
    invoice_number: row.invoiceNumber,
    invoice_period: row.invoicePeriod.slice(0, 7),
    description: row.description,
    amount: row.amount,
    currency: row.currency,
    issued_at: row.issuedAt,
    due_date: row.dueDate,
    status: row.state === "processing" ? "processing" : row.dueDate < today ? "overdue" : "due",
  };
}

export async function listOutstandingPayments(
  db: DbOrTx,
  companyId: string,
  q: OutstandingPaymentListQuery,
  page: PageParams,
  now: Date,
): Promise<OutstandingPaymentListResponse> {
  const conditions: (SQL | undefined)[] = [
    eq(outstandingPayments.companyId, companyId),
    ne(outstandingPayments.state, "settled"),
    q.type ? eq(outstandingPayments.type, q.type) : undefined,
  ];
  const where = and(...conditions);
  const dir = q.sort_order === "desc" ? desc : asc;
  const primary = q.sort_by === "invoice_period" ? outstandingPayments.invoicePeriod : outstandingPayments.dueDate;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outstandingPayments)
      .where(where)
      .orderBy(dir(primary), dir(outstandingPayments.invoiceNumber), asc(outstandingPayments.id))
      .limit(pageWindow(page).limit)
      .offset(pageWindow(page).offset),
    db.select({ n: count() }).from(outstandingPayments).where(where),
  ]);
  const today = now.toISOString().slice(0, 10);
  return paginate(
    "outstanding_payments_and_refunds",
    rows.map((r) => serializeOutstandingPayment(r, today)),
    Number(total?.n ?? 0),
    page,
  );
}
