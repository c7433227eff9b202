import { beforeEach, describe, expect, it } from "vitest";
import { ExpenseResponseSchema } from "@/lib/contract";
import { makeEmployment } from "@/test-support/gateway/factories";
import {
  SAMPLE_FILES,
  b64,
  eventsOf,
  fixturesAvailable,
  json,
  readFixture,
  setupPeopleOps,
  tokenWith,
  type PeopleOpsSetup,
} from "@/test-support/gateway/people-ops";

let s: PeopleOpsSetup;
beforeEach(async () => {
  s = await setupPeopleOps();
});

async function create(employmentId = s.e.id) {
  const res = await s.gw.call("POST", "/v1/expenses", {
    token: s.t.tokens.admin,
    body: {
      employment_id: employmentId,
      title: "Train",
      amount: 5000,
      currency: "EUR",
      category: "travel",
      expense_date: "2026-01-12",
      receipt: { name: "ticket.pdf", content: b64(SAMPLE_FILES.pdf) },
    },
  });
  expect(res.status).toBe(201);
  return (await json(res)).data.expense.id as string;
}
const patch = (id: string, body: unknown, token = s.t.tokens.admin) => s.gw.call("PATCH", `/v1/expenses/${id}`, { token, body });

describe("PUT/PATCH /v1/expenses/{id}", () => {
  it("edits a pending expense (expense.updated), replacing receipts when given", async () => {
    const id = await create();
    const res = await patch(id, {
      amount: 6500,
      currency: "GBP",
      notes: "Return trip",
      receipts: [
        { name: "a.png", content: b64(SAMPLE_FILES.png) },
        { name: "b.csv", content: b64(SAMPLE_FILES.csv) },
      ],
    });
    expect(res.status).toBe(200);
    const { expense } = ExpenseResponseSchema.parse(await res.json()).data;
    expect(expense).toMatchObject({
      amount: 6500,
      currency: { code: "GBP", symbol: "£" },
      converted_currency: { code: "EUR" },
      converted_amount: 7647,
      notes: "Return trip",
      status: "pending",
    });
    expect(expense.receipts.map((r) => r.name)).toEqual(["a.png", "b.csv"]);
    expect(await eventsOf(s.gw, "expense.updated")).toEqual([
      { event_type: "expense.updated", expense_id: id, employment_id: s.e.id, company_id: s.t.company.id },
    ]);
  });

  it("approves (expense.approved, reviewer recorded)", async () => {
    const id = await create();
    const res = await s.gw.call("PUT", `/v1/expenses/${id}`, { token: s.t.tokens.peopleManager, body: { status: "approved" } });
    expect(res.status).toBe(200);
    const { expense } = ExpenseResponseSchema.parse(await res.json()).data;
    expect(expense).toMatchObject({
      status: "approved",
      reviewed_at: "2026-01-15T09:00:00Z",
      reviewer: { user_id: s.t.peopleManager.id, user_name: s.t.peopleManager.name, user_email: s.t.peopleManager.email },
    });
    expect(await eventsOf(s.gw, "expense.approved")).toEqual([
      { event_type: "expense.approved", expense_id: id, employment_id: s.e.id, company_id: s.t.company.id },
    ]);
    expect(await eventsOf(s.gw, "expense.updated")).toEqual([]);
  });

  it('declining needs a reason: 422 {errors: {reason: ["can\'t be blank"]}} otherwise; then expense.declined', async () => {
    const id = await create();
    const res = await patch(id, { status: "declined" });
    expect(res.status).toBe(422);
    expect(await json(res)).toEqual({ errors: { reason: ["can't be blank"] } });
    const ok = await json(await patch(id, { status: "declined", reason: "Not a business expense" }));
    expect(ok.data.expense).toMatchObject({ status: "declined", reason: "Not a business expense" });
    expect(await eventsOf(s.gw, "expense.declined")).toHaveLength(1);
    expect((await json(await patch(await create(), { reason: "why" }))).errors).toEqual({
      reason: ["can only be given with status declined"],
    });
  });

  it.skipIf(!fixturesAvailable)("the decline error has the provider's ValidationError shape", async () => {
    const body = await json(await patch(await create(), { status: "declined" }));
    const example = readFixture("openapi-examples-2024/ValidationError.json") as { errors: Record<string, string[]> };
    expect(Object.keys(body)).toEqual(Object.keys(example));
    expect(Object.values(body.errors)).toEqual(Object.values(example.errors));
  });

  it("a reviewed expense can no longer be edited nor reviewed again (422 ActionError)", async () => {
    const id = await create();
    await patch(id, { status: "approved" });
    const edit = await patch(id, { title: "Plane" });
    expect(edit.status).toBe(422);
    expect((await json(edit)).message).toMatchObject({ code: "expense_not_editable", action: "update_expense" });
    const again = await patch(id, { status: "declined", reason: "Changed my mind" });
    expect((await json(again)).message).toMatchObject({ code: "invalid_status_transition", action: "decline_expense" });
  });

  it("validates like creation; employment_id cannot change; 404 across companies; 403 for scopes and roles", async () => {
    const id = await create();
    expect((await json(await patch(id, { tax_amount: 9000 }))).errors).toEqual({ tax_amount: ["must not exceed amount"] });
    expect((await json(await patch(id, { receipt: { name: "x.gif", content: b64(SAMPLE_FILES.gif) } }))).errors.receipt).toHaveLength(1);
    const colleague = await makeEmployment(s.gw.deps.db, s.t.company.id, { status: "active" });
    expect((await json(await patch(id, { employment_id: colleague.id }))).errors).toEqual({ employment_id: ["cannot be changed"] });
    expect((await patch(id, { status: "approved" }, s.other.tokens.admin)).status).toBe(404);
    expect((await patch("nope", { status: "approved" })).status).toBe(404);
    expect((await patch(id, { status: "approved" }, s.t.tokens.onboardingManager)).status).toBe(403);
    expect((await patch(id, { status: "approved" }, await tokenWith(s.gw, s.t.admin, ["expense:read"]))).status).toBe(403);
    expect((await patch(await create(colleague.id), { status: "approved" }, s.t.tokens.peopleManager)).status).toBe(403);
    expect((await patch(id, { status: "reimbursed" })).status).toBe(422);
  });
});
