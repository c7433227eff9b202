import type { Page } from "@playwright/test";
import { DEMO } from "../lib/gateway/seed/demo";
import { API_URL, CONSOLE_URL, DEMO_PASSWORD, OPERATOR, SANDBOX_CUSTOMER_TOKEN } from "./support/env";
import { expect, signInAtApi, test, type ConsoleFixtures } from "./support/fixtures";

// The partner view, as a partner's operator uses it: sign in to the console itself, connect two
// companies through consent links (each company's owner signing in at the API's pages and allowing),
// see both in the employments list across companies with the company column, filter to one, open an
// employment of each (acting for its company), and withdraw one consent. A company admin cannot
// reach any of it by URL.

test.use({ storageState: { cookies: [], origins: [] } });
test.describe.configure({ mode: "serial", timeout: 240_000 });

const [ACME, GLOBEX] = DEMO.environments.sandbox.companies;
if (!ACME || !GLOBEX) throw new Error("The demo seed needs two sandbox companies");

/** An employment page of Globex, opened by the operator (the admin of Acme must not open it). */
let globexEmploymentPath: string | null = null;

const isOperatorSignIn = (r: { method: string; url: string }) =>
  r.method === "POST" && new URL(r.url).pathname === "/api/auth/callback/operator";

async function signInAsOperator(page: Page, traffic: ConsoleFixtures["traffic"]) {
  traffic.allowSecretInBody("the operator's own sign-in posts the password to the console", isOperatorSignIn);
  await page.goto("/sign-in");
  const section = page.getByRole("region", { name: "Partner operator" });
  await section.getByLabel("Email").fill(OPERATOR.email);
  await section.getByLabel("Password").fill(OPERATOR.password);
  await section.getByRole("button", { name: "Sign in as an operator" }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/partner`);
  await expect(page.getByRole("heading", { level: 1, name: "Partner view" })).toBeVisible();
}

/** Creates a consent link, opens it and consents at the API as the company's owner. */
async function connect(page: Page, company: { name: string; users: { owner: { email: string } } }, axe?: ConsoleFixtures["axe"]) {
  await page.getByRole("navigation", { name: "Partner" }).getByRole("link", { name: "Connect a company" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Connect a company" })).toBeVisible();
  await page.getByRole("button", { name: "Create a consent link (Sandbox)" }).click();
  const link = page.getByLabel("Consent link");
  await expect(link).toHaveValue(new RegExp(`^${CONSOLE_URL}/connect/[\\w-]{43}$`));
  if (axe) await axe(page, "partner-connect");
  await page.getByRole("link", { name: "Open the consent page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Connect your company" })).toBeVisible();
  if (axe) await axe(page, "partner-consent-link");
  await page.getByRole("link", { name: "Continue to the Employment API" }).click();
  await expect(page).toHaveURL((url) => url.origin === new URL(API_URL.sandbox).origin && url.pathname === "/auth/oauth2/authorize");
  await signInAtApi(page, { email: company.users.owner.email, password: DEMO_PASSWORD });
  await expect(page.getByRole("status").filter({ hasText: `${company.name} is now connected` })).toBeVisible();
  await page.getByRole("link", { name: "Back to the partner view" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Partner view" })).toBeVisible();
  await expect(page.getByTestId(/^company-row-/).filter({ hasText: company.name })).toContainText("Active");
}

test("an operator connects two companies, works across them, opens each, and withdraws one consent", async ({
  page,
  traffic,
  axe,
  snap,
}) => {
  await signInAsOperator(page, traffic);
  await axe(page, "partner-overview-empty");

  await connect(page, ACME, axe);
  await connect(page, GLOBEX);
  const rows = page.getByRole("table", { name: "Connected companies" }).getByTestId(/^company-row-/);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: ACME.name })).toContainText(/Employments by status|Active/);
  await axe(page, "partner-overview");
  await snap(page, "partner-overview");

  // Every employment of both companies, with the company column.
  await page.getByRole("navigation", { name: "Partner" }).getByRole("link", { name: "All employments" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Employments across companies" })).toBeVisible();
  const table = page.getByRole("table", { name: /^Employments across companies/ });
  await expect(table.getByRole("columnheader", { name: "Company" })).toBeVisible();
  await page.getByLabel("Rows per page").selectOption("100");
  // Served from the read model: each company shows once its first sync (queued when it connected) is done.
  await expect(page.getByTestId("freshness-line")).toContainText("or later (every company)", { timeout: 90_000 });
  await expect(table.getByRole("row").filter({ hasText: ACME.name }).first()).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: GLOBEX.name }).first()).toBeVisible();
  await axe(page, "partner-employments");
  await snap(page, "partner-employments");

  // Filter to one company: every row is Globex's, and the URL says so.
  await page.getByLabel("Company", { exact: true }).selectOption({ label: GLOBEX.name });
  await expect(page).toHaveURL(/company=/);
  const bodyRows = table.locator("tbody tr");
  await expect(bodyRows.first()).toBeVisible();
  // The previous page stays on screen while the filtered one loads: wait for it.
  await expect(bodyRows.locator("td:first-child").filter({ hasNotText: GLOBEX.name })).toHaveCount(0);
  const companies = await bodyRows.locator("td:first-child").allTextContents();
  expect(new Set(companies)).toEqual(new Set([GLOBEX.name]));

  // Open an employment of Globex: the console now acts for Globex.
  const globexName = (await bodyRows.first().getByRole("link").textContent())!.trim();
  await bodyRows.first().getByRole("link").click();
  await expect(page).toHaveURL(/\/employments\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: globexName })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(`Acting for ${GLOBEX.name}`);
  globexEmploymentPath = new URL(page.url()).pathname;
  await axe(page, "partner-employment-globex");

  // And one of Acme, from the list filtered to Acme.
  await page.goto("/partner/employments");
  await page.getByLabel("Company", { exact: true }).selectOption({ label: ACME.name });
  await expect(page).toHaveURL(/company=/);
  const acmeRows = page.getByRole("table", { name: /^Employments across companies/ }).locator("tbody tr");
  await expect(acmeRows.first()).toBeVisible();
  await expect(acmeRows.locator("td:first-child").filter({ hasNotText: ACME.name })).toHaveCount(0);
  const acmeRow = acmeRows.first();
  const acmeName = (await acmeRow.getByRole("link").textContent())!.trim();
  await acmeRow.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: acmeName })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(`Acting for ${ACME.name}`);
  await snap(page, "partner-employment-acme");

  // Withdraw Globex's consent (not Acme's: other specs sign in as Acme's owner with the same client).
  await page.goto("/partner");
  await page.getByRole("button", { name: `Withdraw consent of ${GLOBEX.name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Withdraw the consent of ${GLOBEX.name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Withdraw consent" }).click();
  await expect(dialog).toBeHidden();
  await expect(rows.filter({ hasText: GLOBEX.name })).toContainText("Consent revoked");
  await expect(rows.filter({ hasText: ACME.name })).toContainText("Active");
  await expect(page.getByRole("link", { name: `Audit log of ${GLOBEX.name}` })).toBeVisible();
  await snap(page, "partner-overview-withdrawn");

  // The audit log of Globex records the consent and its withdrawal by the operator.
  await page.getByRole("link", { name: `Audit log of ${GLOBEX.name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Audit log of ${GLOBEX.name}` })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "withdraw consent" })).toContainText(OPERATOR.email);
  await axe(page, "partner-audit");

  // The operator's audit log across companies (issue 14): both companies, with a company column;
  // the company filter narrows it to one (and the heading names it).
  await page.getByRole("navigation", { name: "Partner" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log", exact: true })).toBeVisible();
  const auditTable = page.getByRole("table", { name: /^Changes, page 1/ });
  await expect(auditTable.getByRole("columnheader", { name: "Company" })).toBeVisible();
  for (const company of [ACME, GLOBEX]) {
    await expect(
      auditTable.getByRole("row").filter({ hasText: "consent to the partner" }).filter({ hasText: company.name }).first(),
    ).toBeVisible();
  }
  await axe(page, "partner-audit-all");
  await snap(page, "partner-audit-all");
  await page.getByLabel("Company", { exact: true }).selectOption({ label: ACME.name });
  await expect(page).toHaveURL(/\/partner\/audit\?company=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: `Audit log of ${ACME.name}` })).toBeVisible();
  await expect(auditTable.getByRole("row").filter({ hasText: "consent to the partner" }).first()).toBeVisible();
  await expect(auditTable.getByRole("row").filter({ hasText: "withdraw consent" })).toHaveCount(0);

  // Acme keeps working.
  await page.goto("/partner/employments");
  await expect(
    page
      .getByRole("table", { name: /^Employments across companies/ })
      .getByRole("row")
      .filter({ hasText: ACME.name })
      .first(),
  ).toBeVisible();
  await expect(
    page
      .getByRole("table", { name: /^Employments across companies/ })
      .getByRole("row")
      .filter({ hasText: GLOBEX.name }),
  ).toHaveCount(0);
});

test("a company admin never reaches the partner view, nor another company by URL", async ({ page, traffic }) => {
  traffic.allowSecretInBody(
    "signing in with a Customer API token posts it to the console once",
    (r) => r.method === "POST" && new URL(r.url).pathname === "/api/auth/callback/customer-token",
  );
  await page.goto("/sign-in");
  await page.getByRole("textbox", { name: "Customer API token" }).fill(SANDBOX_CUSTOMER_TOKEN);
  await page.getByRole("button", { name: "Sign in with the token" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  for (const path of [
    "/partner",
    "/partner/employments",
    "/partner/connect",
    "/partner/audit?company=00000000-0000-4000-8000-000000000000",
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
  }
  const open = await page.goto(`/partner/open?company=00000000-0000-4000-8000-000000000000&next=/employments`);
  expect(open?.status()).toBe(404);
  // Another company's employment, by URL: the API answers 404 for Acme's token, and so does the page.
  expect(globexEmploymentPath, "the operator's test opened a Globex employment first").toMatch(/^\/employments\/[0-9a-f-]{36}$/);
  // (The page streams behind its loading state, so the not-found page comes with status 200.)
  await page.goto(globexEmploymentPath!);
  await expect(page.getByRole("heading", { level: 1, name: "Employment not found" })).toBeVisible();
  await expect(page.getByText(GLOBEX.name)).toHaveCount(0);
  await page.goto("/employments");
  await expect(page.getByRole("navigation", { name: "Partner" })).toHaveCount(0);
  await expect(page.getByRole("banner")).not.toContainText("Acting for");
});
