import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { DEMO } from "../lib/gateway/seed/demo";
import { API_URL, CONSOLE_URL, DEMO_PASSWORD, OPERATOR, PRODUCTION_CUSTOMER_TOKEN } from "./support/env";
import { expect, signInAtApi, test, type ConsoleFixtures } from "./support/fixtures";
import { switchEnvironment } from "./support/environment";

// The employment lists served from the console's read model (issue 13, docs/decisions/console-readmodel-lists.md),
// as an operator uses them: two companies connected in Production (the sandbox companies belong to
// partner.spec.ts, which withdraws one of them), synced by the console; the all-employments list
// sorts (aria-sort, rows in order), searches across companies (an employment that is not on the
// page), exports the whole filtered list, and shows a change made at the API without a reload. A
// company's own list, once synced, is served the same way.

test.use({ storageState: { cookies: [], origins: [] } });
test.describe.configure({ mode: "serial", timeout: 240_000 });

const [ACME, NORTHWIND] = DEMO.environments.production.companies;
if (!ACME || !NORTHWIND) throw new Error("The demo seed needs two production companies");

const isOperatorSignIn = (r: { method: string; url: string }) =>
  r.method === "POST" && new URL(r.url).pathname === "/api/auth/callback/operator";

async function signInAsOperatorInProduction(page: Page, traffic: ConsoleFixtures["traffic"]) {
  traffic.allowSecretInBody("the operator's own sign-in posts the password to the console", isOperatorSignIn);
  await page.goto("/sign-in");
  const section = page.getByRole("region", { name: "Partner operator" });
  await section.getByLabel("Email").fill(OPERATOR.email);
  await section.getByLabel("Password").fill(OPERATOR.password);
  await section.getByRole("button", { name: "Sign in as an operator" }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/partner`);
  await switchEnvironment(page, "Production");
  await expect(page.getByRole("heading", { level: 1, name: "Partner view" })).toBeVisible();
}

async function connect(page: Page, company: { name: string; users: { owner: { email: string } } }) {
  await page.goto("/partner/connect");
  await page.getByRole("button", { name: "Create a consent link (Production)" }).click();
  await page.getByRole("link", { name: "Open the consent page" }).click();
  await page.getByRole("link", { name: "Continue to the Employment API" }).click();
  await expect(page).toHaveURL((url) => url.origin === new URL(API_URL.production).origin);
  await signInAtApi(page, { email: company.users.owner.email, password: DEMO_PASSWORD });
  await expect(page.getByRole("status").filter({ hasText: `${company.name} is now connected` })).toBeVisible();
}

const table = (page: Page) => page.getByRole("table", { name: /^Employments across companies/ });
const bodyRows = (page: Page) => table(page).locator("tbody tr");
/** The column's cells of the rows on screen (1-based column number). */
const cells = (page: Page, column: number) => bodyRows(page).locator(`td:nth-child(${column})`).allTextContents();

test("an operator sorts, searches and exports the employments of two companies, and sees a change at the API without reloading", async ({
  page,
  traffic,
  axe,
  snap,
  playwright,
}) => {
  await signInAsOperatorInProduction(page, traffic);
  await connect(page, ACME);
  await connect(page, NORTHWIND);

  // The first sync of each company runs as it is connected: the list shows both without a reload.
  await page.goto("/partner/employments?page_size=100");
  await expect(page.getByRole("heading", { level: 1, name: "Employments across companies" })).toBeVisible();
  const freshness = page.getByTestId("freshness-line");
  await expect(freshness).toContainText(/^Synced from the API at \d\d:\d\d:\d\d UTC or later \(every company\)/, { timeout: 120_000 });
  for (const company of [ACME, NORTHWIND]) await expect(bodyRows(page).filter({ hasText: company.name }).first()).toBeVisible();
  await expect(table(page).getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "ascending");
  await axe(page, "readmodel-partner-employments");
  await snap(page, "readmodel-partner-employments");

  // Sort by external id, descending (its header twice): the header says so, the URL keeps it, the rows are in that order.
  const sortBy = (name: string) => table(page).getByRole("columnheader", { name }).getByRole("button");
  await sortBy("External ID").click();
  await expect(page).toHaveURL(/sort=external_id/);
  await sortBy("External ID").click();
  await expect(page).toHaveURL(/sort=external_id&order=desc/);
  await expect(table(page).getByRole("columnheader", { name: "External ID" })).toHaveAttribute("aria-sort", "descending");
  await expect(table(page).getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "none");
  await expect(page.getByRole("status").filter({ hasText: "sorted by External ID (descending)" })).toBeVisible();
  const externalIds = (await cells(page, 8)).map((s) => s.trim());
  const present = externalIds.filter((s) => s !== "None");
  expect(present.length).toBeGreaterThan(2);
  expect(externalIds.slice(present.length).every((s) => s === "None")).toBe(true);
  expect(present).toEqual(
    [...present].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? 1 : a.toLowerCase() > b.toLowerCase() ? -1 : 0)),
  );
  // Sorted by company: every row of one company before the other's.
  await sortBy("Company").click();
  await expect(table(page).getByRole("columnheader", { name: "Company" })).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByRole("status").filter({ hasText: "sorted by Company (ascending)" })).toBeVisible();
  const companies = (await cells(page, 1)).map((s) => s.trim());
  expect(companies).toEqual([...companies].sort());
  await snap(page, "readmodel-partner-employments-sorted");

  // Search across companies and pages: the last employment by name is not on page 1 of 10.
  await page.goto("/partner/employments?page_size=10");
  const status = page.getByRole("status").filter({ hasText: /^Showing 1–10 of / });
  const total = Number((await status.textContent())!.match(/of ([\d,]+)/)![1]!.replace(/,/g, ""));
  expect(total).toBeGreaterThan(20);
  await page.goto(`/partner/employments?page_size=10&page=${Math.ceil(total / 10)}`);
  const last = bodyRows(page).last();
  const lastName = (await last.getByRole("link").textContent())!.trim();
  const lastEmail = (await last.locator("td:nth-child(2) div").last().textContent())!.trim();
  await page.goto("/partner/employments?page_size=10");
  await expect(bodyRows(page)).toHaveCount(10);
  await expect(table(page).getByRole("link", { name: lastName, exact: true })).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search every company" }).fill(lastEmail);
  await expect(page).toHaveURL(/q=/);
  await expect(table(page).getByRole("link", { name: lastName, exact: true })).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(1);
  await axe(page, "readmodel-partner-search");
  await snap(page, "readmodel-partner-search");

  // Export the whole filtered list (one company, every page of it): the file holds the list's total.
  await page.goto("/partner/employments?page_size=10");
  await page.getByLabel("Company", { exact: true }).selectOption({ label: NORTHWIND.name });
  const filteredStatus = page.getByRole("status").filter({ hasText: /^Showing 1–10 of \d+ matching/ });
  await expect(filteredStatus).toBeVisible();
  const filteredTotal = Number((await filteredStatus.textContent())!.match(/of (\d+)/)![1]);
  expect(filteredTotal).toBeGreaterThan(10);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain("Company");
  expect(lines.length - 1).toBe(filteredTotal);
  expect(lines.slice(1).every((l) => l.startsWith(NORTHWIND.name))).toBe(true);

  // A change at the API shows in the open list within seconds, without a reload.
  const api = await playwright.request.newContext({
    baseURL: API_URL.production,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { authorization: `Bearer ${PRODUCTION_CUSTOMER_TOKEN}`, accept: "application/json" },
  });
  try {
    const list = (await (await api.get("/v1/employments?page=1&page_size=5")).json()) as {
      data: { employments: { id: string; full_name: string }[] };
    };
    const target = list.data.employments[0]!;
    // A work e-mail change: the API sends employment.account.updated (an external id change sends no event).
    const workEmail = `rm-e2e-${Date.now()}@work.example`;
    await page.goto(`/partner/employments?q=${encodeURIComponent(workEmail)}`);
    await expect(page.getByText("No employment matches these filters", { exact: true })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __stillHere: boolean }).__stillHere = true));
    const changedAt = Date.now();
    const res = await api.patch(`/v2/employments/${target.id}`, { data: { work_email: workEmail } });
    expect(res.status()).toBe(200);
    await expect(table(page).getByRole("link", { name: target.full_name, exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(bodyRows(page)).toHaveCount(1);
    const seconds = (Date.now() - changedAt) / 1000;
    test.info().annotations.push({ type: "fresh-seconds", description: seconds.toFixed(1) });
    expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
  } finally {
    await api.dispose();
  }

  // The companies page shows each company's sync state.
  await page.goto("/partner");
  const rows = page.getByRole("table", { name: "Connected companies" }).getByTestId(/^company-row-/);
  for (const company of [ACME, NORTHWIND])
    await expect(rows.filter({ hasText: company.name })).toContainText(/Synced.*Last synced \d\d:\d\d:\d\d UTC/);
  await axe(page, "readmodel-partner-companies");
  await snap(page, "readmodel-partner-companies");

  // A company's own list, once synced: from the read model too (search across pages, sort, freshness).
  await page.getByRole("link", { name: `Open ${ACME.name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Employments" })).toBeVisible();
  await expect(page.getByTestId("freshness-line")).toContainText("Synced from the API at");
  await expect(page.getByRole("searchbox", { name: "Search all employments" })).toBeVisible();
  const companyTable = page.getByRole("table", { name: /^Employments/ });
  await companyTable.getByRole("columnheader", { name: "Status" }).getByRole("button").click();
  await expect(page).toHaveURL(/sort=status/);
  await expect(companyTable.getByRole("columnheader", { name: "Status" })).toHaveAttribute("aria-sort", "ascending");
  // The sorted page has arrived and the table's fade back from its refetching dim is over: axe
  // measures contrast through opacity, and mid-fade the badges' dimmed step counts fell short.
  await expect(companyTable).not.toHaveAttribute("aria-busy", "true");
  await expect(companyTable).toHaveCSS("opacity", "1");
  await axe(page, "readmodel-company-employments");
  await snap(page, "readmodel-company-employments");

  // Leave Production as it was: both consents withdrawn (their rows go with them).
  await page.goto("/partner");
  for (const company of [ACME, NORTHWIND]) {
    await page.getByRole("button", { name: `Withdraw consent of ${company.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Withdraw the consent of ${company.name}?` });
    await dialog.getByRole("button", { name: "Withdraw consent" }).click();
    await expect(dialog).toBeHidden();
  }
});
