import { beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_FILES, b64, json, setupPeopleOps, tokenWith, type PeopleOpsSetup } from "@/test-support/gateway/people-ops";

let s: PeopleOpsSetup;
beforeEach(async () => {
  s = await setupPeopleOps();
});

async function create(receipts: { name: string; content: string }[] | undefined) {
  const res = await s.gw.call("POST", "/v1/expenses", {
    token: s.t.tokens.admin,
    body: {
      employment_id: s.e.id,
      title: "Laptop stand",
      amount: 3999,
      currency: "EUR",
      category: "tech_equipment",
      expense_date: "2026-01-02",
      ...(receipts ? { receipts } : {}),
    },
  });
  expect(res.status).toBe(201);
  return (await json(res)).data.expense as { id: string; receipts: { id: string }[] };
}

describe("GET /v1/expenses/{expense_id}/receipt and /receipts/{receipt_id}", () => {
  it("serves the stored bytes with the detected Content-Type and a Content-Disposition naming the file", async () => {
    const expense = await create([
      { name: "Recibo de compra — março.pdf", content: b64(SAMPLE_FILES.pdf) },
      { name: "sheet.xlsx", content: b64(SAMPLE_FILES.xlsx) },
    ]);
    const res = await s.gw.call("GET", `/v1/expenses/${expense.id}/receipt`, { token: s.t.tokens.onboardingManager });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Recibo de compra  marco.pdf"; filename*=UTF-8''Recibo%20de%20compra%20%E2%80%94%20mar%C3%A7o.pdf`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-ratelimit-remaining")).not.toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(SAMPLE_FILES.pdf)).toBe(true);

    const second = await s.gw.call("GET", `/v1/expenses/${expense.id}/receipts/${expense.receipts[1]!.id}`, { token: s.t.tokens.admin });
    expect(second.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(Buffer.from(await second.arrayBuffer()).equals(SAMPLE_FILES.xlsx)).toBe(true);
  });

  it("404 without a receipt, for another company's expense, or an unknown receipt id; 403 without expense:read", async () => {
    const bare = await create(undefined);
    const none = await s.gw.call("GET", `/v1/expenses/${bare.id}/receipt`, { token: s.t.tokens.admin });
    expect(none.status).toBe(404);
    expect(await json(none)).toEqual({ message: "Receipt not found" });
    const withOne = await create([{ name: "r.png", content: b64(SAMPLE_FILES.png) }]);
    const foreign = await s.gw.call("GET", `/v1/expenses/${withOne.id}/receipt`, { token: s.other.tokens.admin });
    expect(await json(foreign)).toEqual({ message: "Expense not found" });
    expect((await s.gw.call("GET", `/v1/expenses/${withOne.id}/receipts/${bare.id}`, { token: s.t.tokens.admin })).status).toBe(404);
    expect((await s.gw.call("GET", `/v1/expenses/${withOne.id}/receipts/zzz`, { token: s.t.tokens.admin })).status).toBe(404);
    expect(
      (await s.gw.call("GET", `/v1/expenses/${withOne.id}/receipt`, { token: await tokenWith(s.gw, s.t.admin, ["timeoff:read"]) })).status,
    ).toBe(403);
  });
});
