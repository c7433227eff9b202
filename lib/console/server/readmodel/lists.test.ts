import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { READMODEL_LIST_SORTS, type FreshnessView } from "@/lib/console/readmodel/list";
import { STATUS_LABELS } from "@/lib/console/employments/labels";
import type { EmploymentStatus } from "@/lib/contract/enums";
import { readmodelSyncState } from "../db/schema";
import { handleConnectCallback, handleConnectStart } from "../partner/connect";
import { handlePartnerEmploymentFacets, handlePartnerEmployments } from "../partner/employments-route";
import { handleCreateConsentLink } from "../partner/routes";
import { handlePartnerEmploymentsExport } from "../export/partner";
import {
  COMPANY_A,
  COMPANY_B,
  consentThroughLink,
  CUSTOMER_TOKENS,
  PartnerBrowser,
  setupPartner,
  type PartnerSetup,
} from "@/test-support/console/partner";
import { READMODEL_SORTS } from "./query";
import { companyEmploymentsFromReadModel } from "./lists";
import { createRequestBudget } from "./budget";
import { createSyncClientFactory } from "./sync-client";
import { rereadEmployment, syncCompany, type SyncDeps } from "./sync";

// The employment lists served from the read model, against the in-process API (demo data, two
// companies connected by the partner, synced by the real sync): the partner's list sorts on every
// column, searches across companies and pages, filters, counts per company and status as the API
// does, says how fresh it is; a company's own list is live until its first sync, then served from
// the read model with its rows only; a change at the API shows once its webhook's re-read is done.

interface Row {
  id: string;
  full_name: string;
  personal_email: string;
  status: string;
  type: string;
  external_id: string | null;
  job_title: string | null;
  country: { code: string; name: string } | null;
  company: { id: string; name: string };
}
interface Page {
  employments: Row[];
  total_count: number;
  total_pages: number;
  current_page: number;
  freshness: FreshnessView;
  unknownCompany: boolean;
}

const refOf = (company: typeof COMPANY_A | typeof COMPANY_B) => ({
  environment: "sandbox" as const,
  company: { id: company.id, name: company.name },
});

describe("employment lists from the read model", () => {
  let s: PartnerSetup;
  let deps: SyncDeps;
  let operator: PartnerBrowser;
  const apiEmployments: Record<string, Row[]> = {};

  async function partnerPage(search: string): Promise<Page> {
    const res = await handlePartnerEmployments(s.deps, operator.request(`/api/partner/employments${search ? `?${search}` : ""}`));
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Page }).data;
  }

  async function listApi(token: string): Promise<Row[]> {
    const out: Row[] = [];
    for (let page = 1; ; page++) {
      const res = await s.gateways.sandbox.call("GET", `/v1/employments?page=${page}&page_size=100`, { token });
      const body = (await res.json()) as { data: { employments: Row[]; total_pages: number } };
      out.push(...body.data.employments);
      if (page >= body.data.total_pages) return out;
    }
  }

  beforeAll(async () => {
    s = await setupPartner();
    operator = new PartnerBrowser(s);
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
    deps = { db: s.db, clientFor: createSyncClientFactory(s.deps, { budget: createRequestBudget(s.db) }), intervalMs: 15 * 60_000 };
    apiEmployments.a = await listApi(CUSTOMER_TOKENS.acme);
    apiEmployments.b = await listApi(CUSTOMER_TOKENS.globex);
  }, 120_000);

  it("a company's own list is live until its first sync completes, then from the read model with its rows only", async () => {
    const session = (company: typeof COMPANY_A | typeof COMPANY_B) => ({
      environment: "sandbox" as const,
      company: { id: company.id, name: company.name },
    });
    expect(await companyEmploymentsFromReadModel(s.db, session(COMPANY_A), new URLSearchParams())).toEqual({ source: "live" });
    await syncCompany(deps, refOf(COMPANY_A));
    await syncCompany(deps, refOf(COMPANY_B));
    const a = await companyEmploymentsFromReadModel(s.db, session(COMPANY_A), new URLSearchParams("page_size=100"));
    if (a.source !== "readmodel") throw new Error("expected the read model");
    expect(a.employments.map((e) => e.id).sort()).toEqual(apiEmployments.a!.map((e) => e.id).sort());
    expect(a.freshness.totals).toMatchObject({ companies: 1, fresh: 1 });
    expect(a.freshness.syncedAt).not.toBeNull();
    // A search for one of B's people in A's list finds nothing; in B's list, finds them.
    const someoneOfB = apiEmployments.b![0]!;
    const q = new URLSearchParams({ q: someoneOfB.personal_email });
    const none = await companyEmploymentsFromReadModel(s.db, session(COMPANY_A), q);
    expect(none.source === "readmodel" && none.total_count).toBe(0);
    const found = await companyEmploymentsFromReadModel(s.db, session(COMPANY_B), q);
    expect(found.source === "readmodel" && found.employments.map((e) => e.id)).toEqual([someoneOfB.id]);
    // No company (an operator in the partner view): nothing from the read model.
    expect(await companyEmploymentsFromReadModel(s.db, { environment: "sandbox", company: null }, q)).toEqual({ source: "live" });
    // Production has no sync of A: live.
    expect(await companyEmploymentsFromReadModel(s.db, { environment: "production", company: session(COMPANY_A).company }, q)).toEqual({
      source: "live",
    });
  });

  it("the partner list holds every employment of both companies, each with its company", async () => {
    const page = await partnerPage("page_size=100");
    const all = [
      ...apiEmployments.a!.map((e) => ({ id: e.id, company: COMPANY_A.id })),
      ...apiEmployments.b!.map((e) => ({ id: e.id, company: COMPANY_B.id })),
    ];
    expect(page.total_count).toBe(all.length);
    const wanted = all.length > 100 ? 100 : all.length;
    expect(page.employments).toHaveLength(wanted);
    for (const e of page.employments) expect(all).toContainEqual({ id: e.id, company: e.company.id });
    expect(page.freshness.totals).toMatchObject({ companies: 2, fresh: 2, behind: 0, failing: 0 });
  });

  it("sorts on every column, both ways, with the order of the values (and the URL's sort parameter)", async () => {
    expect([...READMODEL_LIST_SORTS]).toEqual([...READMODEL_SORTS]);
    const value: Record<string, (e: Row) => string | null> = {
      full_name: (e) => e.full_name,
      company: (e) => e.company.name,
      personal_email: (e) => e.personal_email,
      job_title: (e) => e.job_title,
      // Status by the label the table shows, not the stored code (label-sort.test.ts).
      status: (e) => STATUS_LABELS[e.status as EmploymentStatus],
      type: (e) => e.type,
      country: (e) => e.country?.name ?? null,
      external_id: (e) => e.external_id,
    };
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    for (const [sort, of] of Object.entries(value)) {
      for (const order of ["asc", "desc"] as const) {
        const page = await partnerPage(`sort=${sort}&order=${order}&page_size=100`);
        const values = page.employments.map(of);
        const present = values.filter((v): v is string => v !== null).map((v) => v.toLowerCase());
        // Nulls last, whatever the order.
        expect(
          values.slice(present.length).every((v) => v === null),
          `${sort} ${order}: nulls last`,
        ).toBe(true);
        const sorted = [...present].sort(cmp);
        expect(present, `${sort} ${order}`).toEqual(order === "asc" ? sorted : sorted.reverse());
      }
    }
    // A column that is not sortable parses to the default (name), never an error.
    const fallback = await partnerPage("sort=drop_table&page_size=100");
    const names = fallback.employments.map((e) => e.full_name.toLowerCase());
    expect(names).toEqual([...names].sort(cmp));
  });

  it("searches name, e-mail, job title and external id across companies and pages", async () => {
    // The last employment by name is not on page 1 of 20: the search finds it anyway.
    const first = await partnerPage("page_size=20");
    expect(first.total_pages).toBeGreaterThan(1);
    const last = (await partnerPage(`page_size=20&page=${first.total_pages}`)).employments.at(-1)!;
    expect(first.employments.map((e) => e.id)).not.toContain(last.id);
    const byEmail = await partnerPage(`q=${encodeURIComponent(last.personal_email.toUpperCase())}`);
    expect(byEmail.employments.map((e) => e.id)).toContain(last.id);
    const byName = await partnerPage(`q=${encodeURIComponent(last.full_name.split(" ").at(-1)!)}`);
    expect(byName.employments.map((e) => e.id)).toContain(last.id);
    const withTitle = [...apiEmployments.a!, ...apiEmployments.b!].find((e) => e.job_title);
    const byTitle = await partnerPage(`q=${encodeURIComponent(withTitle!.job_title!)}&page_size=100`);
    expect(byTitle.employments.map((e) => e.id)).toContain(withTitle!.id);
    expect(byTitle.employments.every((e) => JSON.stringify(e).toLowerCase().includes(withTitle!.job_title!.toLowerCase()))).toBe(true);
    const withExternal = [...apiEmployments.a!, ...apiEmployments.b!].find((e) => e.external_id);
    if (withExternal) {
      const byExternal = await partnerPage(`q=${encodeURIComponent(withExternal.external_id!)}`);
      expect(byExternal.employments.map((e) => e.id)).toContain(withExternal.id);
    }
    // Pattern characters are text, not wildcards.
    expect((await partnerPage("q=%25")).total_count).toBe(0);
  });

  it("filters by status, type, country and company, and counts per company and status as the API does", async () => {
    const all = [
      ...apiEmployments.a!.map((e) => ({ ...e, co: COMPANY_A.id })),
      ...apiEmployments.b!.map((e) => ({ ...e, co: COMPANY_B.id })),
    ];
    const status = all[0]!.status;
    const byStatus = await partnerPage(`status=${status}&page_size=100`);
    expect(byStatus.total_count).toBe(all.filter((e) => e.status === status).length);
    const type = all[0]!.type;
    expect((await partnerPage(`type=${type}&page_size=100`)).total_count).toBe(all.filter((e) => e.type === type).length);
    const country = all.find((e) => e.country)!.country!.code;
    expect((await partnerPage(`country=${country}&page_size=100`)).total_count).toBe(all.filter((e) => e.country?.code === country).length);
    const onlyB = await partnerPage(`company=${COMPANY_B.id}&page_size=100`);
    expect(onlyB.total_count).toBe(apiEmployments.b!.length);
    expect(onlyB.employments.every((e) => e.company.id === COMPANY_B.id)).toBe(true);
    expect(onlyB.freshness.totals.companies).toBe(1);
    // A company that is not connected: nothing, and said so.
    const unknown = await partnerPage("company=00000000-0000-4000-8000-0000000000ff");
    expect(unknown).toMatchObject({ total_count: 0, unknownCompany: true });

    const res = await handlePartnerEmploymentFacets(s.deps, operator.request("/api/partner/employments/facets"));
    const facets = (
      (await res.json()) as {
        data: {
          counts: { companies: { company: { id: string }; total: number; byStatus: Record<string, number> }[] };
          countries: { code: string }[];
        };
      }
    ).data;
    for (const [company, rows] of [
      [COMPANY_A.id, apiEmployments.a!],
      [COMPANY_B.id, apiEmployments.b!],
    ] as const) {
      const c = facets.counts.companies.find((x) => x.company.id === company)!;
      expect(c.total).toBe(rows.length);
      const expected: Record<string, number> = {};
      for (const e of rows) expected[e.status] = (expected[e.status] ?? 0) + 1;
      expect(c.byStatus).toEqual(expected);
    }
    expect(facets.countries.map((c) => c.code)).toContain(country);
  });

  it("says how fresh it is: behind with the reason, failing with the error, syncing", async () => {
    const retryAt = new Date(Date.now() + 60_000);
    await s.db
      .update(readmodelSyncState)
      .set({ behindReason: "rate limited by the API (429)", retryAt, syncingSince: new Date() })
      .where(eq(readmodelSyncState.companyId, COMPANY_B.id));
    await s.db
      .update(readmodelSyncState)
      .set({ failingError: "500: upstream exploded", failingSince: new Date() })
      .where(eq(readmodelSyncState.companyId, COMPANY_A.id));
    const page = await partnerPage("");
    expect(page.freshness.totals).toMatchObject({ companies: 2, fresh: 0, behind: 1, failing: 1, syncing: 1 });
    const b = page.freshness.companies.find((c) => c.company.id === COMPANY_B.id)!;
    expect(b).toMatchObject({ state: "behind", reason: "rate limited by the API (429)", retryAt: retryAt.toISOString(), syncing: true });
    const a = page.freshness.companies.find((c) => c.company.id === COMPANY_A.id)!;
    expect(a).toMatchObject({ state: "failing", error: "500: upstream exploded" });
    expect(a.lastSyncedAt).not.toBeNull();
    await syncCompany(deps, refOf(COMPANY_A));
    await syncCompany(deps, refOf(COMPANY_B));
    expect((await partnerPage("")).freshness.totals).toMatchObject({ fresh: 2, behind: 0, failing: 0, syncing: 0 });
  });

  it("a change at the API shows in the list once the employment is re-read (as its webhook does)", async () => {
    const target = apiEmployments.b!.find((e) => e.status !== "archived") ?? apiEmployments.b![0]!;
    const res = await s.gateways.sandbox.call("PATCH", `/v2/employments/${target.id}`, {
      token: CUSTOMER_TOKENS.globex,
      body: { external_id: "RM-CHANGED-42" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await partnerPage("q=rm-changed-42")).total_count).toBe(0);
    await rereadEmployment(deps, refOf(COMPANY_B), target.id);
    const after = await partnerPage("q=rm-changed-42");
    expect(after.employments.map((e) => [e.id, e.external_id])).toEqual([[target.id, "RM-CHANGED-42"]]);
  });

  it("exports the whole filtered, searched and sorted list: the list's rows, in its order", async () => {
    const search = `company=${COMPANY_B.id}&sort=external_id&order=desc&status=${apiEmployments.b![0]!.status}`;
    const page = await partnerPage(`${search}&page_size=100`);
    expect(page.total_count).toBeGreaterThan(0);
    const res = await handlePartnerEmploymentsExport(s.deps, operator.request(`/api/partner/employments/export?${search}`));
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Company,Company ID,Name,/);
    expect(lines.length - 1).toBe(page.total_count);
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
    // Each line: the company's id, then the employment's.
    expect(lines.slice(1).map((l) => l.match(uuid)?.[1])).toEqual(page.employments.map((e) => e.id));
  });

  it("only operators may read it: anyone else gets 404", async () => {
    const admin = new PartnerBrowser(s);
    await admin.signInWithToken(CUSTOMER_TOKENS.acme);
    for (const browser of [admin, new PartnerBrowser(s)]) {
      expect((await handlePartnerEmployments(s.deps, browser.request("/api/partner/employments"))).status).toBe(404);
      expect((await handlePartnerEmploymentFacets(s.deps, browser.request("/api/partner/employments/facets"))).status).toBe(404);
    }
  });
});
