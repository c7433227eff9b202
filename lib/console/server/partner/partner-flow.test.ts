import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { consoleAuditLog, consoleOperators, partnerGrants } from "../db/schema";
import { handleSignOut } from "../auth/session-routes";
import { getSessionApi } from "../session";
import { countEmploymentsByCompany, listEmploymentsAcrossCompanies, liveGrants } from "../partner/aggregate";
import { listAudit } from "../partner/audit";
import { CONSENT_GONE_REASON, loadPartnerCompanies } from "../partner/companies";
import { handleConnectCallback, handleConnectStart } from "../partner/connect";
import { ensureOperator } from "../partner/operators";
import { handleCreateConsentLink, handleOpenCompany, handleSwitchCompany, handleWithdrawConsent } from "../partner/routes";
import {
  CLIENT,
  COMPANY_A,
  COMPANY_B,
  consentThroughLink,
  CUSTOMER_TOKENS,
  OPERATOR,
  PartnerBrowser,
  setupPartner,
  type PartnerSetup,
} from "@/test-support/console/partner";
import { createDepartment } from "@/lib/console/server/departments/api";
import { getCurrentIdentity } from "@/lib/console/server/identity/api";

// The partner view end to end against the in-process API (demo data): an operator signs in, connects
// two companies through consent links (each company's owner consenting at the API's pages), sees
// them reconciled with GET /v1/companies, lists employments across them, acts for one, withdraws the
// other; company admins reach none of it.

const actorOf = (s: PartnerSetup) => ({ kind: "operator" as const, id: s.operator.id, name: s.operator.name, email: s.operator.email });

describe("the partner view", () => {
  let s: PartnerSetup;
  let operator: PartnerBrowser;
  const handlers = () => ({
    start: (r: Request) => handleConnectStart(s.deps, r),
    callback: (r: Request) => handleConnectCallback(s.deps, r),
  });

  async function newLink(browser: PartnerBrowser): Promise<string> {
    const res = await handleCreateConsentLink(s.deps, browser.request("/api/partner/consent-links", { method: "POST" }));
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { url: string } }).data.url;
  }

  /** What the API itself returns for a company (its owner's Customer API token), all pages. */
  async function apiEmployments(token: string, query = ""): Promise<string[]> {
    const out: string[] = [];
    for (let page = 1; ; page++) {
      const res = await s.gateways.sandbox.call("GET", `/v1/employments?page=${page}&page_size=100${query}`, { token });
      const body = (await res.json()) as { data: { employments: { id: string }[]; total_pages: number } };
      out.push(...body.data.employments.map((e) => e.id));
      if (page >= body.data.total_pages) return out;
    }
  }

  beforeAll(async () => {
    s = await setupPartner();
    operator = new PartnerBrowser(s);
  }, 120_000);

  it("operators sign in with the console's own account (argon2, locked after 10 failures); company credentials do not work there", async () => {
    const wrong = await new PartnerBrowser(s).signInOperator(OPERATOR.email, "not the password");
    expect(wrong.error).toBe("OperatorInvalid");
    const companyUser = await new PartnerBrowser(s).signInOperator("owner@acme.example", "partner-test-demo-password");
    expect(companyUser.error).toBe("OperatorInvalid");

    const ok = await operator.signInOperator();
    expect(ok.error).toBeNull();
    expect(ok.url.pathname).toBe("/partner");
    const session = (await (await operator.auth("session")).json()) as Record<string, unknown>;
    expect(session).toMatchObject({
      kind: "operator",
      environment: "sandbox",
      environments: ["sandbox", "production"],
      user: { email: OPERATOR.email },
      company: null,
    });
    expect(JSON.stringify(session)).not.toMatch(/operatorId|password|hash/i);

    // Ten failures lock the email for 15 minutes, even with the right password afterwards.
    await ensureOperator(s.db, { email: "second.operator@partner.example", name: "Second", password: "second operator password" });
    const locked = new PartnerBrowser(s);
    for (let i = 0; i < 10; i++)
      expect((await locked.signInOperator("second.operator@partner.example", "wrong")).error).toBe("OperatorInvalid");
    expect((await locked.signInOperator("second.operator@partner.example", "second operator password")).error).toBe("OperatorLocked");
    // The stored password is an argon2id hash.
    const [row] = await s.db.select().from(consoleOperators).where(eq(consoleOperators.email, OPERATOR.email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(OPERATOR.password);
  });

  it("connects two companies through consent links: each admin consents at the API, the grant is stored encrypted for the partner", async () => {
    for (const company of [COMPANY_A, COMPANY_B]) {
      const link = await newLink(operator);
      expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/connect\/[\w-]{43}$/);
      const done = await consentThroughLink(s, operator, link, { email: company.owner }, handlers());
      expect(done.status).toBe(303);
      expect(done.headers.get("location")).toBe(`${new URL(link).pathname}?result=connected`);
      const grant = await s.deps.grants.getGrant("sandbox", company.id);
      expect(grant).toMatchObject({
        status: "active",
        company: { id: company.id, name: company.name },
        consentedBy: { email: company.owner },
      });
      expect(grant?.connectedByOperatorId).toBe(s.operator.id);

      // A used link cannot start again, and the state cannot be replayed.
      const again = await handleConnectStart(
        s.deps,
        operator.request(`/api/partner/connect/start?link=${new URL(link).pathname.split("/").pop()}`),
      );
      expect(again.headers.get("location")).toBe(new URL(link).pathname);
    }
    const rows = await s.db.select().from(partnerGrants);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      // Only ciphertexts, bound to their row: nothing readable, nothing that opens elsewhere.
      expect(row.accessTokenEnc).toMatch(/^v1\./);
      expect(row.refreshTokenEnc).toMatch(/^v1\./);
      expect(() =>
        s.deps.cipher.open(row.refreshTokenEnc!, `partner_grants:${rows.find((r) => r.id !== row.id)!.id}:refresh_token`),
      ).toThrow();
      expect(s.deps.cipher.open(row.refreshTokenEnc!, `partner_grants:${row.id}:refresh_token`)).toMatch(/\S{20,}/);
    }
    expect(s.logLines.join("\n")).not.toMatch(/ra_test_|refresh_token":"|access_token":"/);
  });

  it("a declined consent or a forged state stores nothing", async () => {
    const link = await newLink(operator);
    const denied = await consentThroughLink(s, operator, link, { email: "owner@initech.example", decision: "deny" }, handlers());
    expect(denied.headers.get("location")).toBe(`${new URL(link).pathname}?result=denied`);
    const forged = await handleConnectCallback(s.deps, operator.request("/api/partner/connect/callback?code=abc&state=forged"));
    expect(forged.headers.get("location")).toBe("/connect/invalid?reason=state");
    expect((await s.deps.grants.listGrants("sandbox")).map((g) => g.company.name)).toEqual([COMPANY_A.name, COMPANY_B.name]);
  });

  it("GET /v1/companies (client credentials) lists both; the console reconciles with it", async () => {
    const companies = await loadPartnerCompanies(s.deps, "sandbox");
    expect(companies.reconcileError).toBeNull();
    expect(companies.grants.map((g) => [g.company.name, g.status])).toEqual([
      [COMPANY_A.name, "active"],
      [COMPANY_B.name, "active"],
    ]);
    expect(companies.unconnected).toEqual([]);
    expect(s.tokenCalls("client_credentials")).toBe(1);
    // The partner token is cached: a second load asks for no new one.
    await loadPartnerCompanies(s.deps, "sandbox");
    expect(s.tokenCalls("client_credentials")).toBe(1);
    // Production is another world: nothing connected there.
    expect((await loadPartnerCompanies(s.deps, "production")).grants).toEqual([]);
  });

  it("lists employments across companies: the concatenation of each company's own list, every page, with filters", async () => {
    const grants = liveGrants(await s.deps.grants.listGrants("sandbox"));
    const expected = [...(await apiEmployments(CUSTOMER_TOKENS.acme)), ...(await apiEmployments(CUSTOMER_TOKENS.globex))];
    expect(expected.length).toBeGreaterThan(40);
    for (const size of [7, 20, 100]) {
      const seen: string[] = [];
      const companies: string[] = [];
      for (let page = 1; ; page++) {
        const r = await listEmploymentsAcrossCompanies(s.deps, {
          environment: "sandbox",
          grants,
          actor: actorOf(s),
          query: { page, page_size: size },
        });
        expect(r.failures).toEqual([]);
        expect(r.total_count).toBe(expected.length);
        expect(r.employments.length).toBe(Math.min(size, expected.length - (page - 1) * size));
        seen.push(...r.employments.map((e) => e.id));
        companies.push(...r.employments.map((e) => e.company.name));
        if (page >= r.total_pages) break;
      }
      expect(seen).toEqual(expected);
      // The company column: A's rows, then B's.
      expect(companies.indexOf(COMPANY_B.name)).toBe(expected.length - (await apiEmployments(CUSTOMER_TOKENS.globex)).length);
    }
    const onlyB = await listEmploymentsAcrossCompanies(s.deps, {
      environment: "sandbox",
      grants: grants.filter((g) => g.company.id === COMPANY_B.id),
      actor: actorOf(s),
      query: { page: 1, page_size: 100 },
    });
    expect(onlyB.employments.map((e) => e.id)).toEqual(await apiEmployments(CUSTOMER_TOKENS.globex));
    expect(new Set(onlyB.employments.map((e) => e.company.id))).toEqual(new Set([COMPANY_B.id]));
    const active = await listEmploymentsAcrossCompanies(s.deps, {
      environment: "sandbox",
      grants,
      actor: actorOf(s),
      query: { page: 1, page_size: 100, status: ["active", "invited"] },
    });
    expect(active.employments.map((e) => e.id)).toEqual([
      ...(await apiEmployments(CUSTOMER_TOKENS.acme, "&status=active,invited")),
      ...(await apiEmployments(CUSTOMER_TOKENS.globex, "&status=active,invited")),
    ]);
    expect(active.employments.every((e) => e.status === "active" || e.status === "invited")).toBe(true);
  });

  it("counts employments per company and status, as the API does", async () => {
    const grants = liveGrants(await s.deps.grants.listGrants("sandbox"));
    const counts = await countEmploymentsByCompany(s.deps, { environment: "sandbox", grants, actor: actorOf(s) });
    for (const [company, token] of [
      [COMPANY_A, CUSTOMER_TOKENS.acme],
      [COMPANY_B, CUSTOMER_TOKENS.globex],
    ] as const) {
      const c = counts.find((x) => x.company.id === company.id)!;
      expect(c.error).toBeNull();
      expect(c.total).toBe((await apiEmployments(token)).length);
      expect(c.byStatus.active).toBe((await apiEmployments(token, "&status=active")).length);
      expect(Object.values(c.byStatus).reduce((a, b) => a + (b ?? 0), 0)).toBe(c.total);
    }
  });

  it("a company whose grant fails is reported on its own; the others are served (partial results)", async () => {
    // B's access token has expired and the token endpoint is down: B cannot be read, A can.
    await s.db
      .update(partnerGrants)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(partnerGrants.companyId, COMPANY_B.id));
    s.setTokenEndpointDown(true);
    try {
      const grants = liveGrants(await s.deps.grants.listGrants("sandbox"));
      const r = await listEmploymentsAcrossCompanies(s.deps, {
        environment: "sandbox",
        grants,
        actor: actorOf(s),
        query: { page: 1, page_size: 100 },
      });
      expect(r.failures.map((f) => f.company.name)).toEqual([COMPANY_B.name]);
      expect(r.failures[0]!.error.message).toMatch(/token endpoint is down/);
      expect(r.employments.map((e) => e.id)).toEqual(await apiEmployments(CUSTOMER_TOKENS.acme));
      expect(r.companies.map((c) => [c.company.name, c.total === null])).toEqual([
        [COMPANY_A.name, false],
        [COMPANY_B.name, true],
      ]);
      expect(await s.deps.grants.getGrant("sandbox", COMPANY_B.id)).toMatchObject({
        status: "refresh_failing",
        statusReason: expect.stringMatching(/refresh failed/) as unknown,
      });
    } finally {
      s.setTokenEndpointDown(false);
    }
    // The next call refreshes and the company is active again.
    const grantB = (await s.deps.grants.getGrant("sandbox", COMPANY_B.id))!;
    const before = s.tokenCalls("refresh_token");
    await listEmploymentsAcrossCompanies(s.deps, {
      environment: "sandbox",
      grants: [grantB],
      actor: actorOf(s),
      query: { page: 1, page_size: 5 },
    });
    expect(s.tokenCalls("refresh_token")).toBe(before + 1);
    expect(await s.deps.grants.getGrant("sandbox", COMPANY_B.id)).toMatchObject({ status: "active", statusReason: null });
  });

  it("acts for one company through the switcher: its pages use that company's grant, mutations are audited", async () => {
    const switched = await handleSwitchCompany(
      s.deps,
      operator.request("/api/session/company", { method: "POST", json: { companyId: COMPANY_A.id } }),
    );
    expect(switched.status).toBe(200);
    expect(((await switched.json()) as { data: { company: unknown } }).data.company).toEqual({ id: COMPANY_A.id, name: COMPANY_A.name });
    const sid = (await s.db.query.consoleSessions.findFirst())!.id;
    const session = (await s.deps.store.getSession(sid))!;
    const api = await getSessionApi(s.deps, session);
    const identity = await getCurrentIdentity(api);
    expect(identity.company?.id).toBe(COMPANY_A.id);
    const created = await createDepartment(api, `Partner desk ${Date.now()}`);
    const [entry] = (await listAudit(s.db, { environment: "sandbox", companyId: COMPANY_A.id, page: 1, pageSize: 10 })).entries;
    expect(entry).toMatchObject({
      company: { id: COMPANY_A.id, name: COMPANY_A.name },
      actor: { kind: "operator", id: s.operator.id, email: OPERATOR.email },
      method: "POST",
      path: "v1/company-departments",
      status: 201,
      requestId: expect.stringMatching(/\S/) as unknown,
    });
    expect(created.company_id).toBe(COMPANY_A.id);
    // Reads are not audited; the grant's last successful call is recorded.
    expect((await s.db.select().from(consoleAuditLog).where(eq(consoleAuditLog.method, "GET"))).length).toBe(0);
    expect((await s.deps.grants.getGrant("sandbox", COMPANY_A.id))?.lastSuccessAt).toBeInstanceOf(Date);

    // Links of the partner view switch too, but never from another site or a prefetch.
    const cross = await handleOpenCompany(
      s.deps,
      operator.request(`/partner/open?company=${COMPANY_B.id}&next=/employments`, { headers: { "sec-fetch-site": "cross-site" } }),
    );
    expect(cross.headers.get("location")).toBe("http://127.0.0.1:3000/partner");
    const prefetch = await handleOpenCompany(
      s.deps,
      operator.request(`/partner/open?company=${COMPANY_B.id}`, { headers: { "next-router-prefetch": "1" } }),
    );
    expect(prefetch.status).toBe(204);
    expect((await s.deps.store.getSession(sid))?.company?.id).toBe(COMPANY_A.id);
    const open = await handleOpenCompany(
      s.deps,
      operator.request(`/partner/open?company=${COMPANY_B.id}&next=%2Femployments%2Fx`, { headers: { "sec-fetch-site": "same-origin" } }),
    );
    expect(open.headers.get("location")).toBe("http://127.0.0.1:3000/employments/x");
    expect((await s.deps.store.getSession(sid))?.company?.id).toBe(COMPANY_B.id);
    const offsite = await handleOpenCompany(s.deps, operator.request(`/partner/open?company=${COMPANY_A.id}&next=//evil.example/`));
    expect(offsite.headers.get("location")).toBe("http://127.0.0.1:3000/employments");
  });

  it("a company admin of A signing out of the console does not revoke the partner's consent of A (same client)", async () => {
    const admin = new PartnerBrowser(s);
    const signedIn = await admin.signInWithOAuth(COMPANY_A.owner);
    expect(signedIn.status).toBe(302);
    expect(((await (await admin.auth("session")).json()) as { kind: string }).kind).toBe("oauth");
    const out = await handleSignOut(s.deps, admin.request("/api/session", { method: "DELETE" }));
    expect(out.status).toBe(200);
    // No revocation was sent, and the partner's grant of A still acts.
    expect(s.calls.filter((c) => c.url.pathname === "/auth/oauth2/revoke")).toEqual([]);
    const grant = (await s.deps.grants.getGrant("sandbox", COMPANY_A.id))!;
    const token = await s.deps.grants.getAccessToken(grant.id);
    expect((await s.gateways.sandbox.call("GET", "/v1/identity/current", { token })).status).toBe(201);
  });

  it("company admins never reach the partner routes, nor another company", async () => {
    const admin = new PartnerBrowser(s);
    expect((await admin.signInWithToken(CUSTOMER_TOKENS.acme)).error).toBeNull();
    expect((await handleCreateConsentLink(s.deps, admin.request("/api/partner/consent-links", { method: "POST" }))).status).toBe(404);
    expect(
      (
        await handleWithdrawConsent(
          s.deps,
          admin.request(`/api/partner/companies/${COMPANY_B.id}/withdraw`, { method: "POST" }),
          COMPANY_B.id,
        )
      ).status,
    ).toBe(404);
    expect(
      (await handleSwitchCompany(s.deps, admin.request("/api/session/company", { method: "POST", json: { companyId: COMPANY_B.id } })))
        .status,
    ).toBe(404);
    expect((await handleOpenCompany(s.deps, admin.request(`/partner/open?company=${COMPANY_B.id}`))).status).toBe(404);
    // Still Acme's admin, and the partner's grant of B untouched.
    const session = (await (await admin.auth("session")).json()) as { kind: string; company: { id: string } };
    expect(session).toMatchObject({ kind: "customer_token", company: { id: COMPANY_A.id } });
    expect((await s.deps.grants.getGrant("sandbox", COMPANY_B.id))?.status).toBe("active");
    // An operator cannot switch to a company that is not connected, nor forge a cross-site call.
    const unknown = await handleSwitchCompany(
      s.deps,
      operator.request("/api/session/company", { method: "POST", json: { companyId: "00000000-0000-4000-8000-000000000000" } }),
    );
    expect(unknown.status).toBe(404);
    const forged = await handleCreateConsentLink(
      s.deps,
      operator.request("/api/partner/consent-links", { method: "POST", headers: { "x-roster-bff": "0" } }),
    );
    expect(forged.status).toBe(403);
  });

  /** The company withdraws its consent at the API (it revokes the grant there): the partner's tokens die. */
  async function revokeAtApi(companyId: string) {
    const row = (await s.db.select().from(partnerGrants).where(eq(partnerGrants.companyId, companyId)))[0]!;
    const refreshToken = s.deps.cipher.open(row.refreshTokenEnc!, `partner_grants:${row.id}:refresh_token`);
    const revoked = await s.gateways.sandbox.app.request("/auth/oauth2/revoke", {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ token: refreshToken }).toString(),
    });
    expect(revoked.status).toBe(200);
  }

  it("consent withdrawn at the API: 'consent revoked' on the next overview (GET /v1/companies) or the next call (refresh), while A keeps working", async () => {
    // 1. The overview's reconciliation sees B gone from the API's list.
    await revokeAtApi(COMPANY_B.id);
    const reconciled = await loadPartnerCompanies(s.deps, "sandbox");
    expect(reconciled.grants.map((g) => [g.company.name, g.status, g.statusReason])).toEqual([
      [COMPANY_A.name, "active", null],
      [COMPANY_B.name, "revoked", CONSENT_GONE_REASON],
    ]);

    // 2. Connected again, then revoked again at the API: the next call's refresh finds it out.
    await consentThroughLink(s, operator, await newLink(operator), { email: COMPANY_B.owner }, handlers());
    expect((await s.deps.grants.getGrant("sandbox", COMPANY_B.id))?.status).toBe("active");
    await revokeAtApi(COMPANY_B.id);
    const grants = liveGrants(await s.deps.grants.listGrants("sandbox"));
    const r = await listEmploymentsAcrossCompanies(s.deps, {
      environment: "sandbox",
      grants,
      actor: actorOf(s),
      query: { page: 1, page_size: 100 },
    });
    expect(r.failures.map((f) => [f.company.name, f.error.status])).toEqual([[COMPANY_B.name, 409]]);
    expect(r.failures[0]!.error.message).toMatch(/not connected any more/);
    expect(r.employments.length).toBe((await apiEmployments(CUSTOMER_TOKENS.acme)).length);
    expect(await s.deps.grants.getGrant("sandbox", COMPANY_B.id)).toMatchObject({
      status: "revoked",
      statusReason: expect.stringMatching(/consent withdrawn/) as unknown,
    });
    expect(await s.deps.grants.getGrant("sandbox", COMPANY_A.id)).toMatchObject({ status: "active" });
  });

  it("re-granted through a new link, then withdrawn by the operator: revoked at the API, A keeps working, audited", async () => {
    const link = await newLink(operator);
    await consentThroughLink(s, operator, link, { email: COMPANY_B.owner }, handlers());
    expect((await s.deps.grants.getGrant("sandbox", COMPANY_B.id))?.status).toBe("active");
    expect((await loadPartnerCompanies(s.deps, "sandbox")).grants.every((g) => g.status === "active")).toBe(true);
    const switched = await handleSwitchCompany(
      s.deps,
      operator.request("/api/session/company", { method: "POST", json: { companyId: COMPANY_B.id } }),
    );
    expect(switched.status).toBe(200);

    const res = await handleWithdrawConsent(
      s.deps,
      operator.request(`/api/partner/companies/${COMPANY_B.id}/withdraw`, { method: "POST" }),
      COMPANY_B.id,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { grant: { status: string; statusReason: string }; revokedAtApi: string } };
    expect(body.data).toMatchObject({
      revokedAtApi: "revoked",
      grant: { status: "revoked", statusReason: `consent withdrawn by ${OPERATOR.email}` },
    });
    expect(JSON.stringify(body)).not.toMatch(/token/i);
    const [row] = await s.db.select().from(partnerGrants).where(eq(partnerGrants.companyId, COMPANY_B.id));
    expect(row).toMatchObject({ accessTokenEnc: null, refreshTokenEnc: null });
    // The API agrees: B no longer consents to the client; A does.
    const cc = await s.deps.partnerTokens.getToken("sandbox");
    const listed = (await (await s.gateways.sandbox.call("GET", "/v1/companies", { token: cc })).json()) as {
      companies: { id: string }[];
    };
    expect(listed.companies.map((c) => c.id)).toEqual([COMPANY_A.id]);
    const counts = await countEmploymentsByCompany(s.deps, {
      environment: "sandbox",
      grants: liveGrants(await s.deps.grants.listGrants("sandbox")),
      actor: actorOf(s),
    });
    expect(counts.map((c) => [c.company.name, c.error])).toEqual([[COMPANY_A.name, null]]);
    const audit = await listAudit(s.db, { environment: "sandbox", companyId: COMPANY_B.id, page: 1, pageSize: 10 });
    expect(audit.entries[0]).toMatchObject({
      actor: { kind: "operator", email: OPERATOR.email },
      method: "POST",
      path: "auth/oauth2/revoke (withdraw consent)",
      status: 200,
    });
    expect(audit.entries.map((e) => e.path)).toContain("auth/oauth2/token (consent to the partner)");
    // The operator acting for B was sent back to the partner view; switching to B again is refused.
    const sid = (await s.db.query.consoleSessions.findFirst({ where: (t, { eq: is }) => is(t.kind, "operator") }))!.id;
    expect((await s.deps.store.getSession(sid))?.company).toBeNull();
    const again = await handleSwitchCompany(
      s.deps,
      operator.request("/api/session/company", { method: "POST", json: { companyId: COMPANY_B.id } }),
    );
    expect(again.status).toBe(409);
  });
});
