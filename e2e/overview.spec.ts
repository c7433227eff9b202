import type { Page } from "@playwright/test";
import { DEMO } from "../lib/gateway/seed/demo";
import { ADMIN_EMAIL, API_URL, CONSOLE_URL, DEMO_PASSWORD, OPERATOR } from "./support/env";
import { expect, signInAtApi, test, type ConsoleFixtures } from "./support/fixtures";

// The overview (issue 14): the home of a signed-in admin (`/`) shows the demo company's onboarding at
// risk with the reason in words, what waits for approval (each linking to where it is approved) and
// recent activity; the partner home shows the same sections across its companies. Both homes are
// looked at on a desktop and at 390 px, and checked with axe.

test.use({ storageState: { cookies: [], origins: [] } });
test.describe.configure({ timeout: 120_000 });

const ACME = DEMO.environments.sandbox.companies[0]!;
const ONBOARDING = new Set([
  "created",
  "pre_hire",
  "created_awaiting_reserve",
  "created_reserve_paid",
  "initiated",
  "invited",
  "pending",
  "review",
  "job_title_review",
  "pending_post_self_enrollment_actions",
]);

async function signInAsAdmin(page: Page) {
  await page.goto("/");
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/sign-in?callbackUrl=%2F`);
  await page.getByRole("button", { name: "Sign in with the Employment API" }).click();
  await expect(page).toHaveURL((url) => url.origin === new URL(API_URL.sandbox).origin);
  await signInAtApi(page, { email: ADMIN_EMAIL, password: DEMO_PASSWORD });
  await expect(page).toHaveURL(`${CONSOLE_URL}/`);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
}

const section = (page: Page, name: string) => page.getByRole("region", { name });

test("the company overview shows a seeded at-risk employment with its reason and a link to its task", async ({
  page,
  sandboxApi,
  axe,
  snap,
}) => {
  await signInAsAdmin(page);
  await expect(page).toHaveTitle("Overview · Roster");
  const atRisk = section(page, "Onboarding at risk");
  const rows = atRisk.getByRole("list").first().locator(":scope > li");
  await expect(rows.first()).toBeVisible();
  await expect(section(page, "Waiting for approval")).toBeVisible();
  await expect(section(page, "Recent activity")).toBeVisible();
  // Live before the company's first sync (a signed-in admin's company is synced), from the read model after it.
  await expect(page.getByTestId("overview-freshness")).toHaveText(
    /^Employments, time off and expenses: (read live from the API|from the read model, synced .+ UTC(; .+)?)\.$/,
  );

  // The first row: a seeded employment still onboarding, whose start date the API confirms, with the reason in words.
  const first = rows.first();
  const name = (await first.getByRole("link").first().textContent())!.trim();
  const href = (await first.getByRole("link").first().getAttribute("href"))!;
  const id = href.split("/").pop()!;
  const shown = (await (await sandboxApi.get(`/v1/employments/${id}`)).json()) as {
    data: { employment: { full_name: string; status: string; provisional_start_date: string; country: { name: string } } };
  };
  const employment = shown.data.employment;
  expect(employment.full_name).toBe(name);
  expect(ONBOARDING.has(employment.status)).toBe(true);
  await expect(first).toContainText(
    new RegExp(
      `(start date .+ has passed|starts (today|in \\d+ days?)).*${employment.country.name} needs \\d+ working days of onboarding|onboarding tasks? pending`,
    ),
  );

  await axe(page, "overview");
  await snap(page, "overview-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows.first()).toBeVisible();
  await axe(page, "overview-phone");
  await snap(page, "overview-390");
  await page.setViewportSize({ width: 1280, height: 800 });

  // The row's action opens the task's form (or the employment when no task can be done here).
  const action = first.getByRole("link").last();
  const actionHref = (await action.getAttribute("href"))!;
  await action.click();
  await expect(page).toHaveURL(`${CONSOLE_URL}${actionHref}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("waiting-for-approval items link to where they are approved", async ({ page, sandboxApi }) => {
  await signInAsAdmin(page);
  const waiting = section(page, "Waiting for approval");
  const pendingExpenses = (await (await sandboxApi.get("/v1/expenses?status=pending&page_size=1")).json()) as {
    data: { total_count: number };
  };
  const requestedTimeoff = (await (await sandboxApi.get("/v1/timeoff?status=requested&page_size=1")).json()) as {
    data: { total_count: number };
  };
  await expect(waiting).toContainText(`${requestedTimeoff.data.total_count} time off request`);
  await expect(waiting).toContainText(`${pendingExpenses.data.total_count} expense`);

  const expense = waiting.getByRole("link", { name: /^Review expense: / }).first();
  await expect(expense).toBeVisible();
  const expenseHref = (await expense.getAttribute("href"))!;
  expect(expenseHref).toMatch(/^\/expenses\/[0-9a-f-]{36}$/);
  await expense.click();
  await expect(page).toHaveURL(`${CONSOLE_URL}${expenseHref}`);
  await expect(page.getByRole("button", { name: "Approve" })).toBeVisible();

  await page.goBack();
  const timeoff = section(page, "Waiting for approval")
    .getByRole("link", { name: /^Review time off: / })
    .first();
  await expect(timeoff).toBeVisible();
  const timeoffHref = (await timeoff.getAttribute("href"))!;
  expect(timeoffHref).toMatch(/^\/timeoff\?employment_id=[0-9a-f-]{36}&status=requested$/);
  await timeoff.click();
  await expect(page).toHaveURL(`${CONSOLE_URL}${timeoffHref}`);
  await expect(page.getByRole("button", { name: /^Approve/ }).first()).toBeVisible();
});

async function signInAsOperator(page: Page, traffic: ConsoleFixtures["traffic"]) {
  traffic.allowSecretInBody(
    "the operator's own sign-in posts the password to the console",
    (r) => r.method === "POST" && new URL(r.url).pathname === "/api/auth/callback/operator",
  );
  await page.goto("/sign-in");
  const form = page.getByRole("region", { name: "Partner operator" });
  await form.getByLabel("Email").fill(OPERATOR.email);
  await form.getByLabel("Password").fill(OPERATOR.password);
  await form.getByRole("button", { name: "Sign in as an operator" }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/partner`);
}

test("the partner home shows the same sections across its companies, each row naming its company", async ({ page, traffic, axe, snap }) => {
  await signInAsOperator(page, traffic);
  // Acme, the demo company, connected once (connecting it again keeps one row; Globex belongs to partner.spec.ts).
  const acmeRow = page.getByTestId(/^company-row-/).filter({ hasText: ACME.name });
  if ((await acmeRow.count()) === 0 || (await acmeRow.getByRole("link", { name: `Reconnect ${ACME.name}` }).count()) > 0) {
    await page.goto("/partner/connect");
    await page.getByRole("button", { name: "Create a consent link (Sandbox)" }).click();
    await expect(page.getByLabel("Consent link")).toHaveValue(/\/connect\//);
    await page.getByRole("link", { name: "Open the consent page" }).click();
    await page.getByRole("link", { name: "Continue to the Employment API" }).click();
    await signInAtApi(page, { email: ACME.users.owner.email, password: DEMO_PASSWORD });
    await expect(page.getByRole("status").filter({ hasText: `${ACME.name} is now connected` })).toBeVisible();
    await page.goto("/partner");
  }
  await expect(page.getByRole("heading", { level: 1, name: "Partner view" })).toBeVisible();
  const atRisk = section(page, "Onboarding at risk");
  await expect(atRisk).toBeVisible();
  await expect(section(page, "Waiting for approval")).toBeVisible();
  await expect(section(page, "Recent activity")).toBeVisible();
  const row = atRisk.getByRole("list").first().locator(":scope > li").filter({ hasText: ACME.name }).first();
  await expect(row).toBeVisible();
  // A partner's links act for the company first.
  await expect(row.getByRole("link").first()).toHaveAttribute("href", /^\/partner\/open\?company=[0-9a-f-]{36}&next=%2Femployments%2F/);
  await expect(section(page, "Waiting for approval").getByText(ACME.name).first()).toBeVisible();

  await axe(page, "partner-overview-sections");
  await snap(page, "partner-home-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(atRisk).toBeVisible();
  await axe(page, "partner-overview-sections-phone");
  await snap(page, "partner-home-390");
});
