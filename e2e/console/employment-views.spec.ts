import type { Page } from "@playwright/test";
import { DEMO } from "../../lib/gateway/seed/demo";
import { API_URL, CONSOLE_URL, DEMO_PASSWORD, OPERATOR } from "../support/env";
import { expect, signInAtApi, test, type ConsoleFixtures } from "../support/fixtures";
import { switchEnvironment } from "../support/environment";

// Issue 14 on the employment lists served from the read model: the Columns control (`?hide=`) and
// the saved views. An operator connects one Production company of its own (not one of
// readmodel-lists.spec.ts's two), waits for its first sync, then on the company's /employments sorts
// by status, searches, hides a column and saves the view: its link, opened in a fresh page, restores
// the hidden column, the sort and the search. The partner's list across companies keeps views of
// its own (app/api/partner/views: an operator, no company), restored the same way. The consent is
// withdrawn at the end, so Production is left as it was.

test.use({ storageState: { cookies: [], origins: [] } });
test.describe.configure({ timeout: 240_000 });

const COMPANY = DEMO.environments.production.companies[2];
if (!COMPANY) throw new Error("The demo seed needs a third production company");

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
}

async function connect(page: Page) {
  await page.goto("/partner/connect");
  await page.getByRole("button", { name: "Create a consent link (Production)" }).click();
  await page.getByRole("link", { name: "Open the consent page" }).click();
  await page.getByRole("link", { name: "Continue to the Employment API" }).click();
  await expect(page).toHaveURL((url) => url.origin === new URL(API_URL.production).origin);
  await signInAtApi(page, { email: COMPANY!.users.owner.email, password: DEMO_PASSWORD });
  await expect(page.getByRole("status").filter({ hasText: `${COMPANY!.name} is now connected` })).toBeVisible();
}

/** Saves the list's current view under a name from the toolbar's menu; answers the view's link. */
async function saveView(page: Page, name: string): Promise<string> {
  await page.getByRole("button", { name: /^Saved views|^View: / }).click();
  const menu = page.getByRole("dialog", { name: "Saved views" });
  await menu.getByLabel("Save this view as").fill(name);
  await menu.getByRole("button", { name: "Save", exact: true }).click();
  await expect(menu).toContainText(`View “${name}” saved.`);
  const link = menu.getByRole("link", { name });
  await expect(link).toHaveAttribute("aria-current", "true");
  return (await link.getAttribute("href"))!;
}

test("employment lists: hide a column, save the view, and its link restores the columns, the sort and the search", async ({
  page,
  context,
  traffic,
  axe,
  snap,
}) => {
  await signInAsOperatorInProduction(page, traffic);
  await connect(page);
  await page.goto("/partner/employments");
  await expect(page.getByTestId("freshness-line")).toContainText(/^Synced from the API at/, { timeout: 120_000 });

  // The company's own list, once synced, is served from the read model (sort and search across pages).
  await page.goto("/partner");
  await page.getByRole("link", { name: `Open ${COMPANY.name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Employments" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search all employments" })).toBeVisible();
  const table = (p: Page) => p.getByRole("table", { name: /^Employments/ });
  const names = (p: Page) => table(p).locator("tbody tr[data-employment-id]").getByRole("link").allTextContents();
  const status = (p: Page) => table(p).getByRole("columnheader", { name: "Status" });

  // Sort by status, descending.
  await status(page).getByRole("button").click();
  await expect(status(page)).toHaveAttribute("aria-sort", "ascending");
  await status(page).getByRole("button").click();
  await expect(page).toHaveURL(/[?&]sort=status&order=desc(&|$)/);
  await expect(status(page)).toHaveAttribute("aria-sort", "descending");

  // Search: the first letters of the first row's family name.
  const first = (await names(page))[0]!.trim();
  const q =
    first
      .split(/\s+/)
      .pop()!
      .replace(/[^A-Za-z]/g, "")
      .slice(0, 4) || "a";
  // The rows of the search: the list answers its BFF read for `q` (until then it still shows the unsearched page).
  const searched = page.waitForResponse(
    (r) => r.url().includes("/api/bff/readmodel/employments") && new URL(r.url()).searchParams.get("q") === q && r.ok(),
  );
  await page.getByRole("searchbox", { name: "Search all employments" }).fill(q);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${q}(&|$)`));
  await searched;
  await expect.poll(async () => (await names(page)).map((n) => n.trim())).toContain(first);
  await expect(table(page)).not.toHaveAttribute("aria-busy", "true");
  const shown = (await names(page)).map((n) => n.trim());

  // Hide the lifecycle column.
  await expect(table(page).getByRole("columnheader", { name: "Lifecycle" })).toHaveCount(1);
  await page.getByRole("button", { name: /^Columns/ }).click();
  await page.getByRole("checkbox", { name: "Lifecycle" }).uncheck();
  await expect(page).toHaveURL(/[?&]hide=lifecycle(&|$)/);
  await page.keyboard.press("Escape");
  await expect(table(page).getByRole("columnheader", { name: "Lifecycle" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Columns (5 of 6 shown)" })).toBeVisible();

  const tag = Date.now().toString(36);
  const href = await saveView(page, `By status ${tag}`);
  expect(href).toBe(`/employments?sort=status&order=desc&q=${q}&hide=lifecycle`);
  await axe(page, "employment-views-menu");
  await snap(page, "employment-views-menu");

  // The link in a fresh page: the column stays hidden, the sort and the search are back.
  const fresh = await context.newPage();
  await fresh.goto(href);
  await expect(table(fresh)).toBeVisible();
  await expect(status(fresh)).toHaveAttribute("aria-sort", "descending");
  await expect(table(fresh).getByRole("columnheader", { name: "Lifecycle" })).toHaveCount(0);
  await expect(fresh.getByRole("searchbox", { name: "Search all employments" })).toHaveValue(q);
  await expect.poll(async () => (await names(fresh)).map((n) => n.trim())).toEqual(shown);
  await expect(fresh.getByRole("button", { name: `View: By status ${tag}` })).toBeVisible();
  await axe(fresh, "employment-view-restored");
  await fresh.close();

  // The partner's list across companies: its own views (the operator's, no company).
  await page.goto("/partner/employments?sort=status&order=desc");
  const partnerTable = page.getByRole("table", { name: /^Employments across companies/ });
  await expect(partnerTable.getByRole("columnheader", { name: "Onboarding" })).toHaveCount(1);
  await page.getByRole("button", { name: /^Columns/ }).click();
  await page.getByRole("checkbox", { name: "Onboarding" }).uncheck();
  await expect(page).toHaveURL(/[?&]hide=onboarding(&|$)/);
  await page.keyboard.press("Escape");
  await expect(partnerTable.getByRole("columnheader", { name: "Onboarding" })).toHaveCount(0);
  const partnerHref = await saveView(page, `Partner by status ${tag}`);
  expect(partnerHref).toBe("/partner/employments?sort=status&order=desc&hide=onboarding");
  await axe(page, "partner-employment-views-menu");
  await snap(page, "partner-employment-views-menu");
  const again = await context.newPage();
  await again.goto(partnerHref);
  const againTable = again.getByRole("table", { name: /^Employments across companies/ });
  await expect(againTable.getByRole("columnheader", { name: "Status" })).toHaveAttribute("aria-sort", "descending");
  await expect(againTable.getByRole("columnheader", { name: "Onboarding" })).toHaveCount(0);
  await expect(again.getByRole("button", { name: `View: Partner by status ${tag}` })).toBeVisible();
  await again.close();

  // Leave Production as it was.
  await page.goto("/partner");
  await page.getByRole("button", { name: `Withdraw consent of ${COMPANY.name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Withdraw the consent of ${COMPANY.name}?` });
  await dialog.getByRole("button", { name: "Withdraw consent" }).click();
  await expect(dialog).toBeHidden();
});
