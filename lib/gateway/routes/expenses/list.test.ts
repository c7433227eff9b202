import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { EXPENSE_CATEGORIES, ExpenseCategoriesResponseSchema, ExpenseListResponseSchema, ExpenseResponseSchema } from "@/lib/contract";
import { expenses } from "../../db/schema";
import {
  SAMPLE_FILES,
  b64,
  fixturesAvailable,
  json,
  keysOf,
  readFixture,
  setupPeopleOps,
  tokenWith,
  type PeopleOpsSetup,
} from "@/test-support/gateway/people-ops";

let s: PeopleOpsSetup;
beforeEach(async () => {
  s = await setupPeopleOps();
});

async function create(date: string, employmentId = s.e.id, token = s.t.tokens.admin) {
  const res = await s.gw.call("POST", "/v1/expenses", {
    token,
    body: {
      employment_id: employmentId,
      title: `Taxi ${date}`,
      amount: 1250,
      currency: "EUR",
      category: "travel",
      expense_date: date,
      receipt: { name: "taxi.png", content: b64(SAMPLE_FILES.png) },
    },
  });
  expect(res.status).toBe(201);
  return (await json(res)).data.expense.id as string;
}
const list = (q = "", token = s.t.tokens.admin) => s.gw.call("GET", `/v1/expenses${q}`, { token });

describe("GET /v1/expenses and /v1/expenses/{id}", () => {
  it("lists newest first with pagination; filters by employment and status; never another company's", async () => {
    const ids = [];
    for (const d of ["2026-01-02", "2026-01-05", "2026-01-09"]) ids.push(await create(d));
    await create("2026-01-10", s.otherE.id, s.other.tokens.admin);
    await s.gw.deps.db.update(expenses).set({ status: "reimbursed" }).where(eq(expenses.id, ids[0]!));
    const page = await list("?page_size=2");
    // The provider declares 201 for this read (docs/decisions/contract-people-ops.md).
    expect(page.status).toBe(201);
    const { data } = ExpenseListResponseSchema.parse(await page.json());
    expect(data.expenses.map((x) => x.expense_date)).toEqual(["2026-01-09", "2026-01-05"]);
    expect(data).toMatchObject({ current_page: 1, total_count: 3, total_pages: 2 });
    const reimbursed = ExpenseListResponseSchema.parse(await (await list("?status=reimbursed")).json()).data;
    expect(reimbursed.expenses.map((x) => x.id)).toEqual([ids[0]]);
    expect(ExpenseListResponseSchema.parse(await (await list(`?employment_id=${s.e.id}`)).json()).data.total_count).toBe(3);
    expect((await list(`?employment_id=${s.otherE.id}`)).status).toBe(404);
    for (const q of ["?page_size=101", "?page_size=0", "?page=x", "?status=paid"]) expect((await list(q)).status, q).toBe(400);
  });

  it("shows one expense; another company's is 404; needs expense:read", async () => {
    const id = await create("2026-01-05");
    const res = await s.gw.call("GET", `/v1/expenses/${id}`, { token: s.t.tokens.onboardingManager });
    expect(res.status).toBe(200);
    expect(ExpenseResponseSchema.parse(await res.json()).data.expense.id).toBe(id);
    expect((await s.gw.call("GET", `/v1/expenses/${id}`, { token: s.other.tokens.admin })).status).toBe(404);
    expect((await s.gw.call("GET", `/v1/expenses/${id}`, { token: await tokenWith(s.gw, s.t.admin, ["expense:write"]) })).status).toBe(403);
  });

  it.skipIf(!fixturesAvailable)("response shape: every field of the provider's example, plus the documented extras", async () => {
    const id = await create("2026-01-05");
    const mine = (await json(await s.gw.call("GET", `/v1/expenses/${id}`, { token: s.t.tokens.admin }))).data.expense;
    const example = (readFixture("openapi-examples-2024/ExpenseResponse.json").data as { expense: Record<string, unknown> }).expense;
    const listExample = (readFixture("openapi-examples-2024/ListExpenseResponse.json").expenses as object[])[0];
    expect(keysOf(listExample)).toEqual(keysOf(example));
    // docs/decisions/areas-people-ops-response-shapes.md: the example omits id and status; the provider's Expense model has them and the rest.
    // docs/decisions/contract-people-ops.md: the provider's current Expense has no created_at / updated_at.
    // expense_category is the provider's current category reference (code, slug, title).
    const extras = ["category", "expense_category", "id", "notes", "reason", "reviewed_at", "reviewer", "status"];
    expect(keysOf(mine)).toEqual([...keysOf(example), ...extras].sort());
    expect(keysOf(mine.currency)).toEqual(keysOf(example.currency));
    expect(keysOf(mine.receipts[0])).toEqual(keysOf((example.receipts as object[])[0]));
    const body = await json(await list());
    expect(keysOf(body.data)).toEqual(keysOf(readFixture("openapi-examples-2024/ListExpenseResponse.json")));
  });
});

describe("GET /v1/expenses/categories", () => {
  it("lists the categories as the provider's ExpenseCategoryNode (not shadowed by /v1/expenses/{id})", async () => {
    const res = await s.gw.call("GET", "/v1/expenses/categories?include_parents=true", { token: s.t.tokens.admin });
    expect(res.status).toBe(200);
    const { data } = ExpenseCategoriesResponseSchema.parse(await res.json());
    expect(data.map((c) => c.slug)).toEqual([...EXPENSE_CATEGORIES]);
    expect(data.find((c) => c.slug === "home_office")).toMatchObject({ title: "Home office", is_selectable: true, parent: null });
    expect((await s.gw.call("GET", `/v1/expenses/categories?employment_id=${s.otherE.id}`, { token: s.t.tokens.admin })).status).toBe(404);
    expect((await s.gw.call("GET", "/v1/expenses/categories?include_parents=maybe", { token: s.t.tokens.admin })).status).toBe(400);
    expect((await s.gw.call("GET", "/v1/expenses/categories", { token: await tokenWith(s.gw, s.t.admin, ["timeoff:read"]) })).status).toBe(
      403,
    );
  });
});
