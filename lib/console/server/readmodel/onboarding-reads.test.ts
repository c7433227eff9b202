import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Employment } from "@/lib/contract";
import { onboardingProgress } from "../../employments/onboarding";
import { readmodelEmployments } from "../db/schema";
import { handleConnectCallback, handleConnectStart } from "../partner/connect";
import { handleCreateConsentLink } from "../partner/routes";
import {
  COMPANY_A,
  consentThroughLink,
  CUSTOMER_TOKENS,
  PartnerBrowser,
  setupPartner,
  type PartnerSetup,
} from "@/test-support/console/partner";
import { createRequestBudget } from "./budget";
import { createSyncClientFactory } from "./sync-client";
import { syncCompany, type SyncDeps } from "./sync";

// What onboarding progress costs a full re-read: one show per employment still onboarding whose
// progress is not known, none for employments past onboarding, none again while the list shows the
// same status and lifecycle stage; a new status or stage makes it read again (onboarding) or drop
// it (past onboarding). The progress kept equals the show's.

const ONBOARDING = ["created", "initiated", "invited", "pending", "review", "job_title_review", "pending_post_self_enrollment_actions"];
const ref = { environment: "sandbox" as const, company: { id: COMPANY_A.id, name: COMPANY_A.name } };
const e = readmodelEmployments;

describe("onboarding progress in the full re-read", () => {
  let s: PartnerSetup;
  let deps: SyncDeps;

  const showCalls = () => s.calls.filter((c) => c.method === "GET" && /^\/v1\/employments\/[^/]+$/.test(c.url.pathname)).length;
  const rows = () =>
    s.db
      .select()
      .from(e)
      .where(and(eq(e.environment, "sandbox"), eq(e.companyId, COMPANY_A.id)));
  const show = async (id: string) => {
    const res = await s.gateways.sandbox.call("GET", `/v1/employments/${id}`, { token: CUSTOMER_TOKENS.acme });
    return ((await res.json()) as { data: { employment: Employment } }).data.employment;
  };

  beforeAll(async () => {
    s = await setupPartner();
    const operator = new PartnerBrowser(s);
    await operator.signInOperator();
    const res = await handleCreateConsentLink(s.deps, operator.request("/api/partner/consent-links", { method: "POST" }));
    const link = ((await res.json()) as { data: { url: string } }).data.url;
    await consentThroughLink(
      s,
      operator,
      link,
      { email: COMPANY_A.owner },
      { start: (r) => handleConnectStart(s.deps, r), callback: (r) => handleConnectCallback(s.deps, r) },
    );
    deps = {
      db: s.db,
      // Budget out of the way: this is about how many calls, not how fast (budget.test.ts paces).
      clientFor: createSyncClientFactory(s.deps, {
        budget: createRequestBudget(s.db),
        limits: { client: { burst: 10_000, perMinute: 10_000 }, company: { burst: 10_000, perMinute: 10_000 } },
      }),
      intervalMs: 15 * 60_000,
      onboardingReadsPerSync: 100,
    };
  }, 120_000);

  it("reads each onboarding employment once, and the progress kept is the show's", async () => {
    const before = showCalls();
    await syncCompany(deps, ref);
    const all = await rows();
    const onboarding = all.filter((r) => ONBOARDING.includes(r.status));
    expect(onboarding.length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(onboarding.length);
    expect(showCalls() - before).toBe(onboarding.length);
    for (const row of onboarding) {
      const progress = onboardingProgress(await show(row.employmentId));
      expect({ id: row.employmentId, completed: row.onboardingCompleted, total: row.onboardingTotal }).toEqual({
        id: row.employmentId,
        completed: progress.completed,
        total: progress.total,
      });
    }
    for (const row of all.filter((r) => !ONBOARDING.includes(r.status))) expect(row.onboardingTotal).toBeNull();

    // Nothing changed at the API: the next full re-read makes no show call.
    const again = showCalls();
    await syncCompany(deps, ref);
    expect(showCalls() - again).toBe(0);
    expect((await rows()).filter((r) => r.onboardingTotal !== null)).toHaveLength(onboarding.length);
  });

  it("a new status or lifecycle stage in the list reads the progress again while onboarding, and drops it after", async () => {
    const all = await rows();
    const onboarding = all.find((r) => ONBOARDING.includes(r.status))!;
    const active = all.find((r) => r.status === "active")!;
    const unchanged = all.find((r) => ONBOARDING.includes(r.status) && r.employmentId !== onboarding.employmentId);
    // The rows as an older re-read left them: another status or stage, and a progress that is stale.
    await s.db
      .update(e)
      .set({ lifecycleStage: "contract_signing", onboardingCompleted: 0, onboardingTotal: 1 })
      .where(eq(e.employmentId, onboarding.employmentId));
    await s.db
      .update(e)
      .set({ status: "invited", onboardingCompleted: 2, onboardingTotal: 9 })
      .where(eq(e.employmentId, active.employmentId));
    const before = showCalls();
    await syncCompany(deps, ref);
    expect(showCalls() - before).toBe(1);
    const after = await s.db
      .select()
      .from(e)
      .where(inArray(e.employmentId, [onboarding.employmentId, active.employmentId, ...(unchanged ? [unchanged.employmentId] : [])]));
    const byId = new Map(after.map((r) => [r.employmentId, r]));
    const progress = onboardingProgress(await show(onboarding.employmentId));
    expect(byId.get(onboarding.employmentId)).toMatchObject({ onboardingCompleted: progress.completed, onboardingTotal: progress.total });
    expect(byId.get(active.employmentId)).toMatchObject({ status: "active", onboardingCompleted: null, onboardingTotal: null });
    if (unchanged)
      expect(byId.get(unchanged.employmentId)).toMatchObject({
        onboardingCompleted: unchanged.onboardingCompleted,
        onboardingTotal: unchanged.onboardingTotal,
      });
  });
});
