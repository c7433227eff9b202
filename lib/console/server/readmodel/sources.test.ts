import { and, eq, isNull } from "drizzle-orm";
import { customerTokens } from "@/lib/gateway/db/schema";
import { demoUserId } from "@/lib/gateway/seed";
import { makeCustomerToken } from "@/test-support/gateway/factories";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { handleSignOut } from "../auth/session-routes";
import { getSessionFromCookies } from "../session";
import { readmodelCallbacks, readmodelCallbacksRetired, readmodelEmployments, readmodelSyncState } from "../db/schema";
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
import { createRequestBudget } from "./budget";
import type { SyncJobData } from "./jobs";
import { listReadModelEmployments } from "./query";
import { forgetCompaniesWithoutSource, sourceOf } from "./sources";
import { createSyncClientFactory } from "./sync-client";
import { syncCompany, type SyncDeps } from "./sync";
import { prepareCompanyCallbacks } from "./webhooks";

// Company admins as sources of the read model (docs/decisions/console-readmodel-sources.md): a
// company admin's sign-in makes the company a source (its sync is queued, read with the admin's own
// token, the console's callback registered with it); the source ends with the sign-out of the last
// admin (callback deleted at the API, rows deleted) or when the API refuses the admin's token (the
// scheduler's sweep deletes the rows), unless a partner grant or another admin still covers it.

const RUNTIME_KEY = Symbol.for("roster.console.readmodel");
const refOf = (company: typeof COMPANY_A | typeof COMPANY_B) => ({
  environment: "sandbox" as const,
  company: { id: company.id, name: company.name },
});

describe("company admins as read-model sources", () => {
  let s: PartnerSetup;
  let deps: SyncDeps;
  const enqueued: SyncJobData[] = [];
  let previousRuntime: unknown;

  const rowsOf = async (companyId: string) => ({
    employments: (
      await s.db
        .select({ id: readmodelEmployments.employmentId })
        .from(readmodelEmployments)
        .where(eq(readmodelEmployments.companyId, companyId))
    ).length,
    state: (await s.db.select().from(readmodelSyncState).where(eq(readmodelSyncState.companyId, companyId))).length,
    callbacks: (await s.db.select().from(readmodelCallbacks).where(eq(readmodelCallbacks.companyId, companyId))).length,
  });

  /** The console's callbacks for a company, as the API lists them to the company's own token. */
  async function consoleCallbacksAtApi(companyId: string, token: string): Promise<string[]> {
    const res = await s.gateways.sandbox.call("GET", `/v1/companies/${companyId}/webhook-callbacks`, { token });
    const { data } = (await res.json()) as { data: { url: string }[] };
    return data.map((c) => c.url).filter((url) => url.includes("/api/webhooks/sandbox/"));
  }

  /** The console's record of callbacks gone from the read model but maybe still at the API. */
  const retiredOf = (companyId: string) =>
    s.db
      .select({
        url: readmodelCallbacksRetired.url,
        reason: readmodelCallbacksRetired.reason,
        attempts: readmodelCallbacksRetired.attempts,
      })
      .from(readmodelCallbacksRetired)
      .where(eq(readmodelCallbacksRetired.companyId, companyId));
  const callbackUrlOf = async (companyId: string) =>
    (await s.db.select({ url: readmodelCallbacks.url }).from(readmodelCallbacks).where(eq(readmodelCallbacks.companyId, companyId)))[0]
      ?.url;
  const callbackDeps = () => ({ db: s.db, cipher: s.deps.cipher, consoleUrl: s.deps.config.consoleUrl });

  async function signOut(browser: PartnerBrowser) {
    const res = await handleSignOut(s.deps, browser.request("/api/session", { method: "DELETE" }));
    expect(res.status).toBe(200);
  }

  async function readAndRegister(company: typeof COMPANY_A | typeof COMPANY_B) {
    const outcome = await syncCompany(deps, refOf(company));
    expect(outcome.kind).toBe("synced");
    // As the runtime does before each sync: retired callbacks deleted, the console's own registered.
    await prepareCompanyCallbacks(callbackDeps(), await deps.clientFor(refOf(company)), refOf(company));
  }

  beforeAll(async () => {
    s = await setupPartner();
    deps = { db: s.db, clientFor: createSyncClientFactory(s.deps, { budget: createRequestBudget(s.db) }), intervalMs: 15 * 60_000 };
    // This process's read model, as start-up would have armed it: here a queue that records.
    const g = globalThis as unknown as Record<symbol, unknown>;
    previousRuntime = g[RUNTIME_KEY];
    g[RUNTIME_KEY] = Promise.resolve({ enqueueSync: async (job: SyncJobData) => void enqueued.push(job) });
  }, 120_000);

  afterAll(() => {
    (globalThis as unknown as Record<symbol, unknown>)[RUNTIME_KEY] = previousRuntime;
  });

  it("an admin source is added on sign-in: its sync is queued, the company is read and its callback registered with the admin's token", async () => {
    expect(await sourceOf(s.db, { environment: "sandbox", companyId: COMPANY_B.id })).toBeNull();
    const admin = new PartnerBrowser(s);
    expect((await admin.signInWithToken(CUSTOMER_TOKENS.globex)).error).toBeNull();
    await vi.waitFor(() => expect(enqueued).toContainEqual(expect.objectContaining({ companyId: COMPANY_B.id, reason: "signed_in" })));
    expect(await sourceOf(s.db, { environment: "sandbox", companyId: COMPANY_B.id })).toMatchObject({ kind: "admin", clientId: null });

    await readAndRegister(COMPANY_B);
    const held = await rowsOf(COMPANY_B.id);
    expect(held.employments).toBeGreaterThan(0);
    expect(held).toMatchObject({ state: 1, callbacks: 1 });
    expect(await consoleCallbacksAtApi(COMPANY_B.id, CUSTOMER_TOKENS.globex)).toHaveLength(1);
    // Company scope rows: the admin's own list has them; the partner, with no grant for B, sees none.
    const own = await listReadModelEmployments(
      s.db,
      { kind: "company", environment: "sandbox", companyId: COMPANY_B.id },
      { page: 1, page_size: 500 },
    );
    expect(own.total_count).toBe(held.employments);
    const partner = await listReadModelEmployments(s.db, { kind: "partner", environment: "sandbox" }, { page: 1, page_size: 500 });
    expect(partner.employments.filter((e) => e.company.id === COMPANY_B.id)).toEqual([]);

    // Removed at its end: the last admin signs out; the callback goes at the API and every row here.
    await signOut(admin);
    expect(await rowsOf(COMPANY_B.id)).toEqual({ employments: 0, state: 0, callbacks: 0 });
    expect(await consoleCallbacksAtApi(COMPANY_B.id, CUSTOMER_TOKENS.globex)).toEqual([]);
    expect(await retiredOf(COMPANY_B.id)).toEqual([]);
    // A sync still queued for it writes nothing.
    expect(await syncCompany(deps, refOf(COMPANY_B))).toEqual({ kind: "revoked" });
    expect(await rowsOf(COMPANY_B.id)).toEqual({ employments: 0, state: 0, callbacks: 0 });
  });

  it("an admin source ends when the API refuses the admin's token: the scheduler's sweep deletes the company's rows", async () => {
    const admin = new PartnerBrowser(s);
    expect((await admin.signInWithToken(CUSTOMER_TOKENS.globex)).error).toBeNull();
    await readAndRegister(COMPANY_B);
    expect((await rowsOf(COMPANY_B.id)).employments).toBeGreaterThan(0);
    expect(await forgetCompaniesWithoutSource(s.db)).toEqual([]);

    const session = await getSessionFromCookies(s.deps, Object.fromEntries(admin.cookies));
    const connection = await s.deps.store.getConnection(session!.id, "sandbox");
    await s.deps.store.markDead(connection!.id, "token rejected");
    expect(await forgetCompaniesWithoutSource(s.db)).toEqual([{ environment: "sandbox", companyId: COMPANY_B.id }]);
    expect(await rowsOf(COMPANY_B.id)).toEqual({ employments: 0, state: 0, callbacks: 0 });
  });

  it("a sign-out keeps the rows while another admin or a partner grant still covers the company", async () => {
    const first = new PartnerBrowser(s);
    const second = new PartnerBrowser(s);
    expect((await first.signInWithToken(CUSTOMER_TOKENS.acme)).error).toBeNull();
    expect((await second.signInWithToken(CUSTOMER_TOKENS.acme)).error).toBeNull();
    await readAndRegister(COMPANY_A);
    const before = await rowsOf(COMPANY_A.id);
    expect(before.employments).toBeGreaterThan(0);

    await signOut(first);
    expect(await rowsOf(COMPANY_A.id)).toEqual(before);
    expect(await consoleCallbacksAtApi(COMPANY_A.id, CUSTOMER_TOKENS.acme)).toHaveLength(1);

    // The partner connects A; then the last admin signs out: the grant still covers A.
    const operator = new PartnerBrowser(s);
    expect((await operator.signInOperator()).error).toBeNull();
    const link = await handleCreateConsentLink(s.deps, operator.request("/api/partner/consent-links", { method: "POST" }));
    await consentThroughLink(
      s,
      operator,
      ((await link.json()) as { data: { url: string } }).data.url,
      { email: COMPANY_A.owner },
      { start: (r) => handleConnectStart(s.deps, r), callback: (r) => handleConnectCallback(s.deps, r) },
    );
    expect(await sourceOf(s.db, { environment: "sandbox", companyId: COMPANY_A.id })).toMatchObject({ kind: "grant" });
    await signOut(second);
    expect(await rowsOf(COMPANY_A.id)).toEqual(before);
    expect(await forgetCompaniesWithoutSource(s.db)).toEqual([]);
  });

  it("a callback whose admin source ended with a refused token stays recorded, and goes at the API with the next working token", async () => {
    const admin = new PartnerBrowser(s);
    expect((await admin.signInWithToken(CUSTOMER_TOKENS.globex)).error).toBeNull();
    await readAndRegister(COMPANY_B);
    const registered = (await callbackUrlOf(COMPANY_B.id))!;
    expect(await consoleCallbacksAtApi(COMPANY_B.id, CUSTOMER_TOKENS.globex)).toEqual([registered]);

    // The API refuses the admin's token: no working token is left, the sweep forgets the company.
    const session = await getSessionFromCookies(s.deps, Object.fromEntries(admin.cookies));
    await s.deps.store.markDead((await s.deps.store.getConnection(session!.id, "sandbox"))!.id, "token rejected");
    expect(await forgetCompaniesWithoutSource(s.db)).toEqual([{ environment: "sandbox", companyId: COMPANY_B.id }]);
    expect(await rowsOf(COMPANY_B.id)).toEqual({ employments: 0, state: 0, callbacks: 0 });
    // Still registered at the API (nothing could delete it), and the console says so.
    expect(await consoleCallbacksAtApi(COMPANY_B.id, CUSTOMER_TOKENS.globex)).toEqual([registered]);
    expect(await retiredOf(COMPANY_B.id)).toEqual([
      { url: registered, reason: expect.stringContaining("not yet deleted at the API") as unknown, attempts: 0 },
    ]);

    // The next working token for the company (an admin signs in; its first sync) deletes it and registers anew.
    const next = new PartnerBrowser(s);
    expect((await next.signInWithToken(CUSTOMER_TOKENS.globex)).error).toBeNull();
    await prepareCompanyCallbacks(callbackDeps(), await deps.clientFor(refOf(COMPANY_B)), refOf(COMPANY_B));
    const fresh = (await callbackUrlOf(COMPANY_B.id))!;
    expect(fresh).not.toBe(registered);
    expect(await consoleCallbacksAtApi(COMPANY_B.id, CUSTOMER_TOKENS.globex)).toEqual([fresh]);
    expect(await retiredOf(COMPANY_B.id)).toEqual([]);

    await signOut(next);
    expect(await consoleCallbacksAtApi(COMPANY_B.id, CUSTOMER_TOKENS.globex)).toEqual([]);
    expect(await retiredOf(COMPANY_B.id)).toEqual([]);
  });

  it("a sign-out whose token the API already refuses records the API's refusal; the next working token deletes the callback", async () => {
    const gatewayDb = s.gateways.sandbox.deps.db;
    const token = await makeCustomerToken(gatewayDb, "sandbox", {
      id: demoUserId("sandbox", COMPANY_B.key, "owner"),
      companyId: COMPANY_B.id,
    });
    const admin = new PartnerBrowser(s);
    expect((await admin.signInWithToken(token)).error).toBeNull();
    await readAndRegister(COMPANY_B);
    const registered = (await callbackUrlOf(COMPANY_B.id))!;

    // Revoked at the API while the console still holds it as active: the deletion at sign-out is refused.
    await gatewayDb
      .update(customerTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(customerTokens.companyId, COMPANY_B.id), isNull(customerTokens.revokedAt), eq(customerTokens.name, "test")));
    await signOut(admin);
    expect(await rowsOf(COMPANY_B.id)).toEqual({ employments: 0, state: 0, callbacks: 0 });
    expect(await consoleCallbacksAtApi(COMPANY_B.id, CUSTOMER_TOKENS.globex)).toEqual([registered]);
    const [record] = await retiredOf(COMPANY_B.id);
    expect(record).toMatchObject({ url: registered, attempts: 1 });
    expect(record!.reason).toMatch(/^the API refused the deletion \(HTTP 401/);
    expect(record!.reason).not.toContain(token);

    const next = new PartnerBrowser(s);
    expect((await next.signInWithToken(CUSTOMER_TOKENS.globex)).error).toBeNull();
    await prepareCompanyCallbacks(callbackDeps(), await deps.clientFor(refOf(COMPANY_B)), refOf(COMPANY_B));
    expect(await retiredOf(COMPANY_B.id)).toEqual([]);
    expect(await consoleCallbacksAtApi(COMPANY_B.id, CUSTOMER_TOKENS.globex)).toEqual([await callbackUrlOf(COMPANY_B.id)]);
    await signOut(next);
    expect(await consoleCallbacksAtApi(COMPANY_B.id, CUSTOMER_TOKENS.globex)).toEqual([]);
  });
});
