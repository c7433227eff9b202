import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { partnerGrants } from "../db/schema";
import { listEmployments } from "../employments/api";
import { handleConnectCallback, handleConnectStart } from "../partner/connect";
import { handleCreateConsentLink } from "../partner/routes";
import { COMPANY_A, consentThroughLink, PartnerBrowser, setupPartner, type PartnerSetup } from "@/test-support/console/partner";
import { clientBudgetKey, createRequestBudget, type BudgetLimits } from "./budget";
import { createSyncClientFactory } from "./sync-client";

// The sync's token-endpoint calls are paid for too: a refresh of the grant's access token takes one
// request from the client id's budget before the token endpoint is called, as an API call does.

const LIMITS: BudgetLimits = { client: { burst: 50, perMinute: 1 }, company: { burst: 50, perMinute: 1 } };
const ref = { environment: "sandbox" as const, company: { id: COMPANY_A.id, name: COMPANY_A.name } };

describe("the sync's API client", () => {
  let s: PartnerSetup;

  beforeAll(async () => {
    s = await setupPartner();
    const operator = new PartnerBrowser(s);
    await operator.signInOperator();
    const res = await handleCreateConsentLink(s.deps, operator.request("/api/partner/consent-links", { method: "POST" }));
    await consentThroughLink(
      s,
      operator,
      ((await res.json()) as { data: { url: string } }).data.url,
      { email: COMPANY_A.owner },
      { start: (r) => handleConnectStart(s.deps, r), callback: (r) => handleConnectCallback(s.deps, r) },
    );
  }, 120_000);

  it("token-endpoint calls of the sync are counted against the client id's budget", async () => {
    const [grant] = await s.db.select().from(partnerGrants).where(eq(partnerGrants.companyId, COMPANY_A.id));
    const key = clientBudgetKey("sandbox", grant!.clientId);
    const tokens = async () =>
      Number(
        ((await s.db.execute(sql`SELECT tokens FROM readmodel_budgets WHERE key = ${key}`)) as unknown as { rows: { tokens: number }[] })
          .rows[0]?.tokens ?? LIMITS.client.burst,
      );
    const clientFor = createSyncClientFactory(s.deps, { budget: createRequestBudget(s.db), limits: LIMITS });

    // A fresh token: one API call, one request from the budget.
    let before = await tokens();
    await listEmployments(await clientFor(ref), { page: 1, page_size: 1 });
    expect(before - (await tokens())).toBeCloseTo(1, 0);

    // An expired token: the refresh and the call, two requests.
    await s.db
      .update(partnerGrants)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(partnerGrants.id, grant!.id));
    const refreshes = s.tokenCalls("refresh_token");
    before = await tokens();
    await listEmployments(await clientFor(ref), { page: 1, page_size: 1 });
    expect(s.tokenCalls("refresh_token") - refreshes).toBe(1);
    expect(before - (await tokens())).toBeCloseTo(2, 0);
  });
});
