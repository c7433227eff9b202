import type { APIRequestContext } from "@playwright/test";
import { createPortugueseEmployee, isoDateIn, workingDaysAhead, type ApiEmployment } from "../support/api";
import { expect, test } from "../support/fixtures";

// Issue 14, bulk actions: select expenses on the list, approve them in one go. The confirmation names
// how many rows will be approved and which selected row is skipped (a declined expense: the rule of
// lib/console/expenses/rules.ts), the result lists each row's outcome, and the list shows the new
// states. The employment and its expenses are created through the API by the runner, so the test
// depends on neither the seed nor another test.

test.describe.configure({ timeout: 60_000 });

/** A 1×1 PNG: the smallest receipt the API accepts as an image. */
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==";

async function activeEmployee(api: APIRequestContext): Promise<ApiEmployment> {
  const created = await createPortugueseEmployee(api, "Bulk");
  const res = await api.patch(`/v1/sandbox/employments/${created.id}`, { data: { status: "active" } });
  expect(res.status(), `activate: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: { employment: ApiEmployment } }).data.employment;
}

/** POSTs `data` to `path`; the id of the created object, answered under `key` (`expense`, `timeoff`). */
async function create(api: APIRequestContext, path: string, key: string, data: Record<string, unknown>): Promise<string> {
  const res = await api.post(path, { data });
  expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { data: Record<string, { id: string }> }).data[key]!.id;
}

/** The status of the object at `path`, answered under `key`. */
async function statusOf(api: APIRequestContext, path: string, key: string): Promise<string> {
  const res = await api.get(path);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Record<string, { status: string }> }).data[key]!.status;
}

const createExpense = (api: APIRequestContext, employmentId: string, title: string) =>
  create(api, "/v1/expenses", "expense", {
    employment_id: employmentId,
    title,
    amount: 1200,
    currency: "EUR",
    category: "travel",
    expense_date: isoDateIn(0),
    receipt: { name: "r.png", content: PNG_1PX },
  });

const expenseStatus = (api: APIRequestContext, id: string) => statusOf(api, `/v1/expenses/${id}`, "expense");

test("approve two pending expenses in bulk: the confirmation names the count, the result is per row, the list updates", async ({
  page,
  sandboxApi,
  axe,
  snap,
}) => {
  const employee = await activeEmployee(sandboxApi);
  const tag = Date.now().toString(36);
  const titles = [`Bulk taxi ${tag}`, `Bulk train ${tag}`, `Bulk hotel ${tag}`];
  const ids = [];
  for (const title of titles) ids.push(await createExpense(sandboxApi, employee.id, title));
  // The third is declined already: selected too, it is skipped with the rule's reason, never sent.
  const declined = await sandboxApi.patch(`/v1/expenses/${ids[2]}`, { data: { status: "declined", reason: "Duplicate" } });
  expect(declined.status(), await declined.text()).toBe(200);

  await page.goto(`/expenses?employment_id=${employee.id}`);
  const table = page.getByRole("table", { name: /^Expenses, page 1 of 1$/ });
  await expect(table).toBeVisible();
  await expect(page.getByRole("toolbar", { name: "Bulk actions" })).toHaveCount(0);

  for (const title of titles) await table.getByRole("checkbox", { name: new RegExp(`^Select ${title}, `) }).check();
  const toolbar = page.getByRole("toolbar", { name: "Bulk actions" });
  await expect(toolbar).toContainText("3 selected");
  await axe(page, "bulk-selected");

  await toolbar.getByRole("button", { name: "Approve…" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve expenses" });
  await expect(dialog).toContainText("2 expenses will be approved.");
  await expect(dialog).toContainText("1 of 3 selected will be skipped:");
  await expect(dialog).toContainText(`${titles[2]}`);
  await expect(dialog).toContainText("only pending expenses can be reviewed");
  await axe(page, "bulk-confirm");
  await snap(page, "bulk-confirm");
  await dialog.getByRole("button", { name: "Approve 2 expenses" }).click();
  await expect(dialog).toBeHidden();

  const result = page.getByRole("status").filter({ hasText: "Approve expenses: 2 done, 1 skipped" });
  await expect(result).toBeVisible();
  const perRow = result.getByRole("list", { name: "Results per row" }).getByRole("listitem");
  await expect(perRow).toHaveCount(3);
  await expect(perRow.filter({ hasText: titles[0] })).toContainText("Done");
  await expect(perRow.filter({ hasText: titles[1] })).toContainText("Done");
  await expect(perRow.filter({ hasText: titles[2] })).toContainText("Skipped");

  // The list was refetched: the two rows show Approved, the selection is cleared.
  for (const id of ids.slice(0, 2)) await expect(table.locator(`[data-expense-id="${id}"]`)).toContainText("Approved");
  await expect(page.getByRole("toolbar", { name: "Bulk actions" })).toHaveCount(0);
  await axe(page, "bulk-result");
  await snap(page, "bulk-result");

  expect(await Promise.all(ids.map((id) => expenseStatus(sandboxApi, id)))).toEqual(["approved", "approved", "declined"]);
});

const createTimeoff = (api: APIRequestContext, employmentId: string, day: string, status: "requested" | "approved") =>
  create(api, "/v1/timeoff", "timeoff", {
    employment_id: employmentId,
    timeoff_type: "paid_time_off",
    start_date: day,
    end_date: day,
    timezone: "Europe/Lisbon",
    timeoff_days: [{ day, hours: 8 }],
    status,
  });

const timeoffStatus = (api: APIRequestContext, id: string) => statusOf(api, `/v1/timeoff/${id}`, "timeoff");

test("decline two time off requests in bulk with one reason: the approved one is skipped, the list updates", async ({
  page,
  sandboxApi,
}) => {
  const employee = await activeEmployee(sandboxApi);
  const days = workingDaysAhead();
  const ids = [
    await createTimeoff(sandboxApi, employee.id, days[0]!, "requested"),
    await createTimeoff(sandboxApi, employee.id, days[1]!, "requested"),
    // Approved already: selected too, it is skipped with the rule's reason, never sent.
    await createTimeoff(sandboxApi, employee.id, days[2]!, "approved"),
  ];

  await page.goto(`/timeoff?employment_id=${employee.id}`);
  const table = page.getByRole("table", { name: /^Time off requests, page 1 of 1$/ });
  await expect(table).toBeVisible();
  const boxes = table.getByRole("checkbox", { name: new RegExp(`^Select Paid time off of ${employee.full_name}, `) });
  await expect(boxes).toHaveCount(3);
  for (let i = 0; i < 3; i++) await boxes.nth(i).check();
  const toolbar = page.getByRole("toolbar", { name: "Bulk actions" });
  await expect(toolbar).toContainText("3 selected");

  await toolbar.getByRole("button", { name: "Decline…" }).click();
  const dialog = page.getByRole("dialog", { name: "Decline time off" });
  await expect(dialog).toContainText("2 time off requests will be declined with the reason below (the employee sees it).");
  await expect(dialog).toContainText("1 of 3 selected will be skipped:");
  await dialog.getByLabel("Reason for declining").fill("Team offsite that week");
  await dialog.getByRole("button", { name: "Decline 2 time off requests" }).click();
  await expect(dialog).toBeHidden();

  const result = page.getByRole("status").filter({ hasText: "Decline time off: 2 done, 1 skipped" });
  await expect(result).toBeVisible();
  await expect(result.getByRole("list", { name: "Results per row" }).getByRole("listitem")).toHaveCount(3);
  for (const id of ids.slice(0, 2)) await expect(table.locator(`[data-timeoff-id="${id}"]`)).toContainText("Declined");
  await expect(page.getByRole("toolbar", { name: "Bulk actions" })).toHaveCount(0);

  expect(await Promise.all(ids.map((id) => timeoffStatus(sandboxApi, id)))).toEqual(["declined", "declined", "approved"]);
});
