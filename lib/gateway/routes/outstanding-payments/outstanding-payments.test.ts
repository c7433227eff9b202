import { beforeEach, describe, expect, it } from "vitest";
import { OutstandingPaymentListResponseSchema, OutstandingPaymentSchema } from "@/lib/contract";
import { outstandingPayments } from "../../db/schema";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeAccessToken, makeClient } from "@/test-support/gateway/factories";
import { makePayrollWorld } from "@/test-support/gateway/payroll";

// GET /api/v1/employer/outstanding-payments-and-refunds — no endpoint creates these rows: tests write them.

const PATH = "/api/v1/employer/outstanding-payments-and-refunds";

let gw: TestGateway;
let w: Awaited<ReturnType<typeof makePayrollWorld>>;
let n = 0;

async function row(companyId: string, over: Partial<typeof outstandingPayments.$inferInsert> = {}) {
  const i = ++n;
  const values: typeof outstandingPayments.$inferInsert = {
    id: crypto.randomUUID(),
    companyId,
    type: "payment",
    invoiceId: crypto.randomUUID(),
    invoiceNumber: `INV-${String(i).padStart(4, "0")}`,
    invoicePeriod: "2026-02-01",
    description: `Invoice ${i}`,
    amount: 100_000 * i,
    currency: "EUR",
    issuedAt: "2026-02-25",
    dueDate: "2026-03-20",
    state: "open",
    settledAt: null,
    createdAt: new Date(),
    ...over,
  };
  await gw.deps.db.insert(outstandingPayments).values(values);
  return values;
}

beforeEach(async () => {
  gw = await createTestGateway();
  gw.clock.set(Date.UTC(2026, 2, 15, 10)); // 2026-03-15
  w = await makePayrollWorld(gw);
});

const list = async (q = "", token = w.a.tokens.admin) => {
  const res = await gw.call("GET", `${PATH}${q}`, { token });
  return { status: res.status, json: (await res.json()) as unknown };
};
const items = async (q = "") => OutstandingPaymentListResponseSchema.parse((await list(q)).json).data.outstanding_payments_and_refunds;

describe("GET /api/v1/employer/outstanding-payments-and-refunds", () => {
  it("lists the unsettled invoices and refunds of the company, due date first; status due, overdue or processing", async () => {
    const due = await row(w.a.company.id, { dueDate: "2026-03-15", invoicePeriod: "2026-02-01" });
    const overdue = await row(w.a.company.id, { dueDate: "2026-03-14", invoicePeriod: "2026-01-01" });
    const processing = await row(w.a.company.id, { dueDate: "2026-03-01", invoicePeriod: "2025-12-01", state: "processing" });
    const refund = await row(w.a.company.id, {
      type: "refund",
      dueDate: "2026-04-01",
      invoicePeriod: "2026-03-01",
      invoiceNumber: "CN-0001",
      amount: 4_250,
    });
    await row(w.a.company.id, { state: "settled", settledAt: new Date(), dueDate: "2026-01-01" });
    await row(w.b.company.id, { dueDate: "2026-03-02" });

    const { status, json } = await list();
    expect(status).toBe(200);
    const page = OutstandingPaymentListResponseSchema.parse(json).data;
    expect(page).toMatchObject({ current_page: 1, total_count: 4, total_pages: 1 });
    expect(page.outstanding_payments_and_refunds.map((p) => [p.id, p.status])).toEqual([
      [processing.id, "processing"],
      [overdue.id, "overdue"],
      [due.id, "due"],
      [refund.id, "due"],
    ]);
    expect(page.outstanding_payments_and_refunds[3]).toEqual({
      id: refund.id,
      type: "refund",
      invoice_id: refund.invoiceId,
      invoice_number: "CN-0001",
      invoice_period: "2026-03",
      description: refund.description,
      amount: 4_250,
      currency: "EUR",
      issued_at: "2026-02-25",
      due_date: "2026-04-01",
      status: "due",
    });
  });

  it("sort_by=invoice_period (asc by default, desc on request), sort_order on the due date too, and a type filter", async () => {
    const jan = await row(w.a.company.id, { invoicePeriod: "2026-01-01", dueDate: "2026-03-30" });
    const feb = await row(w.a.company.id, { invoicePeriod: "2026-02-01", dueDate: "2026-03-10" });
    const dec = await row(w.a.company.id, { invoicePeriod: "2025-12-01", dueDate: "2026-03-20", type: "refund" });
    expect((await items("?sort_by=invoice_period")).map((p) => p.id)).toEqual([dec.id, jan.id, feb.id]);
    expect((await items("?sort_by=invoice_period&sort_order=desc")).map((p) => p.id)).toEqual([feb.id, jan.id, dec.id]);
    expect((await items("?sort_order=desc")).map((p) => p.id)).toEqual([jan.id, dec.id, feb.id]);
    expect((await items("?type=refund")).map((p) => p.id)).toEqual([dec.id]);
    expect((await items("?type=payment&sort_by=invoice_period")).map((p) => p.id)).toEqual([jan.id, feb.id]);
  });

  it("ties on the sort key are broken by invoice number", async () => {
    const b = await row(w.a.company.id, { invoiceNumber: "INV-B" });
    const a = await row(w.a.company.id, { invoiceNumber: "INV-A" });
    expect((await items()).map((p) => p.id)).toEqual([a.id, b.id]);
  });

  it("400 for an unknown sort_by, sort_order or type; pagination bounds", async () => {
    for (let i = 0; i < 5; i++) await row(w.a.company.id, { dueDate: `2026-03-2${i}` });
    for (const q of ["?sort_by=amount", "?sort_order=up", "?type=credit", "?page_size=0", "?page_size=101", "?page=0"]) {
      const { status, json } = await list(q);
      expect(status, q).toBe(400);
      expect(json, q).toMatchObject({ message: { code: "invalid_parameter" } });
    }
    const page = OutstandingPaymentListResponseSchema.parse((await list("?page=3&page_size=2")).json).data;
    expect(page).toMatchObject({ current_page: 3, total_count: 5, total_pages: 3 });
    expect(page.outstanding_payments_and_refunds).toHaveLength(1);
    expect(
      OutstandingPaymentListResponseSchema.parse((await list("?page=4&page_size=2")).json).data.outstanding_payments_and_refunds,
    ).toEqual([]);
  });

  it("403 without invoices or invoices:read, and for a client-credentials token; either scope is enough", async () => {
    await row(w.a.company.id);
    expect((await list("", await w.tokenWith(["payslip:read"]))).status).toBe(403);
    expect((await list("", await w.tokenWith(["invoices:read"]))).status).toBe(200);
    expect((await list("", await w.tokenWith(["invoices"]))).status).toBe(200);
    const client = await makeClient(gw.deps.db);
    const { token } = await makeAccessToken(gw.deps.db, { clientId: client.id });
    expect((await list("", token)).status).toBe(403);
    expect((await gw.call("GET", PATH)).status).toBe(401);
  });

  it("an item has exactly the recorded fields (no official example exists)", async () => {
    await row(w.a.company.id);
    const [item] = await items();
    expect(Object.keys(item!).sort()).toEqual(Object.keys(OutstandingPaymentSchema.shape).sort());
    expect(Object.keys(item!).sort()).toEqual(
      [
        "amount",
        "currency",
        "description",
        "due_date",
        "id",
        "invoice_id",
        "invoice_number",
        "invoice_period",
        "issued_at",
        "status",
        "type",
      ].sort(),
    );
  });
});
