import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { createPortugueseEmployee, isoDateIn } from "./support/api";
import { CONSOLE_URL, DEMO_COMPANY, SANDBOX_CUSTOMER_TOKEN } from "./support/env";
import { expect, test } from "./support/fixtures";

// The payroll areas of the console (payslips, custom fields, contract amendments, company
// managers), driven as a company admin would, signed in with the sandbox's Customer API token.
// Data a test changes is its own: a new employment, a custom field of the e2e, a manager it invites.

test.use({ storageState: { cookies: [], origins: [] } });
// Each flow crosses several server-rendered pages, with axe on most of them (as the console project).
test.describe.configure({ timeout: 60_000 });

const isTokenSignIn = (r: { method: string; url: string }) =>
  r.method === "POST" && new URL(r.url).pathname === "/api/auth/callback/customer-token";

test.beforeEach(async ({ page, traffic }) => {
  traffic.allowSecretInBody("signing in with a Customer API token posts it to the console once", isTokenSignIn);
  await page.goto("/sign-in");
  await page.getByRole("textbox", { name: "Customer API token" }).fill(SANDBOX_CUSTOMER_TOKEN);
  await page.getByRole("button", { name: "Sign in with the token" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
});

/** The id of the company the sandbox's Customer API token acts for. */
async function companyIdOf(api: APIRequestContext): Promise<string> {
  const res = await api.get("/v1/identity/current");
  // The provider declares 201 for this read.
  expect(res.ok(), "GET /v1/identity/current").toBe(true);
  return ((await res.json()) as { data: { company: { id: string } } }).data.company.id;
}

/** Seeded employments of the demo company with payslips (the seed releases three months for each). */
async function employmentWithPayslips(api: APIRequestContext): Promise<string> {
  const res = await api.get("/v1/payslips", { params: { page_size: "1" } });
  expect(res.status(), "GET /v1/payslips").toBe(200);
  const first = ((await res.json()) as { data: { payslips: { employment_id: string }[] } }).data.payslips[0];
  expect(first, "the demo company has payslips").toBeTruthy();
  return first!.employment_id;
}

/** The e2e's own integer custom field (created once, found by name afterwards). */
async function e2eCustomField(api: APIRequestContext): Promise<{ id: string; name: string }> {
  const name = "E2E desk number";
  const list = await api.get("/v1/custom-fields", { params: { page_size: "100" } });
  const found = ((await list.json()) as { data: { custom_fields: { id: string; name: string }[] } }).data.custom_fields.find(
    (f) => f.name === name,
  );
  if (found) return found;
  const res = await api.post("/v1/custom-fields", {
    data: { name, type: "integer", required: false, data_entry_access: "company_admin_only", visibility_scope: "everyone" },
  });
  expect(res.status(), `POST /v1/custom-fields: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: { custom_field: { id: string; name: string } } }).data.custom_field;
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test("payslips: the list filters by employment and a payslip downloads as a PDF through the console", async ({
  page,
  sandboxApi,
  traffic,
  axe,
  snap,
}) => {
  const employmentId = await employmentWithPayslips(sandboxApi);
  // The company's billing currency (its desired_currency), read from the API before the pages.
  const company = await sandboxApi.get(`/v1/companies/${await companyIdOf(sandboxApi)}`);
  expect(company.ok(), "GET /v1/companies/{id}").toBe(true);
  const currency = ((await company.json()) as { data: { company: { desired_currency: string } } }).data.company.desired_currency;
  await page.goto("/employments");
  await mainNav(page).getByRole("link", { name: "Payslips" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payslips" })).toBeVisible();
  const table = page.getByRole("table", { name: /^Payslips, page 1 of \d+$/ });
  await expect(table).toBeVisible();
  // The net in the company's currency names it.
  const netColumn = await table
    .getByRole("columnheader")
    .evaluateAll((ths) => ths.findIndex((th) => th.textContent?.trim().startsWith("Net, company currency")));
  expect(netColumn).toBeGreaterThan(-1);
  await expect(table.locator("tbody tr").first().locator("td, th").nth(netColumn)).toHaveText(new RegExp(`^[\\d,]+\\.\\d{2} ${currency}$`));
  await axe(page, "payslips");
  await snap(page, "areas-payslips");

  // The employment page links to its payslips: the list is filtered, the URL says so.
  await page.goto(`/employments/${employmentId}`);
  await page
    .getByRole("navigation", { name: "More about this employment" })
    .getByRole("link", { name: /^Payslips/ })
    .click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/payslips?employment_id=${employmentId}`);
  await expect(page.getByRole("heading", { level: 1, name: /^Payslips of / })).toBeVisible();
  const rows = page.getByRole("table", { name: /^Payslips/ }).getByRole("row");
  await expect(rows).not.toHaveCount(0);

  const link = page.getByRole("link", { name: /^Download the payslip of / }).first();
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^payslip-[A-Za-z0-9]+-\d{4}-\d{2}\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1"), "the file is a PDF").toBe("%PDF-");
  expect(bytes.length).toBeGreaterThan(500);

  // The browser asked the console (BFF), never the API.
  const downloads = traffic.requests.filter((r) => /\/api\/bff\/payslips\/[^/]+\/download/.test(r.url));
  expect(downloads.length).toBeGreaterThan(0);
  for (const r of downloads) expect(new URL(r.url).origin).toBe(new URL(CONSOLE_URL).origin);
});

test("custom fields: a value is set on an employment by its type and is there after a reload", async ({ page, sandboxApi, axe, snap }) => {
  const field = await e2eCustomField(sandboxApi);
  const employment = await createPortugueseEmployee(sandboxApi, "custom fields");
  await page.goto(`/employments/${employment.id}`);
  const card = page.getByRole("region", { name: "Custom fields" });
  await expect(card.getByText(field.name, { exact: true })).toBeVisible();

  await card.getByRole("button", { name: `Edit ${field.name}` }).click();
  const input = card.getByRole("textbox", { name: field.name, exact: true });
  await expect(input).toBeFocused();
  // The type is checked before anything is sent.
  await input.fill("12b");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByText("Must be a whole number")).toBeVisible();
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await axe(page, "employment-custom-fields");

  // Escape cancels, and the focus goes back to the field's Edit button; nothing was sent.
  await input.press("Escape");
  await expect(input).toHaveCount(0);
  await expect(card.getByRole("button", { name: `Edit ${field.name}` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(input).toBeFocused();

  await input.fill("42");
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === "PUT" && r.url().includes(`/api/bff/custom-fields/${field.id}/values/${employment.id}`)),
    card.getByRole("button", { name: "Save" }).click(),
  ]);
  expect(request.postDataJSON()).toEqual({ value: 42 });
  await expect(card.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(card.getByRole("button", { name: `Edit ${field.name}` })).toBeFocused();
  await snap(page, "areas-employment-custom-fields");

  await page.reload();
  await expect(page.getByRole("region", { name: "Custom fields" }).getByTestId(`custom-field-value-${field.id}`)).toHaveText("42");
  const stored = await sandboxApi.get(`/v1/custom-fields/${field.id}/values/${employment.id}`);
  expect(((await stored.json()) as { data: { custom_field_value: { value: unknown } } }).data.custom_field_value.value).toBe(42);
});

test("contract amendments: one is requested through the country's form, then approved in the sandbox", async ({
  page,
  sandboxApi,
  axe,
  snap,
}) => {
  const employment = await createPortugueseEmployee(sandboxApi, "amendment");
  await page.goto(`/employments/${employment.id}`);
  await page
    .getByRole("navigation", { name: "More about this employment" })
    .getByRole("link", { name: /^Request a contract amendment/ })
    .click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/contract-amendments/new?employment_id=${employment.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "New contract amendment" })).toBeVisible();

  // Nothing changes yet: the form (the API's own rules) refuses it before anything is sent.
  await page.getByLabel("Effective date").fill(isoDateIn(45));
  await page.getByLabel("Reason for the amendment").selectOption({ label: "Promotion" });
  const submit = page.getByRole("button", { name: "Submit amendment" });
  await submit.click();
  const summary = page.getByTestId("form-error-summary");
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link", { name: "New job title" })).toBeVisible();
  await axe(page, "contract-amendment-form");

  await page.getByLabel("New job title").fill("Senior Quality Engineer");
  await page.getByLabel("New annual gross salary").fill("30000.00");
  await snap(page, "areas-contract-amendment-form");
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/bff/contract-amendments"),
    submit.click(),
  ]);
  expect(request.postDataJSON()).toMatchObject({
    employment_id: employment.id,
    contract_amendment: { reason_for_change: "promotion", job_title: "Senior Quality Engineer", annual_gross_salary: 3_000_000 },
  });

  await expect(page).toHaveURL(/\/contract-amendments\/[0-9a-f-]{36}\?submitted=1$/);
  await expect(page.getByRole("status").filter({ hasText: "Amendment submitted" })).toBeVisible();
  const changes = page.getByRole("table", { name: "Requested changes" });
  await expect(changes.getByRole("row").filter({ hasText: "Job title" })).toContainText("Senior Quality Engineer");
  await expect(changes.getByRole("row").filter({ hasText: "Annual gross salary" })).toContainText("30,000.00");
  await expect(page.getByText("Submitted", { exact: true }).first()).toBeVisible();
  await axe(page, "contract-amendment");

  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Amendment approved" })).toBeVisible();
  await expect(page.getByText("Done", { exact: true }).first()).toBeVisible();
  await snap(page, "areas-contract-amendment-approved");
  const id = new URL(page.url()).pathname.split("/").pop()!;
  const stored = await sandboxApi.get(`/v1/contract-amendments/${id}`);
  expect(((await stored.json()) as { data: { contract_amendment: { status: string } } }).data.contract_amendment.status).toBe("done");

  // The employment's amendments list shows it.
  await page.goto(`/contract-amendments?employment_id=${employment.id}`);
  await expect(page.getByRole("table", { name: /^Contract amendments/ }).getByRole("link", { name: "Promotion" })).toBeVisible();
});

test("company managers: an invited manager is removed, the last owner is not (the API's 409 is shown)", async ({
  page,
  sandboxApi,
  axe,
  snap,
}) => {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const name = `E2E Manager ${unique}`;
  await page.goto("/company-managers");
  await expect(page.getByRole("heading", { level: 1, name: "Company managers" })).toBeVisible();
  const invite = page.getByRole("region", { name: "Invite a company manager" });
  await invite.getByLabel("Name").fill(name);
  await invite.getByLabel("Email").fill(`e2e.manager.${unique}@example.com`);
  await invite.getByLabel("Role").selectOption({ label: "Admin" });
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(invite.getByRole("status").filter({ hasText: `${name} was added` })).toBeVisible();
  const table = page.getByRole("table", { name: /^Company managers/ });
  await expect(table.getByRole("row").filter({ hasText: name })).toBeVisible();
  await axe(page, "company-managers");

  // Remove asks first; Cancel has the focus, so Enter never removes by accident.
  await table.getByRole("button", { name: `Remove ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Remove ${name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: `${name} was removed from the company.` })).toBeVisible();

  // The demo company has one owner (the token's): the API must refuse. Checked first, because if it
  // had two, removing this one would end the demo token's access.
  const managers = await sandboxApi.get("/v1/company-managers", { params: { page_size: "100" } });
  const owners = (
    (await managers.json()) as { data: { company_managers: { user_name: string; role: string }[] } }
  ).data.company_managers.filter((m) => m.role === "owner");
  expect(owners.map((o) => o.user_name)).toEqual([DEMO_COMPANY.users.owner.name]);

  const owner = DEMO_COMPANY.users.owner.name;
  await table.getByRole("button", { name: `Remove ${owner}` }).click();
  const ownerDialog = page.getByRole("dialog", { name: `Remove ${owner}?` });
  await expect(ownerDialog).toContainText("This is the company's only owner");
  await expect(ownerDialog).toContainText("This is you");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "DELETE" && r.url().includes("/api/bff/company-managers/")),
    ownerDialog.getByRole("button", { name: "Remove" }).click(),
  ]);
  expect(response.status()).toBe(409);
  const refusal = ownerDialog.getByRole("alert");
  await expect(refusal).toContainText(`The API keeps ${owner}`);
  await expect(refusal).toContainText("The company needs at least one owner: the last owner cannot be deleted");
  await expect(refusal).toContainText(/Request id: \S+/);
  await snap(page, "areas-company-managers-last-owner");
  await ownerDialog.getByRole("button", { name: "Close" }).click();
  await expect(ownerDialog).toBeHidden();
  await expect(table.getByRole("row").filter({ hasText: owner })).toBeVisible();
});

test("outstanding payments: sorted by invoice period through the URL", async ({ page, axe }) => {
  await page.goto("/outstanding-payments");
  await expect(page.getByRole("heading", { level: 1, name: "Outstanding payments" })).toBeVisible();
  const table = page.getByRole("table", { name: /^Outstanding payments and refunds/ });
  await expect(table).toBeVisible();
  await table.getByRole("button", { name: /^Invoice period/ }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/outstanding-payments?sort_by=invoice_period`);
  await expect(table.getByRole("columnheader", { name: /^Invoice period/ })).toHaveAttribute("aria-sort", "ascending");
  // The rows of the new sort have arrived (the previous page stays on screen, dimmed, meanwhile).
  await expect(page.getByRole("status").filter({ hasText: "Sorted by invoice period" })).toBeVisible();
  await expect(table).not.toHaveAttribute("aria-busy", "true");
  const periods = await table
    .locator("tbody tr td:nth-child(2) time")
    .evaluateAll((els) => els.map((e) => e.getAttribute("datetime") ?? ""));
  expect(periods.length).toBeGreaterThan(0);
  expect([...periods].sort()).toEqual(periods);
  await page.getByLabel("Type").selectOption("refund");
  await expect(page).toHaveURL(`${CONSOLE_URL}/outstanding-payments?sort_by=invoice_period&type=refund`);
  await expect(table).not.toHaveAttribute("aria-busy", "true");
  await expect(table.getByRole("row")).not.toHaveCount(1);
  expect(new Set(await table.locator("tbody tr td:nth-child(3)").allTextContents())).toEqual(new Set(["Refund"]));
  await axe(page, "outstanding-payments");
});
