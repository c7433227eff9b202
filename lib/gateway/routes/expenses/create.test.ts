import { beforeEach, describe, expect, it } from "vitest";
import { ExpenseResponseSchema, RECEIPT_MAX_BYTES } from "@/lib/contract";
import { makeEmployment } from "@/test-support/gateway/factories";
import { SAMPLE_FILES, allEventTypes, b64, json, setupPeopleOps, tokenWith, type PeopleOpsSetup } from "@/test-support/gateway/people-ops";

let s: PeopleOpsSetup;
beforeEach(async () => {
  s = await setupPeopleOps();
});

const body = (over: Record<string, unknown> = {}) => ({
  employment_id: s.e.id,
  title: "New desk",
  amount: 24999,
  currency: "EUR",
  tax_amount: 4675,
  category: "home_office",
  expense_date: "2026-01-10",
  receipt: { name: "desk-invoice.pdf", content: b64(SAMPLE_FILES.pdf) },
  ...over,
});
const create = (over: Record<string, unknown> = {}, token = s.t.tokens.admin) =>
  s.gw.call("POST", "/v1/expenses", { token, body: body(over) });

describe("POST /v1/expenses", () => {
  it("creates a pending expense with its receipt (201); amounts stay integer minor units", async () => {
    const res = await create();
    expect(res.status).toBe(201);
    const { expense } = ExpenseResponseSchema.parse(await res.json()).data;
    expect(expense).toMatchObject({
      employment_id: s.e.id,
      title: "New desk",
      status: "pending",
      amount: 24999,
      tax_amount: 4675,
      currency: { code: "EUR", name: "Euro", symbol: "€" },
      converted_amount: 24999,
      converted_tax_amount: 4675,
      converted_currency: { code: "EUR", name: "Euro", symbol: "€" },
      category: "home_office",
      expense_category: { code: "home_office", slug: "home_office", title: "Home office" },
      expense_date: "2026-01-10",
      reason: null,
      reviewer: null,
      reviewed_at: null,
    });
    expect(expense.receipts).toEqual([
      { id: expect.any(String), name: "desk-invoice.pdf", type: "receipt", sub_type: "pdf", inserted_at: "2026-01-15T09:00:00Z" },
    ]);
    // No creation event: spec 6.2 lists approved, declined, updated and deleted only.
    expect(await allEventTypes(s.gw)).toEqual([]);
  });

  it("converts into the employment's currency at the fixed reference rates", async () => {
    const res = await create({ amount: 10800, tax_amount: 1080, currency: "USD" });
    const { expense } = ExpenseResponseSchema.parse(await res.json()).data;
    expect(expense).toMatchObject({
      currency: { code: "USD", symbol: "$" },
      converted_currency: { code: "EUR" },
      converted_amount: 10000,
      converted_tax_amount: 1000,
    });
  });

  it("accepts every receipt kind, detected from the bytes (pdf, png, jpeg, webp, heic, csv, xlsx)", async () => {
    const receipts = (["pdf", "png", "jpeg", "webp", "heic", "csv", "xlsx"] as const).map((k) => ({
      name: `receipt-${k}.${k === "jpeg" ? "jpg" : k}`,
      content: b64(SAMPLE_FILES[k]),
    }));
    const res = await create({ receipt: undefined, receipts });
    expect(res.status).toBe(201);
    const { expense } = ExpenseResponseSchema.parse(await res.json()).data;
    expect(expense.receipts.map((r) => r.sub_type)).toEqual(["pdf", "png", "jpeg", "webp", "heic", "csv", "xlsx"]);
    // A name without an extension gets the detected one.
    const bare = await create({ receipt: { name: "scan", content: b64(SAMPLE_FILES.png) } });
    expect((await json(bare)).data.expense.receipts[0].name).toBe("scan.png");
  });

  it("refuses other file types, and names or declared types that contradict the bytes (422 at upload)", async () => {
    for (const [name, bytes] of [
      ["animation.gif", SAMPLE_FILES.gif],
      ["setup.exe", SAMPLE_FILES.exe],
      ["archive.zip", SAMPLE_FILES.zip],
      ["fake.xlsx", SAMPLE_FILES.zip],
      ["binary.csv", SAMPLE_FILES.exe],
    ] as const) {
      const res = await create({ receipt: { name, content: b64(bytes) } });
      expect(res.status, name).toBe(422);
      expect((await json(res)).errors.receipt[0]).toMatch(
        /^file type not allowed: accepted types are pdf, png, jpeg, webp, heic, csv, xlsx/,
      );
    }
    const renamed = await create({ receipt: { name: "invoice.png", content: b64(SAMPLE_FILES.pdf) } });
    expect(await json(renamed)).toEqual({ errors: { "receipt.name": ["extension .png does not match the file's content (pdf)"] } });
    const declared = await create({
      receipts: [
        { name: "a.pdf", content: b64(SAMPLE_FILES.pdf) },
        { name: "b.pdf", content_type: "image/png", content: b64(SAMPLE_FILES.pdf) },
      ],
      receipt: undefined,
    });
    expect(await json(declared)).toEqual({
      errors: { "receipts.1.content_type": ["does not match the file's content (application/pdf)"] },
    });
    const notBase64 = await create({ receipt: { name: "a.pdf", content: "%%%" } });
    expect((await json(notBase64)).errors["receipt.content"]).toEqual(["must be base64-encoded"]);
    const both = await create({ receipts: [{ name: "a.pdf", content: b64(SAMPLE_FILES.pdf) }] });
    expect((await json(both)).errors.receipts).toEqual(["give either receipt or receipts, not both"]);
  });

  it("bodies over the API's 1 MiB limit are 413; with a larger limit, a receipt over 10 MiB is 422", async () => {
    const big = await create({ receipt: { name: "big.pdf", content: b64(Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(800 * 1024)])) } });
    expect(big.status).toBe(413);
    const roomy = await setupPeopleOps({ bodyLimitBytes: 20 * 1024 * 1024 });
    const over = await roomy.gw.call("POST", "/v1/expenses", {
      token: roomy.t.tokens.admin,
      body: {
        ...body({ employment_id: roomy.e.id }),
        receipt: { name: "big.pdf", content: b64(Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(RECEIPT_MAX_BYTES)])) },
      },
    });
    expect(over.status).toBe(422);
    expect(await json(over)).toEqual({ errors: { "receipt.content": ["must be at most 10 MiB"] } });
  });

  it("validates the fields: ISO 4217 currency, integer amounts, tax within amount, a past date, a known category", async () => {
    const res = await create({ currency: "EURO", amount: 10.5, category: "fun", expense_date: "2026-01-16", title: " " });
    expect(res.status).toBe(422);
    const { errors } = await json(res);
    expect(Object.keys(errors).sort()).toEqual(["amount", "category", "currency", "title"]);
    expect((await json(await create({ currency: "ABC" }))).errors.currency).toEqual(["is not an ISO 4217 currency code"]);
    expect((await json(await create({ tax_amount: 30000 }))).errors.tax_amount).toEqual(["must not exceed amount"]);
    expect((await json(await create({ expense_date: "2026-01-16" }))).errors.expense_date).toEqual(["must not be in the future"]);
    expect((await json(await create({ currency: "XAU" }))).errors.currency).toEqual(["is not an ISO 4217 currency code"]);
    expect((await json(await create({ currency: "BTN" }))).errors.currency).toEqual([
      "no exchange rate from BTN to EUR (the employment's currency)",
    ]);
    expect((await create({ amount: 0 })).status).toBe(422);
  });

  it("takes the provider's ParamsToCreateExpense: expense_category_slug, timezone, an already reviewed expense", async () => {
    const bySlug = await create({ category: undefined, expense_category_slug: "travel" });
    expect(bySlug.status).toBe(201);
    expect((await json(bySlug)).data.expense.category).toBe("travel");
    expect((await json(await create({ category: undefined, expense_category_slug: "travel.flights" }))).errors).toHaveProperty(
      "expense_category_slug",
    );
    expect((await json(await create({ category: undefined }))).errors).toEqual({ category: ["can't be blank"] });
    // The clock says 2026-01-15 09:00 UTC: still 2026-01-14 in Pago Pago (UTC-11).
    expect((await create({ expense_date: "2026-01-15" })).status).toBe(201);
    expect((await json(await create({ expense_date: "2026-01-15", timezone: "Pacific/Pago_Pago" }))).errors).toEqual({
      expense_date: ["must not be in the future"],
    });
    expect((await create({ expense_date: "2026-01-14", timezone: "Not/AZone" })).status).toBe(422);
    const reviewed = await create({ reviewer_id: s.t.owner.id, reviewed_at: "2026-01-14T12:00:00Z" });
    expect(reviewed.status).toBe(201);
    expect((await json(reviewed)).data.expense).toMatchObject({
      status: "approved",
      reviewed_at: "2026-01-14T12:00:00Z",
      reviewer: { user_id: s.t.owner.id },
    });
    expect(await allEventTypes(s.gw)).toContain("expense.approved");
  });

  it("tenancy, scopes and roles: 404 for another company's employment, 403 without expense:write or a writing role", async () => {
    const foreign = await create({ employment_id: s.otherE.id });
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toEqual({ message: "Employment not found" });
    expect((await create({}, await tokenWith(s.gw, s.t.admin, ["expense:read"]))).status).toBe(403);
    expect((await create({}, s.t.tokens.onboardingManager)).status).toBe(403);
    expect((await create({}, s.t.tokens.peopleManager)).status).toBe(201);
    const pm = await makeEmployment(s.gw.deps.db, s.t.company.id, { status: "active" });
    expect((await create({ employment_id: pm.id }, s.t.tokens.peopleManager)).status).toBe(403);
  });

  it("a global payroll employee or an archived employment cannot get an expense (422 ActionError)", async () => {
    const gp = await makeEmployment(s.gw.deps.db, s.t.company.id, {
      type: "global_payroll_employee",
      employmentModel: "global_payroll",
      status: "active",
    });
    expect((await json(await create({ employment_id: gp.id }))).message).toMatchObject({
      code: "operation_not_available",
      action: "create_expense",
    });
    const archived = await makeEmployment(s.gw.deps.db, s.t.company.id, { status: "archived" });
    expect((await json(await create({ employment_id: archived.id }))).message).toMatchObject({ code: "employment_status_not_allowed" });
  });
});
