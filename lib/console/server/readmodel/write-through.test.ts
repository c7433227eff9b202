import { and, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as employmentRoute from "@/app/api/bff/employments/[id]/route";
import * as inviteRoute from "@/app/api/bff/employments/[id]/invite/route";
import * as expenseRoute from "@/app/api/bff/expenses/[id]/route";
import * as timeoffRoute from "@/app/api/bff/timeoff/[id]/route";
import { readmodelEmployments, readmodelPendingItems } from "../db/schema";
import { COMPANY_A, CUSTOMER_TOKENS, PartnerBrowser, setupPartner, type PartnerSetup } from "@/test-support/console/partner";
import { createRequestBudget } from "./budget";
import { createSyncClientFactory } from "./sync-client";
import { syncCompany } from "./sync";

// Write-through (issue 13: "after a write the read model takes the API's answer at once"): a write
// made through the console's BFF is in the read model when the BFF answers, before any webhook or
// sync (none runs here: the only writer of the read model besides the sync below is the write's own
// API client, lib/console/server/session.ts → ./write-through.ts).

const DEPS_KEY = Symbol.for("roster.console.authDeps");
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

describe("write-through: a write made through the console is visible in the read model at once", () => {
  let s: PartnerSetup;
  let admin: PartnerBrowser;
  let previousDeps: unknown;
  const ref = { environment: "sandbox" as const, company: { id: COMPANY_A.id, name: COMPANY_A.name } };

  async function bff(handler: unknown, method: string, url: string, params: Record<string, string>, json?: unknown) {
    const base = admin.request(url, { method, json });
    const req = new NextRequest(base.url, { method, headers: base.headers, body: json === undefined ? undefined : await base.text() });
    const res = await (handler as Handler)(req, { params: Promise.resolve(params) });
    expect(res.status, `${method} ${url}: ${await res.clone().text()}`).toBeLessThan(300);
    return res;
  }

  const row = async (employmentId: string) =>
    (
      await s.db
        .select()
        .from(readmodelEmployments)
        .where(and(eq(readmodelEmployments.companyId, COMPANY_A.id), eq(readmodelEmployments.employmentId, employmentId)))
    )[0];
  const pending = async (kind: "time_off" | "expense") =>
    (
      await s.db
        .select({ id: readmodelPendingItems.itemId, item: readmodelPendingItems.item })
        .from(readmodelPendingItems)
        .where(and(eq(readmodelPendingItems.companyId, COMPANY_A.id), eq(readmodelPendingItems.kind, kind)))
    ).map((r) => r.id);

  beforeAll(async () => {
    s = await setupPartner();
    const g = globalThis as unknown as Record<symbol, unknown>;
    previousDeps = g[DEPS_KEY];
    g[DEPS_KEY] = Promise.resolve(s.deps);
    admin = new PartnerBrowser(s);
    expect((await admin.signInWithToken(CUSTOMER_TOKENS.acme)).error).toBeNull();
    const outcome = await syncCompany(
      { db: s.db, clientFor: createSyncClientFactory(s.deps, { budget: createRequestBudget(s.db) }), intervalMs: 15 * 60_000 },
      ref,
    );
    expect(outcome.kind).toBe("synced");
  }, 120_000);

  afterAll(() => {
    (globalThis as unknown as Record<symbol, unknown>)[DEPS_KEY] = previousDeps;
  });

  it("an employment's update: its row holds the API's answer when the BFF answers", async () => {
    const [first] = await s.db
      .select({ id: readmodelEmployments.employmentId })
      .from(readmodelEmployments)
      .where(eq(readmodelEmployments.companyId, COMPANY_A.id))
      .limit(1);
    const externalId = `write-through-${Date.now().toString(36)}`;
    expect((await row(first!.id))?.externalId).not.toBe(externalId);
    await bff(employmentRoute.PATCH, "PATCH", `/api/bff/employments/${first!.id}`, { id: first!.id }, { external_id: externalId });
    expect((await row(first!.id))?.externalId).toBe(externalId);
  });

  it("an invitation: the employment is re-read at once (its status as the API now says)", async () => {
    const [created] = await s.db
      .select({ id: readmodelEmployments.employmentId })
      .from(readmodelEmployments)
      .where(and(eq(readmodelEmployments.companyId, COMPANY_A.id), eq(readmodelEmployments.status, "created")))
      .limit(1);
    expect(created, "the demo company has an employment not invited yet").toBeDefined();
    await bff(inviteRoute.POST, "POST", `/api/bff/employments/${created!.id}/invite`, { id: created!.id });
    expect((await row(created!.id))?.status).toBe("invited");
  });

  it("time off approved and an expense declined leave the pending items at once", async () => {
    const [timeoff] = await pending("time_off");
    const [expense] = await pending("expense");
    expect(timeoff, "the demo company has time off waiting for approval").toBeDefined();
    expect(expense, "the demo company has an expense waiting for approval").toBeDefined();
    await bff(timeoffRoute.PATCH, "PATCH", `/api/bff/timeoff/${timeoff}`, { id: timeoff! }, { status: "approved" });
    expect(await pending("time_off")).not.toContain(timeoff);
    await bff(
      expenseRoute.PATCH,
      "PATCH",
      `/api/bff/expenses/${expense}`,
      { id: expense! },
      { status: "declined", reason: "Not a business expense" },
    );
    expect(await pending("expense")).not.toContain(expense);
  });
});
