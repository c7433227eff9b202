import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { readmodelEmployments, readmodelPendingItems, readmodelSyncState } from "../db/schema";
import { withdrawConsent } from "../partner/companies";
import { handleConnectCallback, handleConnectStart } from "../partner/connect";
import { handleCreateConsentLink } from "../partner/routes";
import {
  COMPANY_A,
  COMPANY_B,
  consentThroughLink,
  CUSTOMER_TOKENS,
  PartnerBrowser,
  setupPartner,
  type PartnerSetup,
} from "@/test-support/console/partner";
import { BehindError, companyBudgetKey, createRequestBudget } from "./budget";
import { getReadModelFreshness, listReadModelEmployments } from "./query";
import { createSyncClientFactory } from "./sync-client";
import { rereadEmployment, syncCompany, type SyncDeps } from "./sync";

// The full re-read of a company against the in-process API (demo data, two companies connected by
// the partner through consent links): the read model holds what the API lists, loses what the API no
// longer has, reports a 429 as "behind" with the retry time, and keeps nothing once consent ends.

const refOf = (company: typeof COMPANY_A | typeof COMPANY_B) => ({
  environment: "sandbox" as const,
  company: { id: company.id, name: company.name },
});

describe("sync of a company into the read model", () => {
  let s: PartnerSetup;
  let deps: SyncDeps;

  async function apiIds(token: string, path: string, key: string): Promise<string[]> {
    const out: string[] = [];
    for (let page = 1; ; page++) {
      const res = await s.gateways.sandbox.call("GET", `${path}${path.includes("?") ? "&" : "?"}page=${page}&page_size=100`, { token });
      const body = (await res.json()) as { data: Record<string, { id: string }[]> & { total_pages: number } };
      out.push(...body.data[key]!.map((e) => e.id));
      if (page >= body.data.total_pages) return out.sort();
    }
  }

  beforeAll(async () => {
    s = await setupPartner();
    const operator = new PartnerBrowser(s);
    await operator.signInOperator();
    for (const company of [COMPANY_A, COMPANY_B]) {
      const res = await handleCreateConsentLink(s.deps, operator.request("/api/partner/consent-links", { method: "POST" }));
      const link = ((await res.json()) as { data: { url: string } }).data.url;
      await consentThroughLink(
        s,
        operator,
        link,
        { email: company.owner },
        {
          start: (r) => handleConnectStart(s.deps, r),
          callback: (r) => handleConnectCallback(s.deps, r),
        },
      );
    }
    deps = { db: s.db, clientFor: createSyncClientFactory(s.deps, { budget: createRequestBudget(s.db) }), intervalMs: 15 * 60_000 };
  }, 120_000);

  it("a full re-read holds exactly the company's employments, pending time off and pending expenses", async () => {
    const outcome = await syncCompany(deps, refOf(COMPANY_A));
    const expected = await apiIds(CUSTOMER_TOKENS.acme, "/v1/employments", "employments");
    expect(outcome).toEqual({ kind: "synced", employments: expected.length });
    const page = await listReadModelEmployments(
      s.db,
      { kind: "company", environment: "sandbox", companyId: COMPANY_A.id },
      { page: 1, page_size: 500 },
    );
    expect(page.employments.map((e) => e.id).sort()).toEqual(expected);

    const pending = async (kind: "time_off" | "expense") =>
      (
        await s.db
          .select({ id: readmodelPendingItems.itemId })
          .from(readmodelPendingItems)
          .where(and(eq(readmodelPendingItems.companyId, COMPANY_A.id), eq(readmodelPendingItems.kind, kind)))
      )
        .map((r) => r.id)
        .sort();
    const requested = await apiIds(CUSTOMER_TOKENS.acme, "/v1/timeoff?status=requested", "timeoffs");
    expect(await pending("time_off")).toEqual(requested);
    const pendingExpenses = await apiIds(CUSTOMER_TOKENS.acme, "/v1/expenses?status=pending", "expenses");
    expect(await pending("expense")).toEqual(pendingExpenses);
    // The demo company has some of each (the comparisons above are not of two empty lists).
    expect(requested.length).toBeGreaterThan(0);
    expect(pendingExpenses.length).toBeGreaterThan(0);

    // Only list-level fields: no section of the full record is stored.
    const [row] = await s.db.select().from(readmodelEmployments).where(eq(readmodelEmployments.companyId, COMPANY_A.id)).limit(1);
    expect(Object.keys(row!.item).sort()).not.toEqual(expect.arrayContaining(["bank_account_details"]));
    for (const section of [
      "bank_account_details",
      "personal_details",
      "administrative_details",
      "contract_details",
      "emergency_contact_details",
    ])
      expect(row!.item).not.toHaveProperty(section);

    const [fresh] = await getReadModelFreshness(s.db, { kind: "company", environment: "sandbox", companyId: COMPANY_A.id });
    expect(fresh).toMatchObject({ state: "fresh", syncing: false });
    // Company B's rows were not touched by A's sync.
    expect(
      (
        await listReadModelEmployments(
          s.db,
          { kind: "company", environment: "sandbox", companyId: COMPANY_B.id },
          { page: 1, page_size: 5 },
        )
      ).total_count,
    ).toBe(0);
  });

  it("onboarding progress is read for employments still onboarding", async () => {
    const rows = await s.db
      .select({
        status: readmodelEmployments.status,
        completed: readmodelEmployments.onboardingCompleted,
        total: readmodelEmployments.onboardingTotal,
      })
      .from(readmodelEmployments)
      .where(eq(readmodelEmployments.companyId, COMPANY_A.id));
    const onboarding = rows.filter((r) => ["created", "invited", "initiated", "pending", "review"].includes(r.status));
    if (onboarding.length === 0) return; // demo data without onboarding employments: nothing to read
    expect(onboarding.some((r) => r.total !== null && r.total > 0)).toBe(true);
  });

  it("rows the API no longer lists are deleted by the next full re-read", async () => {
    const stale = {
      ...(await s.db.select().from(readmodelEmployments).where(eq(readmodelEmployments.companyId, COMPANY_A.id)).limit(1))[0]!,
    };
    await s.db
      .insert(readmodelEmployments)
      .values({ ...stale, employmentId: "gone-from-the-api", syncRun: "old", syncedAt: new Date(Date.now() - 60_000) });
    await syncCompany(deps, refOf(COMPANY_A));
    const gone = await s.db.select().from(readmodelEmployments).where(eq(readmodelEmployments.employmentId, "gone-from-the-api"));
    expect(gone).toEqual([]);
  });

  it("a 429 makes the company behind with the reason and Retry-After, pausing its budget for every instance", async () => {
    const original = s.deps.fetch;
    const limited = {
      ...s.deps,
      fetch: (async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.pathname === "/v1/employments")
          return new Response(JSON.stringify({ message: "Too many requests" }), {
            status: 429,
            headers: { "retry-after": "42", "content-type": "application/json" },
          });
        return original(input, init);
      }) as typeof fetch,
    };
    const budget = createRequestBudget(s.db);
    const limitedDeps: SyncDeps = { ...deps, clientFor: createSyncClientFactory(limited, { budget }) };
    const before = Date.now();
    const error = await syncCompany(limitedDeps, refOf(COMPANY_B)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BehindError);
    const [state] = await s.db.select().from(readmodelSyncState).where(eq(readmodelSyncState.companyId, COMPANY_B.id));
    expect(state).toMatchObject({ behindReason: "rate limited by the API (429)", syncingSince: null });
    expect(state!.retryAt!.getTime()).toBeGreaterThanOrEqual(before + 41_000);
    // The company's bucket is paused: another instance's sync of B waits instead of calling.
    const again = await budget.take([{ key: companyBudgetKey("sandbox", COMPANY_B.id), limit: { burst: 10, perMinute: 50 } }]);
    expect(again.ok).toBe(false);
    await s.db.execute(sql`DELETE FROM readmodel_budgets`);
  });

  it("an employment's re-read (after a webhook) updates its row, with its onboarding progress", async () => {
    const [row] = await s.db.select().from(readmodelEmployments).where(eq(readmodelEmployments.companyId, COMPANY_A.id)).limit(1);
    await s.db
      .update(readmodelEmployments)
      .set({ fullName: "stale name", onboardingTotal: null })
      .where(eq(readmodelEmployments.employmentId, row!.employmentId));
    await rereadEmployment(deps, refOf(COMPANY_A), row!.employmentId);
    const [after] = await s.db.select().from(readmodelEmployments).where(eq(readmodelEmployments.employmentId, row!.employmentId));
    expect(after!.fullName).toBe(row!.fullName);
    expect(after!.onboardingTotal).toBeGreaterThan(0);
  });

  it("an API error makes the company failing with the error, failures counted; the next success clears it", async () => {
    const original = s.deps.fetch;
    const broken = {
      ...s.deps,
      fetch: (async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.pathname === "/v1/employments") return Response.json({ message: "upstream exploded" }, { status: 500 });
        return original(input, init);
      }) as typeof fetch,
    };
    const brokenDeps: SyncDeps = { ...deps, clientFor: createSyncClientFactory(broken, { budget: createRequestBudget(s.db) }) };
    const state = async () => (await s.db.select().from(readmodelSyncState).where(eq(readmodelSyncState.companyId, COMPANY_A.id)))[0]!;
    await expect(syncCompany(brokenDeps, refOf(COMPANY_A))).rejects.toThrow();
    const first = await state();
    expect(first.failingError).toMatch(/^500: .*upstream exploded/);
    expect(first.consecutiveFailures).toBe(1);
    await expect(syncCompany(brokenDeps, refOf(COMPANY_A))).rejects.toThrow();
    const second = await state();
    expect(second.consecutiveFailures).toBe(2);
    expect(second.failingSince).toEqual(first.failingSince);
    const [freshness] = await getReadModelFreshness(s.db, { kind: "company", environment: "sandbox", companyId: COMPANY_A.id });
    expect(freshness).toMatchObject({ state: "failing", error: first.failingError });
    await syncCompany(deps, refOf(COMPANY_A));
    expect(await state()).toMatchObject({ failingError: null, failingSince: null, consecutiveFailures: 0, syncingSince: null });
  });

  it("withdrawn consent leaves no row of that company, and a later sync writes none", async () => {
    await syncCompany(deps, refOf(COMPANY_B));
    const count = async (companyId: string) =>
      (
        await s.db
          .select({ n: sql<number>`count(*)::int` })
          .from(readmodelEmployments)
          .where(eq(readmodelEmployments.companyId, companyId))
      )[0]!.n;
    expect(await count(COMPANY_B.id)).toBeGreaterThan(0);
    await withdrawConsent(s.deps, {
      environment: "sandbox",
      companyId: COMPANY_B.id,
      operator: { id: s.operator.id, name: s.operator.name, email: s.operator.email },
    });
    expect(await count(COMPANY_B.id)).toBe(0);
    expect(await s.db.select().from(readmodelPendingItems).where(eq(readmodelPendingItems.companyId, COMPANY_B.id))).toEqual([]);
    expect(await s.db.select().from(readmodelSyncState).where(eq(readmodelSyncState.companyId, COMPANY_B.id))).toEqual([]);
    expect(await syncCompany(deps, refOf(COMPANY_B))).toEqual({ kind: "revoked" });
    expect(await count(COMPANY_B.id)).toBe(0);
    expect(await s.db.select().from(readmodelSyncState).where(eq(readmodelSyncState.companyId, COMPANY_B.id))).toEqual([]);
    expect(await count(COMPANY_A.id)).toBeGreaterThan(0);
  });
});
