import { beforeAll, describe, expect, it } from "vitest";
import { ONBOARDING_STATUSES, isoToday } from "@/lib/console/overview/at-risk";
import { maxLiveCalls, OVERVIEW_LIMITS } from "@/lib/console/overview/types";
import { openCompanyHref } from "@/lib/console/partner/links";
import { API_URLS as API_URLS_FOR_TESTS } from "@/test-support/console/auth";
import {
  COMPANY_A,
  COMPANY_B,
  consentThroughLink,
  CUSTOMER_TOKENS,
  PartnerBrowser,
  setupPartner,
  type PartnerSetup,
} from "@/test-support/console/partner";
import { createApiClient, type ApiClient } from "../api-client";
import { handleConnectCallback, handleConnectStart } from "../partner/connect";
import { recordAudit } from "../partner/audit";
import { handleCreateConsentLink } from "../partner/routes";
import { createRequestBudget } from "../readmodel/budget";
import { createSyncClientFactory } from "../readmodel/sync-client";
import { syncCompany } from "../readmodel/sync";
import { clearOverviewCaches, startOverviewLoads, type OverviewInput } from "./load";

// The overview's loads against the in-process API seeded with the demo data (Acme Robotics and Globex
// Logistics in the sandbox): what the API holds is what the sections show, live or from the read
// model, within the bound on calls; a failing call is reported in its section; a 401 is not swallowed.

type Company = { id: string; name: string };
const companyOf = (c: typeof COMPANY_A | typeof COMPANY_B): Company => ({ id: c.id, name: c.name });

describe("overview loads", () => {
  let s: PartnerSetup;
  const today = isoToday();

  /** An API client acting with a company's Customer API token, over the in-process API (calls recorded in s.calls). */
  const tokenClient = (token: string, companyId: string, fetchImpl?: typeof fetch): ApiClient =>
    createApiClient({
      baseUrl: API_URLS_FOR_TESTS.sandbox,
      environment: "sandbox",
      companyId,
      getToken: async () => token,
      fetch: fetchImpl ?? s.deps.fetch,
      sleep: async () => undefined,
    });

  async function apiJson<T>(token: string, path: string): Promise<T> {
    const res = await s.gateways.sandbox.call("GET", path, { token });
    return ((await res.json()) as { data: T }).data;
  }

  const input = (over: Partial<OverviewInput> & Pick<OverviewInput, "targets" | "formsApi">): OverviewInput => ({
    db: s.db,
    environment: "sandbox",
    webhooks: "api",
    linkFor: (_c, path) => path,
    today,
    ...over,
  });

  /** API calls recorded from `from` on, by kind. */
  const callsSince = (from: number) => {
    const made = s.calls.slice(from).filter((c) => c.grantType === null);
    const path = (c: (typeof made)[number]) => c.url.pathname;
    return {
      all: made.length,
      shows: made.filter((c) => /^\/v1\/employments\/[0-9a-f-]{36}$/.test(path(c))).length,
      lists: made.filter((c) => ["/v1/employments", "/v1/timeoff", "/v1/expenses"].includes(path(c))).length,
      forms: made.filter((c) => /^\/v1\/countries\/[A-Z]{3}\//.test(path(c))).length,
    };
  };

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
        { start: (r) => handleConnectStart(s.deps, r), callback: (r) => handleConnectCallback(s.deps, r) },
      );
    }
  }, 120_000);

  it("a company not synced is read live: the demo's at-risk employments, each still onboarding, with its reason and a task link", async () => {
    clearOverviewCaches();
    const api = tokenClient(CUSTOMER_TOKENS.acme, COMPANY_A.id);
    const from = s.calls.length;
    const loads = startOverviewLoads(input({ targets: [{ company: companyOf(COMPANY_A), api }], formsApi: api }));
    const [sources, atRisk] = await Promise.all([loads.sources, loads.atRisk]);
    expect(sources).toEqual([{ company: companyOf(COMPANY_A), source: "live" }]);
    expect(atRisk.failures).toEqual([]);
    expect(atRisk.rows.length).toBeGreaterThan(0);

    // Every row is an employment the API shows still onboarding, with a start date before the
    // earliest start its country's form allows today, or pending tasks and a start within 14 days.
    for (const row of atRisk.rows) {
      const { employment } = await apiJson<{ employment: { status: string; provisional_start_date?: string } }>(
        CUSTOMER_TOKENS.acme,
        `/v1/employments/${row.id}`,
      );
      expect(ONBOARDING_STATUSES).toContain(employment.status);
      expect(employment.provisional_start_date).toBe(row.startDate);
      expect(row.reasons.length).toBeGreaterThan(0);
      expect(row.href).toMatch(new RegExp(`^/employments/${row.id}(/forms/[a-z_]+)?$`));
    }
    const passed = atRisk.rows.find((r) => r.daysToStart < 0)!;
    expect(passed.reasons.find((r) => r.kind === "inside_onboarding_time")?.text).toMatch(
      /^Its start date \d+ \w{3} \d{4} has passed: \S.* needs \d+ working days of onboarding, so the earliest start today is /,
    );
    // Sorted by start date.
    expect(atRisk.rows.map((r) => r.startDate)).toEqual(atRisk.rows.map((r) => r.startDate).sort());

    // The bound: one list of employments (Acme has fewer than 100), time off, expenses, at most 20
    // shows, at most 8 forms, one webhook log.
    await loads.activity;
    const made = callsSince(from);
    const { employments: all } = await apiJson<{ employments: { status: string }[] }>(
      CUSTOMER_TOKENS.acme,
      "/v1/employments?page_size=100",
    );
    const onboarding = all.filter((e) => (ONBOARDING_STATUSES as readonly string[]).includes(e.status)).length;
    expect(made.shows).toBe(Math.min(onboarding, OVERVIEW_LIMITS.shows));
    expect(made.lists).toBe(3);
    expect(made.forms).toBeGreaterThan(0);
    expect(made.forms).toBeLessThanOrEqual(OVERVIEW_LIMITS.forms);
    expect(made.all).toBe(loads.liveCalls());
    if (process.env.OVERVIEW_MEASURE)
      console.log(
        `overview calls: ${JSON.stringify(made)}; onboarding ${onboarding}; at risk ${atRisk.rows.length}; notes ${JSON.stringify(atRisk.notes)}`,
      );
    expect(made.all).toBeLessThanOrEqual(maxLiveCalls(OVERVIEW_LIMITS, 1, 1));

    // The country rules are read once a day: the next view reads no form.
    const again = s.calls.length;
    await startOverviewLoads(input({ targets: [{ company: companyOf(COMPANY_A), api }], formsApi: api })).atRisk;
    expect(callsSince(again).forms).toBe(0);
    expect(callsSince(again).shows).toBe(made.shows);
  });

  it("never more shows than the bound: the rest is said, not silently dropped", async () => {
    const api = tokenClient(CUSTOMER_TOKENS.acme, COMPANY_A.id);
    const from = s.calls.length;
    const loads = startOverviewLoads(input({ targets: [{ company: companyOf(COMPANY_A), api }], formsApi: api, limits: { shows: 3 } }));
    const atRisk = await loads.atRisk;
    expect(callsSince(from).shows).toBe(3);
    expect(atRisk.checked).toBe(3);
    expect(atRisk.candidates).toBeGreaterThan(3);
    expect(atRisk.notes).toContain(
      `${atRisk.candidates - 3} of ${atRisk.candidates} employments still onboarding were not checked: at most 3 are read per view. The employments list shows them all.`,
    );
  });

  it("waiting for approval holds the API's requested time off and pending expenses, each linking to where it is approved", async () => {
    const api = tokenClient(CUSTOMER_TOKENS.acme, COMPANY_A.id);
    const waiting = await startOverviewLoads(input({ targets: [{ company: companyOf(COMPANY_A), api }], formsApi: api })).waiting;
    const timeoff = await apiJson<{ total_count: number }>(CUSTOMER_TOKENS.acme, "/v1/timeoff?status=requested&page_size=1");
    const expenses = await apiJson<{ total_count: number }>(CUSTOMER_TOKENS.acme, "/v1/expenses?status=pending&page_size=1");
    expect(waiting.totals).toEqual({ time_off: timeoff.total_count, expense: expenses.total_count });
    expect(timeoff.total_count + expenses.total_count).toBeGreaterThan(0);
    expect(waiting.items.length).toBe(Math.min(OVERVIEW_LIMITS.waitingShown, timeoff.total_count + expenses.total_count));
    for (const item of waiting.items) {
      if (item.kind === "expense") expect(item.href).toBe(`/expenses/${item.id}`);
      else expect(item.href).toBe(`/timeoff?employment_id=${item.employmentId}&status=requested`);
      expect(item.employeeName).toBeTruthy();
    }
    // Oldest first.
    const dates = waiting.items.map((i) => i.date ?? "");
    expect(dates).toEqual([...dates].sort());
  });

  it("recent activity: the company's console audit entries and its webhook events, newest first", async () => {
    const at = new Date(Date.now() + 60_000);
    await recordAudit(s.db, {
      environment: "sandbox",
      company: companyOf(COMPANY_A),
      actor: { kind: "company_user", id: "u1", name: "Olivia Owner", email: "owner@acme.example" },
      method: "POST",
      path: "/v1/employments/abc/invite",
      status: 200,
      requestId: "req_overview_1",
      at,
    });
    await recordAudit(s.db, {
      environment: "sandbox",
      company: companyOf(COMPANY_B),
      actor: { kind: "operator", id: "o1", name: "Paula Partner", email: null },
      method: "PATCH",
      path: "v1/expenses/x",
      status: 200,
      requestId: null,
      at,
    });
    const api = tokenClient(CUSTOMER_TOKENS.acme, COMPANY_A.id);
    const activity = await startOverviewLoads(input({ targets: [{ company: companyOf(COMPANY_A), api }], formsApi: api })).activity;
    expect(activity.failures).toEqual([]);
    expect(activity.items[0]).toMatchObject({
      kind: "audit",
      company: companyOf(COMPANY_A),
      title: "Olivia Owner: POST /v1/employments/abc/invite",
      detail: "The API answered 200 (request id req_overview_1).",
    });
    // Another company's entry never shows in this company's overview.
    expect(activity.items.some((i) => i.title.startsWith("Paula Partner"))).toBe(false);
    const times = activity.items.map((i) => i.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("a synced company is read from the read model: no list call, the same answer", async () => {
    const ref = { environment: "sandbox" as const, company: companyOf(COMPANY_A) };
    const sync = { db: s.db, clientFor: createSyncClientFactory(s.deps, { budget: createRequestBudget(s.db) }), intervalMs: 15 * 60_000 };
    await syncCompany(sync, ref);

    const api = tokenClient(CUSTOMER_TOKENS.acme, COMPANY_A.id);
    const from = s.calls.length;
    // liveCompanies 0 would skip an unsynced company: this one is synced, so it is read.
    const live = startOverviewLoads(
      input({ targets: [{ company: companyOf(COMPANY_A), api }], formsApi: api, limits: { liveCompanies: 0 } }),
    );
    const [sources, atRisk, waiting] = await Promise.all([live.sources, live.atRisk, live.waiting]);
    expect(sources[0]).toMatchObject({ source: "readmodel", state: "fresh" });
    expect(callsSince(from).lists).toBe(0);

    const fresh = startOverviewLoads(
      input({ targets: [{ company: companyOf(COMPANY_A), api: tokenClient(CUSTOMER_TOKENS.acme, COMPANY_A.id) }], formsApi: api }),
    );
    const timeoff = await apiJson<{ total_count: number }>(CUSTOMER_TOKENS.acme, "/v1/timeoff?status=requested&page_size=1");
    const expenses = await apiJson<{ total_count: number }>(CUSTOMER_TOKENS.acme, "/v1/expenses?status=pending&page_size=1");
    expect(waiting.totals).toEqual({ time_off: timeoff.total_count, expense: expenses.total_count });
    expect(waiting.items.every((i) => i.employeeName)).toBe(true);
    expect(atRisk.rows.length).toBeGreaterThan(0);
    expect((await fresh.atRisk).rows.map((r) => r.id).sort()).toEqual(atRisk.rows.map((r) => r.id).sort());
  });

  it("across companies (partner home): rows name their company and link through the company switch", async () => {
    const a = tokenClient(CUSTOMER_TOKENS.acme, COMPANY_A.id);
    const b = tokenClient(CUSTOMER_TOKENS.globex, COMPANY_B.id);
    const loads = startOverviewLoads(
      input({
        targets: [
          { company: companyOf(COMPANY_A), api: a },
          { company: companyOf(COMPANY_B), api: b },
        ],
        formsApi: a,
        webhooks: "readmodel",
        linkFor: (company, path) => openCompanyHref(company.id, path),
      }),
    );
    const [atRisk, waiting, activity] = await Promise.all([loads.atRisk, loads.waiting, loads.activity]);
    expect(new Set(atRisk.rows.map((r) => r.company.id))).toEqual(new Set([COMPANY_A.id, COMPANY_B.id]));
    for (const row of atRisk.rows) expect(row.href).toBe(openCompanyHref(row.company.id, row.link.href));
    for (const item of waiting.items) expect(item.href.startsWith(`/partner/open?company=${item.company.id}&next=`)).toBe(true);
    expect(activity.items.filter((i) => i.kind === "audit").map((i) => i.company.id)).toEqual(
      expect.arrayContaining([COMPANY_A.id, COMPANY_B.id]),
    );
  });

  it("a failing call is shown in its section with the API's words; the other sections and companies are served", async () => {
    const failing: typeof fetch = async (url, init) => {
      const u = new URL(url instanceof Request ? url.url : String(url));
      if (u.pathname === "/v1/timeoff")
        return Response.json(
          { message: "The time off service is down (test)" },
          { status: 503, headers: { "x-request-id": "req_overview_503" } },
        );
      return s.deps.fetch(url, init);
    };
    const a = tokenClient(CUSTOMER_TOKENS.acme, COMPANY_A.id, failing);
    const b = tokenClient(CUSTOMER_TOKENS.globex, COMPANY_B.id);
    const loads = startOverviewLoads(
      input({
        targets: [
          { company: { id: "no-such", name: "Unsynced Co" }, api: a },
          { company: companyOf(COMPANY_B), api: b },
        ],
        formsApi: b,
      }),
    );
    const waiting = await loads.waiting;
    expect(waiting.failures).toHaveLength(1);
    expect(waiting.failures[0]).toMatchObject({
      company: { name: "Unsynced Co" },
      what: "the time off and expenses waiting for approval",
      error: { status: 503, message: "The time off service is down (test)" },
    });
    expect(waiting.items.some((i) => i.company.id === COMPANY_B.id)).toBe(true);
  });

  it("a 401 is not swallowed: the section's load rejects, so the page sends the user to sign in", async () => {
    const api = tokenClient("ra_test_not_a_token_0123456789abcdef", COMPANY_A.id);
    const loads = startOverviewLoads(input({ targets: [{ company: { id: "nobody", name: "Nobody" }, api }], formsApi: api }));
    await expect(loads.atRisk).rejects.toMatchObject({ status: 401 });
    await expect(loads.waiting).rejects.toMatchObject({ status: 401 });
  });
});
