import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/console/api-errors";
import { createApiClient } from "@/lib/console/server/api-client";
import { getEmployment } from "@/lib/console/server/employments/api";
import { recordAudit } from "@/lib/console/server/partner/audit";
import { employments } from "@/lib/gateway/db/schema";
import { createDispatcher } from "@/lib/gateway/webhooks/dispatcher";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { makeEmployment } from "@/test-support/gateway/factories";
import { getSharedTestDatabase } from "@/test-support/gateway/harness";
import { b64, SAMPLE_FILES, setupPeopleOps, tokenWith, type PeopleOpsSetup } from "@/test-support/gateway/people-ops";
import { emitTestEvent, recordingSender, registerCallback } from "@/test-support/gateway/webhooks";
import type { ConsoleDb } from "../db/client";
import { describeAuditCall, loadEmploymentTimeline, type EmploymentTimeline } from "./timeline";

// The employment timeline against a real API instance (in-process) and the console's database: it
// merges the console's audit entries, the API's webhook deliveries naming the employment and the API's
// dated records into one list, newest first; it never shows anything of another company's employment.

let s: PeopleOpsSetup;
let db: ConsoleDb;
let calls: string[];

const clientFor = (token: string) =>
  createApiClient({
    baseUrl: "http://127.0.0.1:4010",
    environment: "sandbox",
    getToken: async () => token,
    sleep: async () => {},
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      calls.push(`${init?.method ?? "GET"} ${url.pathname}`);
      return s.gw.app.request(url.pathname + url.search, init);
    }) as typeof fetch,
  });

const audit = (companyId: string, path: string, at: Date, status = 200) =>
  recordAudit(db, {
    environment: "sandbox",
    company: { id: companyId, name: "Company" },
    actor: { kind: "company_user", id: "u1", name: "Ada Admin", email: "ada@example.test" },
    method: "PATCH",
    path,
    status,
    requestId: `req-${path.length}-${at.getTime()}`,
    at,
  });

const timelineOf = (token: string, employmentId: string, companyId = s.t.company.id): Promise<EmploymentTimeline> => {
  const api = clientFor(token);
  return loadEmploymentTimeline({ api, db, environment: "sandbox", companyId }, employmentId, getEmployment(api, employmentId));
};

beforeAll(() => getSharedTestDatabase("sandbox"), 180_000);

beforeEach(async () => {
  s = await setupPeopleOps();
  db = (await getConsoleTestDatabase()).db;
  calls = [];
}, 120_000);

describe("employment timeline", { timeout: 120_000 }, () => {
  it("merges the console's audit entries, the webhook events and the API's records, newest first", async () => {
    const { gw, t, e, otherE } = s;
    await registerCallback(gw, t.tokens.admin, { url: "https://hooks.example.com/roster", subscribe_to_all_events: true });
    // The employment was created a day before the test's clock starts.
    await gw.deps.db
      .update(employments)
      .set({ createdAt: new Date(gw.clock.now().getTime() - 86_400_000) })
      .where(eq(employments.id, e.id));
    const { sender } = recordingSender(() => 200);
    const dispatch = () => createDispatcher(gw.deps, { sender }).drain();
    // The API's records: an expense created, then approved by the people manager an hour later.
    gw.clock.advance(60_000);
    const created = await gw.call("POST", "/v1/expenses", {
      token: t.tokens.admin,
      body: {
        employment_id: e.id,
        title: "New desk",
        amount: 24999,
        currency: "EUR",
        tax_amount: 4675,
        category: "home_office",
        expense_date: "2026-01-10",
        receipt: { name: "desk.pdf", content: b64(SAMPLE_FILES.pdf) },
      },
    });
    expect(created.status).toBe(201);
    const expenseId = ((await created.json()) as { data: { expense: { id: string } } }).data.expense.id;
    gw.clock.advance(3_600_000);
    const approved = await gw.call("PUT", `/v1/expenses/${expenseId}`, { token: t.tokens.peopleManager, body: { status: "approved" } });
    expect(approved.status).toBe(200);
    await dispatch();
    // A webhook event of the employment (and those of another employment of the same company and
    // of another company's, never shown).
    gw.clock.advance(60_000);
    await emitTestEvent(gw, e, "employment.details.updated");
    await emitTestEvent(gw, otherE, "employment.details.updated");
    await emitTestEvent(gw, await makeEmployment(gw.deps.db, t.company.id), "employment.details.updated");
    await dispatch();
    // The console's audit log: this employment's update, a call of another employment of the same
    // company, and a call recorded for the other company that names this employment's id.
    const now = gw.clock.now().getTime();
    await audit(t.company.id, `v2/employments/${e.id}`, new Date(now + 60_000));
    await audit(t.company.id, `v1/employments/${e.id}/invite`, new Date(now + 120_000), 409);
    await audit(t.company.id, `v2/employments/${otherE.id}`, new Date(now + 180_000));
    await audit(s.other.company.id, `v2/employments/${e.id}`, new Date(now + 240_000));

    const timeline = await timelineOf(t.tokens.admin, e.id);
    const times = timeline.entries.map((x) => Date.parse(x.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(timeline.entries.map((x) => x.key)).size).toBe(timeline.entries.length);
    expect(timeline.sources.map((x) => [x.key, x.state])).toEqual([
      ["console", "ok"],
      ["webhooks", "ok"],
      ["api", "ok"],
    ]);
    const summary = timeline.entries.map((x) => `${x.source}|${x.title}|${x.actor ?? ""}`);
    // Newest first: the failed invitation, the update, the webhook event, the approval (its event and
    // its record, at the same instant), and the employment's creation last.
    expect(summary).toEqual([
      "console|Invitation sent (failed)|Ada Admin <ada@example.test>",
      "console|Employment updated|Ada Admin <ada@example.test>",
      "webhooks|Department or manager updated|",
      // Same instant: ordered by key, the record before its event.
      `api|Expense reviewed (approved)|${t.peopleManager.name} <${t.peopleManager.email}>`,
      "webhooks|Expense approved|",
      "api|Employment created|",
    ]);
    const update = timeline.entries.find((x) => x.title === "Employment updated")!;
    expect(update.href).toBe(`/employments/${e.id}/edit`);
    expect(update.linkLabel).toBe("Edit");
    expect(update.detail).toContain(`PATCH v2/employments/${e.id}: answered 200`);
    const hook = timeline.entries.find((x) => x.source === "webhooks")!;
    expect(hook.href).toMatch(/^\/webhooks\/deliveries\?delivery=[0-9a-f-]{36}$/);
    expect(hook.detail).toBe("employment.details.updated · delivered to 1 of 1 callback");
    expect(timeline.entries.find((x) => x.source === "api" && x.title.startsWith("Expense"))!.href).toBe(`/expenses/${expenseId}`);
    // Bounded and parallel: one request per part, the employment not fetched again.
    expect(calls.filter((c) => c === `GET /v1/employments/${e.id}`)).toHaveLength(1);
    expect(calls).toHaveLength(6);
  });

  it("an employment of another company: the timeline is refused (404), nothing of it is shown", async () => {
    await audit(s.t.company.id, `v2/employments/${s.otherE.id}`, new Date());
    const error = await timelineOf(s.t.tokens.admin, s.otherE.id).catch((x: unknown) => x);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(404);
  });

  it("a part that cannot be read is named; the others are still shown", async () => {
    const token = await tokenWith(s.gw, s.t.admin, [
      "employment:read",
      "expense:read",
      "timeoff:read",
      "offboarding:read",
      "contract_amendment:read",
    ]);
    // Both on the API's clock: created a day before the console's change.
    await s.gw.deps.db
      .update(employments)
      .set({ createdAt: new Date(s.gw.clock.now().getTime() - 86_400_000) })
      .where(eq(employments.id, s.e.id));
    await audit(s.t.company.id, `v2/employments/${s.e.id}`, s.gw.clock.now());
    const timeline = await timelineOf(token, s.e.id);
    const webhooks = timeline.sources.find((x) => x.key === "webhooks")!;
    expect(webhooks.state).toBe("unavailable");
    expect(webhooks.messages).toEqual(["Webhook events: the connection lacks the permission to read them."]);
    expect(timeline.entries.map((x) => x.title)).toEqual(["Employment updated", "Employment created"]);
  });
});

describe("console calls said from the employment's side", () => {
  const id = "6f1c2a4e-0000-4000-8000-000000000001";
  it.each([
    ["PATCH", `v2/employments/${id}`, "Employment updated", `/employments/${id}/edit`],
    ["PATCH", `v1/employments/${id}`, "Onboarding form section submitted", `/employments/${id}#onboarding-title`],
    ["POST", `v1/employments/${id}/invite`, "Invitation sent", `/employments/${id}`],
    ["PATCH", `v1/sandbox/employments/${id}`, "Employment activated (sandbox)", `/employments/${id}`],
    ["PUT", `v1/custom-fields/f1/values/${id}`, "Custom field value set", `/employments/${id}`],
    ["POST", `v1/something-new/${id}/x`, `POST v1/something-new/${id}/x`, `/employments/${id}`],
  ])("%s %s → %s", (method, path, title, href) => {
    const { linkLabel: _label, ...said } = describeAuditCall(method, path, id);
    expect(said).toEqual({ title, href });
  });
});
