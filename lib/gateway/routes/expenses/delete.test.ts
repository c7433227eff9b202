import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { expenses, peopleOpsFiles } from "../../db/schema";
import { SAMPLE_FILES, b64, eventsOf, json, setupPeopleOps, type PeopleOpsSetup } from "@/test-support/gateway/people-ops";

let s: PeopleOpsSetup;
beforeEach(async () => {
  s = await setupPeopleOps();
});

async function create() {
  const res = await s.gw.call("POST", "/v1/expenses", {
    token: s.t.tokens.admin,
    body: {
      employment_id: s.e.id,
      title: "Lunch",
      amount: 1800,
      currency: "EUR",
      category: "meals",
      expense_date: "2026-01-14",
      receipt: { name: "lunch.jpg", content: b64(SAMPLE_FILES.jpeg) },
    },
  });
  return (await json(res)).data.expense.id as string;
}
const del = (id: string, token = s.t.tokens.admin) => s.gw.call("DELETE", `/v1/expenses/${id}`, { token });

describe("DELETE /v1/expenses/{id}", () => {
  it("deletes a pending expense and its receipts, emitting expense.deleted", async () => {
    const id = await create();
    const res = await del(id);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ data: { status: "ok" } });
    expect(await s.gw.deps.db.select().from(peopleOpsFiles).where(eq(peopleOpsFiles.expenseId, id))).toEqual([]);
    expect((await s.gw.call("GET", `/v1/expenses/${id}`, { token: s.t.tokens.admin })).status).toBe(404);
    expect(await eventsOf(s.gw, "expense.deleted")).toEqual([
      { event_type: "expense.deleted", expense_id: id, employment_id: s.e.id, company_id: s.t.company.id },
    ]);
    expect((await del(id)).status).toBe(404);
  });

  it("a declined one can be deleted; approved, processing and reimbursed ones cannot (409)", async () => {
    const declined = await create();
    await s.gw.call("PATCH", `/v1/expenses/${declined}`, { token: s.t.tokens.admin, body: { status: "declined", reason: "Duplicate" } });
    expect((await del(declined)).status).toBe(200);
    for (const status of ["approved", "processing", "reimbursed"]) {
      const id = await create();
      await s.gw.deps.db.update(expenses).set({ status }).where(eq(expenses.id, id));
      const res = await del(id);
      expect(res.status, status).toBe(409);
      expect((await json(res)).message).toBe(
        `An expense in status ${status} cannot be deleted (only pending, declined or canceled ones can)`,
      );
    }
    expect(await eventsOf(s.gw, "expense.deleted")).toHaveLength(1);
  });

  it("another company's expense is 404; a role that cannot write is 403", async () => {
    const id = await create();
    expect((await del(id, s.other.tokens.admin)).status).toBe(404);
    expect((await del(id, s.t.tokens.onboardingManager)).status).toBe(403);
  });
});
