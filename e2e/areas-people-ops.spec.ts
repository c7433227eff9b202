import type { APIRequestContext, Page } from "@playwright/test";
import { createPortugueseEmployee, isoDateIn, workingDaysAhead, type ApiEmployment } from "./support/api";
import { SANDBOX_CUSTOMER_TOKEN } from "./support/env";
import { expect, test, type ConsoleFixtures } from "./support/fixtures";

// The people-ops areas of the console (time off, expenses, incentives, offboardings), driven as an
// admin would: signed in with the demo Customer API token, in the sandbox. Each test creates the
// employment and the records it changes through the API (the runner's token, never the browser's),
// so no test depends on the seed or on another test.

// Each flow crosses several server-rendered pages, with axe on most of them (as the console project).
test.describe.configure({ timeout: 60_000 });

const isTokenSignIn = (r: { method: string; url: string }) =>
  r.method === "POST" && new URL(r.url).pathname === "/api/auth/callback/customer-token";

async function signIn(page: Page, traffic: ConsoleFixtures["traffic"], path: string) {
  traffic.allowSecretInBody("signing in with a Customer API token posts it to the console once", isTokenSignIn);
  await page.goto(path);
  await page.getByRole("textbox", { name: "Customer API token" }).fill(SANDBOX_CUSTOMER_TOKEN);
  await page.getByRole("button", { name: "Sign in with the token" }).click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

/** A new Portuguese employee, activated in the sandbox: every people-ops area accepts records for it. */
async function activeEmployee(api: APIRequestContext, label: string): Promise<ApiEmployment> {
  const created = await createPortugueseEmployee(api, label);
  const res = await api.patch(`/v1/sandbox/employments/${created.id}`, { data: { status: "active" } });
  expect(res.status(), `activate: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: { employment: ApiEmployment } }).data.employment;
}

async function apiJson<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, status: number, what: string): Promise<T> {
  expect(res.status(), `${what}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

const today = () => isoDateIn(0);

/** A 1×1 PNG: the smallest receipt the API accepts as an image. */
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==";

test("request time off and see the balance change", async ({ page, traffic, sandboxApi, axe, snap }) => {
  const employee = await activeEmployee(sandboxApi, "Time off");
  // In this calendar year when it can be: the balance counts this year.
  const [monday, , wednesday] = workingDaysAhead();
  await signIn(page, traffic, `/timeoff/balances?employment_id=${employee.id}`);

  const balance = page.getByRole("region", { name: `Paid time off balance of ${employee.full_name}` });
  await expect(balance.getByRole("group", { name: "Upcoming requested" })).toContainText("0 days");
  const remainingBefore = (await balance.getByRole("group", { name: "Remaining" }).textContent()) ?? "";
  await axe(page, "timeoff-balance");

  await balance.getByRole("link", { name: "Request time off" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Request time off" })).toBeVisible();
  await expect(page.getByLabel("Employment")).toHaveValue(employee.id);
  await page.getByLabel("Type").selectOption("paid_time_off");
  // The type's description comes from GET /v1/timeoff/types.
  await expect(page.getByText("Paid time off taken from the annual entitlement (vacation).")).toBeVisible();
  await page.getByLabel("First day").fill(monday);
  await page.getByLabel("Last day").fill(wednesday);
  await page.getByLabel("Time zone").fill("Europe/Lisbon");
  // One entry per working day, 8 hours each by default, each editable.
  const days = page.getByRole("group", { name: "Days" });
  await expect(days.getByRole("checkbox")).toHaveCount(3);
  await expect(page.getByText("3 days, 24 hours.")).toBeVisible();
  await days.getByRole("spinbutton").last().fill("4");
  await expect(page.getByText("3 days, 20 hours.")).toBeVisible();
  await page.getByLabel("Notes (optional)").fill("E2E long weekend");
  await axe(page, "timeoff-request");
  await snap(page, "people-ops-timeoff-request");
  await page.getByRole("button", { name: "Request time off" }).click();

  // Back on the employment's time off: the request, and the balance counting it as requested.
  await expect(page).toHaveURL(new RegExp(`/timeoff\\?employment_id=${employee.id}&created=`));
  await expect(page.getByRole("status").filter({ hasText: "Time off requested" })).toBeVisible();
  const card = page.getByRole("region", { name: `Paid time off balance of ${employee.full_name}` });
  await expect(card.getByRole("group", { name: "Upcoming requested" })).toContainText("2 days 4 hours");
  const row = page.getByRole("row").filter({ hasText: "E2E long weekend" });
  await expect(row).toContainText("Requested");
  await snap(page, "people-ops-timeoff-list");

  // Approving moves the hours from requested to booked: the remaining balance goes down.
  await row.getByRole("button", { name: /^Approve:/ }).click();
  const dialog = page.getByRole("dialog", { name: "Approve time off" });
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Approved");
  await expect(card.getByRole("group", { name: "Upcoming requested" })).toContainText("0 days");
  await expect(card.getByRole("group", { name: "Remaining" })).not.toHaveText(remainingBefore);

  const list = await apiJson<{ data: { timeoffs: { status: string; timeoff_days: { day: string; hours: number }[] }[] } }>(
    await sandboxApi.get("/v1/timeoff", { params: { employment_id: employee.id } }),
    200,
    "GET /v1/timeoff",
  );
  expect(list.data.timeoffs).toHaveLength(1);
  expect(list.data.timeoffs[0]!.timeoff_days.map((d) => d.hours)).toEqual([8, 8, 4]);
});

test("decline an expense with a reason", async ({ page, traffic, sandboxApi, axe, snap }) => {
  const employee = await activeEmployee(sandboxApi, "Expense");
  const title = `E2E taxi ${Date.now().toString(36)}`;
  const created = await apiJson<{ data: { expense: { id: string } } }>(
    await sandboxApi.post("/v1/expenses", {
      data: {
        employment_id: employee.id,
        title,
        amount: 4250,
        currency: "EUR",
        category: "travel",
        expense_date: today(),
        receipt: { name: "taxi.png", content: PNG_1PX },
      },
    }),
    201,
    "POST /v1/expenses",
  );
  await signIn(page, traffic, `/expenses?employment_id=${employee.id}&status=pending`);

  await expect(page.getByRole("table", { name: /^Expenses, page 1 of 1$/ })).toBeVisible();
  await axe(page, "expenses-list");
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // The receipt is previewed inline through the BFF, with the API's content type.
  const receipt = page.getByRole("img", { name: "Receipt taxi.png" });
  await expect(receipt).toBeVisible();
  // Visible comes before loaded: wait for the decoded image (a broken one stays at width 0).
  await expect.poll(() => receipt.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1))).toBe(1);
  const download = await page.request.get(
    await page
      .getByRole("link", { name: "Download taxi.png" })
      .getAttribute("href")
      .then((h) => h!),
  );
  expect(download.headers()["content-type"]).toBe("image/png");
  expect(download.headers()["content-disposition"]).toMatch(/^attachment;/);

  await page.getByRole("button", { name: "Decline…" }).click();
  const dialog = page.getByRole("dialog", { name: "Decline expense" });
  await dialog.getByRole("button", { name: "Decline" }).click();
  await expect(dialog.getByText("Can't be blank")).toBeVisible();
  await dialog.getByLabel("Reason for declining").fill("The receipt is not legible");
  await snap(page, "people-ops-expense-decline");
  await dialog.getByRole("button", { name: "Decline" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "The expense is declined." })).toBeVisible();
  await expect(page.getByText("The receipt is not legible")).toBeVisible();
  await expect(page.getByRole("button", { name: "Decline…" })).toHaveCount(0);
  await axe(page, "expense-review");

  const after = await apiJson<{ data: { expense: { status: string; reason: string } } }>(
    await sandboxApi.get(`/v1/expenses/${created.data.expense.id}`),
    200,
    "GET expense",
  );
  expect(after.data.expense).toMatchObject({ status: "declined", reason: "The receipt is not legible" });
});

test("create an expense with a receipt; a file over the API's body limit is refused first", async ({ page, traffic, sandboxApi, snap }) => {
  const employee = await activeEmployee(sandboxApi, "Expense upload");
  await signIn(page, traffic, `/expenses/new?employment_id=${employee.id}`);

  await page.getByLabel("Title").fill("E2E coworking day");
  await page.getByLabel("Amount", { exact: true }).fill("25.00");
  await page.getByLabel("Category").selectOption("coworking");
  await page.getByLabel("Date of the expense").fill(today());
  const receipts = page.getByLabel("Receipts");
  await receipts.setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(1_200_000, 37) });
  await expect(page.getByText(/“scan\.pdf” is 1\.2 MB: too large to send\. The API accepts requests of at most 1 MiB/)).toBeVisible();
  await snap(page, "people-ops-expense-too-large");
  await page.getByRole("button", { name: "Submit expense" }).click();
  await expect(page).toHaveURL(/\/expenses\/new/); // nothing was sent

  await receipts.setInputFiles({ name: "desk.png", mimeType: "image/png", buffer: Buffer.from(PNG_1PX, "base64") });
  await page.getByRole("button", { name: "Submit expense" }).click();
  await expect(page).toHaveURL(new RegExp(`/expenses\\?employment_id=${employee.id}&created=`));
  await expect(page.getByRole("row").filter({ hasText: "E2E coworking day" })).toContainText("Pending review");
  const list = await apiJson<{ data: { expenses: { amount: number; receipts: { sub_type: string }[] }[] } }>(
    await sandboxApi.get("/v1/expenses", { params: { employment_id: employee.id } }),
    201, // the provider declares 201 for this read (docs/decisions/contract-people-ops.md)
    "GET /v1/expenses",
  );
  expect(list.data.expenses[0]).toMatchObject({ amount: 2500, receipts: [{ sub_type: "png" }] });
});

test("create a recurring incentive, and fail to delete a paid one", async ({ page, traffic, sandboxApi, axe, snap }) => {
  const employee = await activeEmployee(sandboxApi, "Incentive");
  await signIn(page, traffic, `/incentives/recurring/new?employment_id=${employee.id}`);

  await page.getByLabel("Type").selectOption("meal_allowance");
  await page.getByLabel("Amount each month").fill("70");
  await page.getByLabel("First payment").fill(today());
  await page.getByLabel("Number of months (optional)").fill("3");
  await expect(page.getByText(/3 times, starting/)).toBeVisible();
  await axe(page, "recurring-incentive-form");
  await page.getByRole("button", { name: "Create recurring incentive" }).click();
  await expect(page).toHaveURL(new RegExp(`/incentives/recurring\\?employment_id=${employee.id}&created=`));
  await expect(page.getByRole("row").filter({ hasText: "Meal allowance" })).toContainText("70.00");

  // This month's payment exists at once, pending: payroll (the sandbox's simulation) pays it.
  await page.getByRole("navigation", { name: "Incentives" }).getByRole("link", { name: "One-time" }).click();
  await expect(page).toHaveURL(new RegExp(`/incentives\\?employment_id=${employee.id}$`));
  const monthly = page.getByRole("row").filter({ hasText: "Meal allowance" });
  await expect(monthly).toContainText("Pending");
  await monthly.getByRole("button", { name: /^Sandbox: mark .* as paid$/ }).click();
  await expect(monthly).toContainText("Paid");
  // Paid: Edit and Delete are disabled, with the reason next to them.
  const del = monthly.getByRole("button", { name: /^Delete / });
  await expect(del).toHaveAttribute("aria-disabled", "true");
  await expect(del).toHaveAccessibleDescription(/paid with payroll: it can no longer be edited or deleted/);
  await del.click({ force: true });
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await axe(page, "incentives-list");

  // A page showing a pending incentive that payroll pays meanwhile: the API's 409 reaches the user.
  const bonus = await apiJson<{ data: { incentive: { id: string } } }>(
    await sandboxApi.post("/v1/incentives", {
      data: {
        employment_id: employee.id,
        type: "bonus",
        amount: 10000,
        amount_tax_type: "gross",
        effective_date: today(),
        note: "E2E bonus",
      },
    }),
    201,
    "POST /v1/incentives",
  );
  await page.reload();
  const bonusRow = page.getByRole("row").filter({ hasText: "E2E bonus" });
  await expect(bonusRow).toContainText("Pending");
  await apiJson(
    await sandboxApi.put(`/v1/sandbox/incentives/${bonus.data.incentive.id}`, { data: { status: "paid" } }),
    200,
    "sandbox pay",
  );
  await bonusRow.getByRole("button", { name: /^Delete / }).click();
  const dialog = page.getByRole("dialog", { name: "Delete incentive" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  const conflict = page.getByRole("alert").filter({ hasText: "The API refused the change" });
  await expect(conflict).toContainText("An incentive in status paid cannot be deleted: payroll has taken it");
  await expect(conflict).toContainText(/Request id: \S+/);
  await expect(bonusRow).toContainText("Paid");
  await snap(page, "people-ops-incentive-409");
  await apiJson(await sandboxApi.get(`/v1/incentives/${bonus.data.incentive.id}`), 200, "the paid incentive is still there");
});

test("start an offboarding from an employment", async ({ page, traffic, sandboxApi, axe, snap }) => {
  const employee = await activeEmployee(sandboxApi, "Offboarding");
  await signIn(page, traffic, `/employments/${employee.id}`);

  // The employment page links to each area, filtered to it.
  const areas = page.getByRole("navigation", { name: "More about this employment" });
  await expect(areas.getByRole("link", { name: /^Time off/ })).toHaveAttribute("href", `/timeoff?employment_id=${employee.id}`);
  await expect(areas.getByRole("link", { name: /^Offboardings/ })).toHaveAttribute("href", `/offboardings?employment_id=${employee.id}`);

  await page.getByRole("link", { name: "Start offboarding" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Start offboarding" })).toBeVisible();
  await expect(page.getByLabel("Employment")).toHaveValue(employee.id);
  await page.getByLabel("Proposed termination date").fill(isoDateIn(30));
  await page.getByLabel("Reason", { exact: true }).selectOption("mutual_agreement");
  await page.getByLabel("Describe the reason").fill("E2E: both parties agreed to end the contract.");
  await page.getByRole("checkbox", { name: "None of these" }).check();
  await page.getByRole("group", { name: "Is the employee expected to challenge the termination?" }).getByLabel("No").check();
  await axe(page, "offboarding-form");
  await snap(page, "people-ops-offboarding-form");
  await page.getByRole("button", { name: "Submit offboarding" }).click();

  await expect(page.getByRole("heading", { level: 1, name: `Offboarding of ${employee.full_name}` })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Offboarding submitted" })).toBeVisible();
  await expect(page.getByText("Submitted", { exact: true }).first()).toBeVisible();

  // The sandbox simulates the provider's review.
  await page.getByRole("button", { name: "Start review" }).click();
  await page.getByRole("dialog", { name: "Start review (sandbox)" }).getByRole("button", { name: "Start review" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The offboarding is now in review (sandbox)." })).toBeVisible();
  await axe(page, "offboarding-detail");
  await snap(page, "people-ops-offboarding-detail");

  const after = await apiJson<{ data: { employment: { status: string } } }>(
    await sandboxApi.get(`/v1/employments/${employee.id}`),
    200,
    "GET employment",
  );
  expect(after.data.employment.status).toBe("offboarding");
  await page.getByRole("link", { name: "Open the employment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: employee.full_name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start offboarding" })).toHaveCount(0);
});
