import { desc, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as employmentsExport } from "@/app/api/bff/employments/export/route";
import { GET as expensesExport } from "@/app/api/bff/expenses/export/route";
import { GET as payslipsExport } from "@/app/api/bff/payslips/export/route";
import { GET as partnerEmploymentsExport } from "@/app/api/partner/employments/export/route";
import { AUTHORIZATION_CODE_SCOPES } from "@/lib/contract";
import { decodeNotice, EXPORT_NOTICE_HEADER } from "@/lib/console/auth/missing-scope";
import { issueCustomerToken } from "@/lib/gateway/oauth/customer-tokens";
import { demoUserId } from "@/lib/gateway/seed";
import { makeEmployment } from "@/test-support/gateway/factories";
import { csvRecords } from "@/test-support/console/csv";
import { COMPANY_A, COMPANY_B, CUSTOMER_TOKENS, PartnerBrowser, setupPartner, type PartnerSetup } from "@/test-support/console/partner";
import { insertGrant, listItem } from "@/test-support/console/readmodel-fixtures";
import { readCompanyCurrency } from "../companies/currency";
import { consoleAuditLog, type AuditExportDetail } from "../db/schema";
import { getRequestApi } from "../session";
import { upsertEmployments, whileConsented } from "../readmodel/store";
import { EXPORT_PAGE_SIZE } from "./live-source";

// CSV exports against a real API instance (the in-process gateway, demo data): the file holds exactly
// the list's total_count rows, in the list's order, with the columns on screen; each export is in the
// console's audit log (who, which list, filters, columns, rows, outcome); a cancelled export says so.

const DEPS_KEY = Symbol.for("roster.console.authDeps");
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

let s: PartnerSetup;
let admin: PartnerBrowser;
let previousDeps: unknown;
const scope = `scope_env=sandbox&scope_company=${COMPANY_A.id}`;

async function call(handler: Handler, browser: PartnerBrowser, url: string) {
  const base = browser.request(url);
  return handler(new NextRequest(base.url, { headers: base.headers }), { params: Promise.resolve({}) });
}

/** Every row of a list as the API pages it (page_size 100), in its order: what the list shows, page after page. */
async function apiRows<T>(path: string, key: string): Promise<{ rows: T[]; total: number }> {
  const rows: T[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const sep = path.includes("?") ? "&" : "?";
    const res = await s.gateways.sandbox.call("GET", `${path}${sep}page=${page}&page_size=100`, { token: CUSTOMER_TOKENS.acme });
    const body = (await res.json()) as { data: Record<string, unknown> & { total_count: number; total_pages: number } };
    rows.push(...(body.data[key] as T[]));
    total = body.data.total_count;
    if (page >= body.data.total_pages) return { rows, total };
  }
}

async function lastExportAudit() {
  const [row] = await s.db
    .select()
    .from(consoleAuditLog)
    .where(eq(consoleAuditLog.method, "EXPORT"))
    .orderBy(desc(consoleAuditLog.at))
    .limit(1);
  return row!;
}

beforeAll(async () => {
  s = await setupPartner();
  const g = globalThis as unknown as Record<symbol, unknown>;
  previousDeps = g[DEPS_KEY];
  g[DEPS_KEY] = Promise.resolve(s.deps);
  // Enough employments for three pages of 100, among them names a spreadsheet must not run or split.
  const db = s.gateways.sandbox.deps.db;
  await makeEmployment(db, COMPANY_A.id, { fullName: '=HYPERLINK("http://evil.example","Click")', status: "active" });
  await makeEmployment(db, COMPANY_A.id, { fullName: 'Zoë "Z" Ångström, Jr.', status: "active" });
  await makeEmployment(db, COMPANY_A.id, { fullName: "李小龍\nsecond line", status: "active" });
  for (let i = 0; i < 230; i++) await makeEmployment(db, COMPANY_A.id, { status: i % 3 === 0 ? "active" : "created" });
  admin = new PartnerBrowser(s);
  expect((await admin.signInWithToken(CUSTOMER_TOKENS.acme)).error).toBeNull();
}, 240_000);

afterAll(() => {
  (globalThis as unknown as Record<symbol, unknown>)[DEPS_KEY] = previousDeps;
});

describe("export of a live list (before the first sync, the employments list reads the API)", () => {
  it("holds exactly total_count rows in the list's order, walking the API's pages of 100", async () => {
    const expected = await apiRows<{ id: string; full_name: string }>("/v1/employments", "employments");
    expect(expected.total).toBeGreaterThan(2 * EXPORT_PAGE_SIZE);
    const before = s.calls.length;
    const res = await call(employmentsExport, admin, `/api/bff/employments/export?page=2&page_size=20&${scope}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="employments-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get("x-total-count")).toBe(String(expected.total));
    const [header, ...rows] = csvRecords(await res.text());
    expect(header).toEqual([
      "Name",
      "Personal email",
      "Employment ID",
      "Job title",
      "Department",
      "Country",
      "Type",
      "Model",
      "Status",
      "Lifecycle",
      "External ID",
    ]);
    // The whole list, not the page in the URL; in the API's order; every row once.
    expect(rows).toHaveLength(expected.total);
    expect(rows.map((r) => r[2])).toEqual(expected.rows.map((e) => e.id));
    // Page size 100: ceil(total / 100) list requests (plus the same for nothing else: this list needs no names).
    const listCalls = s.calls.slice(before).filter((c) => c.url.pathname === "/v1/employments");
    expect(listCalls.map((c) => c.url.searchParams.get("page_size"))).toEqual(Array(Math.ceil(expected.total / 100)).fill("100"));
    // Formula guarded, quotes, commas, line breaks and unicode read back as they are.
    const names = rows.map((r) => r[0]);
    expect(names).toContain('\'=HYPERLINK("http://evil.example","Click")');
    expect(names).toContain('Zoë "Z" Ångström, Jr.');
    expect(names).toContain("李小龍\nsecond line");
  }, 120_000);

  it("applies the list's filters (parsed as the page parses them) and writes the columns on screen, in their order", async () => {
    const expected = await apiRows<{ id: string; status: string }>("/v1/employments?status=active", "employments");
    const res = await call(employmentsExport, admin, `/api/bff/employments/export?status=active,bogus&cols=status,name,unknown&${scope}`);
    const [header, ...rows] = csvRecords(await res.text());
    expect(header).toEqual(["Status", "Name", "Personal email", "Employment ID"]);
    expect(rows).toHaveLength(expected.total);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(["Active"]));
    expect(rows.map((r) => r[3])).toEqual(expected.rows.map((e) => e.id));

    const audit = await lastExportAudit();
    expect(audit.detail).toEqual({
      kind: "csv_export",
      list: "/employments",
      filters: { status: "active" },
      columns: ["Status", "Name", "Personal email", "Employment ID"],
      rows: expected.total,
      total: expected.total,
      outcome: "complete",
    } satisfies AuditExportDetail);
    expect(audit.status).toBe(200);
    expect(audit.path).toBe(`employments (CSV, ${expected.total} of ${expected.total} rows)`);
    expect(audit.environment).toBe("sandbox");
    expect(audit.companyId).toBe(COMPANY_A.id);
    expect(audit.actor).toMatchObject({ kind: "customer_token" });
  });

  it("leaves out the columns the list hides (?hide=, the Columns control's ids), with the columns on screen", async () => {
    const cols = "name,job_title,country,type,status,lifecycle,external_id";
    const res = await call(
      employmentsExport,
      admin,
      `/api/bff/employments/export?status=active&hide=job_title,lifecycle,bogus&cols=${cols}&${scope}`,
    );
    const [header] = csvRecords(await res.text());
    expect(header).toEqual(["Name", "Personal email", "Employment ID", "Country", "Type", "Model", "Status", "External ID"]);
    expect((await lastExportAudit()).detail).toMatchObject({ columns: header });
  });

  it("free-text filters are not written to the audit log", async () => {
    const res = await call(employmentsExport, admin, `/api/bff/employments/export?email=nobody%40example.test&${scope}`);
    expect(csvRecords(await res.text())).toHaveLength(1);
    expect((await lastExportAudit()).detail).toMatchObject({ filters: { email: "(redacted)" }, rows: 0, total: 0, outcome: "complete" });
  });

  it("the expenses list: the employee's name beside each expense, exactly the filtered total", async () => {
    const expected = await apiRows<{ id: string; employment_id: string }>("/v1/expenses?status=approved", "expenses");
    const people = await apiRows<{ id: string; full_name: string }>("/v1/employments", "employments");
    const res = await call(expensesExport, admin, `/api/bff/expenses/export?status=approved&${scope}`);
    expect(res.headers.get("x-total-count")).toBe(String(expected.total));
    const [header, ...rows] = csvRecords(await res.text());
    expect(header!.slice(0, 5)).toEqual(["Expense", "Category", "Expense ID", "Employee", "Employment ID"]);
    expect(rows.map((r) => r[2])).toEqual(expected.rows.map((e) => e.id));
    const byId = new Map(people.rows.map((p) => [p.id, p.full_name]));
    expect(rows.every((r) => r[3] === byId.get(r[4]!) && r[3] !== "")).toBe(true);
    expect(new Set(rows.map((r) => r[header!.indexOf("Status")]))).toEqual(new Set(expected.total ? ["Approved"] : []));
    expect((await lastExportAudit()).detail).toMatchObject({ list: "/expenses", filters: { status: "approved" }, rows: expected.total });
  });

  it("the payslips list: the net in the company's currency names that currency, the company's desired_currency", async () => {
    const company = await s.gateways.sandbox.call("GET", `/v1/companies/${COMPANY_A.id}`, { token: CUSTOMER_TOKENS.acme });
    const currency = ((await company.json()) as { data: { company: { desired_currency: string } } }).data.company.desired_currency;
    expect(currency).toMatch(/^[A-Z]{3}$/);
    const expected = await apiRows<{ id: string; net_pay_converted_amount?: number }>("/v1/payslips", "payslips");
    expect(expected.total).toBeGreaterThan(0);
    const res = await call(payslipsExport, admin, `/api/bff/payslips/export?${scope}`);
    expect(res.status).toBe(200);
    const [header, ...rows] = csvRecords(await res.text());
    const net = header!.indexOf("Net pay (company currency)");
    expect(header![net + 1]).toBe("Company currency");
    expect(rows).toHaveLength(expected.total);
    const withNet = rows.filter((r) => r[net] !== "");
    expect(withNet.length).toBeGreaterThan(0);
    expect(new Set(withNet.map((r) => r[net + 1]))).toEqual(new Set([currency]));
    expect(rows.filter((r) => r[net] === "").every((r) => r[net + 1] === "")).toBe(true);
  });

  it("a connection granted without company:read: the page is told which scope and how to get it; the export holds every payslip, the currency column marked", async () => {
    // A Customer API token of Acme's owner created before the console asked for company:read: every other scope.
    const token = "ra_test_partner_test_acme_before_company_read_0123";
    await issueCustomerToken(s.gateways.sandbox.deps.db, {
      companyId: COMPANY_A.id,
      userId: demoUserId("sandbox", COMPANY_A.key, "owner"),
      environment: "sandbox",
      name: "before company:read",
      token,
      scopes: AUTHORIZATION_CODE_SCOPES.filter((x) => x !== "company:read"),
    });
    expect((await s.gateways.sandbox.call("GET", `/v1/companies/${COMPANY_A.id}`, { token })).status).toBe(403);
    const older = new PartnerBrowser(s);
    expect((await older.signInWithToken(token)).error).toBeNull();

    // The page's read (app/(console)/payslips/page.tsx): the missing scope told apart from a failure.
    const { api } = await getRequestApi(older.request("/payslips"));
    expect(await readCompanyCurrency(api, COMPANY_A.id)).toMatchObject({ currency: null, missingScope: "company:read" });
    const { api: adminApi } = await getRequestApi(admin.request("/payslips"));
    expect(await readCompanyCurrency(adminApi, COMPANY_A.id)).toMatchObject({
      currency: expect.stringMatching(/^[A-Z]{3}$/),
      missingScope: null,
    });

    const expected = await apiRows<{ id: string; net_pay_converted_amount?: number }>("/v1/payslips", "payslips");
    const res = await call(payslipsExport, older, `/api/bff/payslips/export?${scope}`);
    expect(res.status).toBe(200);
    // The export's UI is told what is missing and where the fix starts (a token keeps its scopes: sign in with a new one).
    const notice = decodeNotice(res.headers.get(EXPORT_NOTICE_HEADER));
    expect(notice).toMatchObject({ scope: "company:read", action: { href: "/sign-in?callbackUrl=%2Fpayslips&environment=sandbox" } });
    expect(notice!.message).toContain("without the company:read scope");
    expect(notice!.message).toContain("Customer API token");
    const [header, ...rows] = csvRecords(await res.text());
    const net = header!.indexOf("Net pay (company currency)");
    expect(header![net + 1]).toBe("Company currency (not read: the connection lacks the company:read scope)");
    expect(rows).toHaveLength(expected.total);
    expect(rows.map((r) => r[header!.indexOf("Payslip ID")])).toEqual(expected.rows.map((p) => p.id));
    expect(rows.filter((r) => r[net] !== "").length).toBeGreaterThan(0);
    expect(rows.every((r) => r[net + 1] === "")).toBe(true);
    expect((await lastExportAudit()).detail).toMatchObject({ list: "/payslips", rows: expected.total, outcome: "complete" });

    // Without the company-currency column the file lacks nothing: no notice.
    const narrow = await call(payslipsExport, older, `/api/bff/payslips/export?cols=${encodeURIComponent("Net pay")}&${scope}`);
    expect(narrow.status).toBe(200);
    expect(narrow.headers.get(EXPORT_NOTICE_HEADER)).toBeNull();
    expect(csvRecords(await narrow.text())[0]).toEqual(["Net pay (employment currency)"]);
  });

  it("a cancelled export stops reading the API and is recorded as cancelled with the rows sent", async () => {
    const before = s.calls.length;
    const res = await call(employmentsExport, admin, `/api/bff/employments/export?${scope}`);
    const reader = res.body!.getReader();
    await reader.read(); // header
    await reader.read(); // the first page
    await reader.cancel();
    const audit = await lastExportAudit();
    expect(audit.detail).toMatchObject({ outcome: "cancelled", rows: 100 });
    expect(audit.status).toBe(499);
    // The window of pages in flight, not the whole list: fewer list calls than a full export.
    const pages = Math.ceil(Number(res.headers.get("x-total-count")) / 100);
    expect(s.calls.slice(before).filter((c) => c.url.pathname === "/v1/employments").length).toBeLessThanOrEqual(pages);
  });

  it("another tab's company is refused before anything is read or audited", async () => {
    const audits = (await s.db.select().from(consoleAuditLog).where(eq(consoleAuditLog.method, "EXPORT"))).length;
    const res = await call(expensesExport, admin, `/api/bff/expenses/export?scope_env=sandbox&scope_company=${COMPANY_B.id}`);
    expect(res.status).toBe(409);
    expect((await s.db.select().from(consoleAuditLog).where(eq(consoleAuditLog.method, "EXPORT"))).length).toBe(audits);
  });
});

describe("export of the read model", () => {
  it("the partner's employments across companies: the read model's order, only companies with a live grant, the operator audited", async () => {
    const X = { id: "00000000-0000-4000-8000-0000000000aa", name: "Export Co" };
    const Y = { id: "00000000-0000-4000-8000-0000000000bb", name: "Revoked Co" };
    await insertGrant(s.db, "sandbox", X);
    await insertGrant(s.db, "sandbox", Y);
    for (const [company, tag, n] of [
      [X, "x", 620],
      [Y, "y", 3],
    ] as const) {
      await whileConsented(s.db, { environment: "sandbox", company }, (tx) =>
        upsertEmployments(
          tx,
          { environment: "sandbox", company },
          Array.from({ length: n }, (_, i) => ({ item: listItem(i, tag) })),
          "run-1",
          new Date(),
        ),
      );
    }
    const { partnerGrants } = await import("../db/schema");
    await s.db.update(partnerGrants).set({ status: "revoked" }).where(eq(partnerGrants.companyId, Y.id));

    const operator = new PartnerBrowser(s);
    expect((await operator.signInOperator()).error).toBeNull();
    const res = await call(
      partnerEmploymentsExport as unknown as Handler,
      operator,
      `/api/partner/employments/export?status=active,invited&scope_env=sandbox&scope_company=partner`,
    );
    expect(res.status).toBe(200);
    const [header, ...rows] = csvRecords(await res.text());
    expect(header!.slice(0, 3)).toEqual(["Company", "Company ID", "Name"]);
    expect(header).toContain("Onboarding tasks done");
    // The hidden columns (the list's ?hide=) are left out.
    const hidden = await call(
      partnerEmploymentsExport as unknown as Handler,
      operator,
      `/api/partner/employments/export?status=active,invited&hide=company,onboarding&scope_env=sandbox&scope_company=partner`,
    );
    const [hiddenHeader] = csvRecords(await hidden.text());
    expect(hiddenHeader).toEqual(header!.filter((h) => !["Company", "Company ID", "Onboarding tasks done"].includes(h)));
    const expected = Array.from({ length: 620 }, (_, i) => listItem(i, "x")).filter((e) => e.status === "active" || e.status === "invited");
    expect(res.headers.get("x-total-count")).toBe(String(expected.length));
    expect(rows).toHaveLength(expected.length);
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set([X.id]));
    // Sorted by name (case-insensitive, byte-wise), ties by company and id: the list's default order.
    const key = (name: string) => Buffer.from(name.toLowerCase());
    const names = rows.map((r) => r[2]!);
    for (let i = 1; i < names.length; i++) expect(Buffer.compare(key(names[i - 1]!), key(names[i]!))).toBeLessThanOrEqual(0);
    const audit = await lastExportAudit();
    expect(audit.actor).toMatchObject({ kind: "operator" });
    expect(audit.companyId).toBeNull();
    expect(audit.detail).toMatchObject({
      list: "/partner/employments",
      filters: { status: "invited,active" },
      rows: expected.length,
      outcome: "complete",
    });
  });

  it("the partner endpoint does not exist for a company admin", async () => {
    const res = await call(partnerEmploymentsExport as unknown as Handler, admin, `/api/partner/employments/export`);
    expect(res.status).toBe(404);
  });
});
