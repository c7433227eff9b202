import type { APIRequestContext } from "@playwright/test";
import { createPortugueseEmployee, isoDateIn } from "../support/api";
import { expect, test } from "../support/fixtures";

// Issue 14, sorting and saved views. A column header sorts the whole filtered list (the console reads
// every page: lib/console/server/list/sorted.ts), sets aria-sort on its header and keeps the sort in
// the URL; a saved view keeps the list's filters, sort and shown columns under a name, and its link,
// opened in a fresh page, restores them exactly. The employee and expenses are created through the
// API by the runner, so the test depends on neither the seed nor another test.

test.describe.configure({ timeout: 90_000 });

const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==";

async function createExpense(api: APIRequestContext, employmentId: string, title: string, amount: number): Promise<string> {
  const res = await api.post("/v1/expenses", {
    data: {
      employment_id: employmentId,
      title,
      amount,
      currency: "EUR",
      category: "travel",
      expense_date: isoDateIn(0),
      receipt: { name: "r.png", content: PNG_1PX },
    },
  });
  expect(res.status(), `POST /v1/expenses: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { data: { expense: { id: string } } }).data.expense.id;
}

test("a column sort orders the rows across pages and sets aria-sort; a saved view's link restores filters, sort and columns", async ({
  page,
  context,
  sandboxApi,
  axe,
  snap,
}) => {
  const created = await createPortugueseEmployee(sandboxApi, "Sort");
  const activated = await sandboxApi.patch(`/v1/sandbox/employments/${created.id}`, { data: { status: "active" } });
  expect(activated.status(), `activate: ${await activated.text()}`).toBe(200);
  const employee = created;
  const tag = Date.now().toString(36);
  // Twelve expenses (two pages of ten), created in an order that is neither the amount order nor its reverse.
  const expenses = Array.from({ length: 12 }, (_, i) => ({ title: `Sort ${i} ${tag}`, amount: 1000 + ((i * 7) % 12) * 250 }));
  const ids = new Map<string, string>();
  for (const e of expenses) ids.set(e.title, await createExpense(sandboxApi, employee.id, e.title, e.amount));
  const idsBy = (order: "asc" | "desc") =>
    [...expenses].sort((a, b) => (order === "asc" ? a.amount - b.amount : b.amount - a.amount)).map((e) => ids.get(e.title)!);

  // Pages of 10: the sort orders all twelve rows, page 1 holds the first ten of that order.
  await page.goto(`/expenses?employment_id=${employee.id}&page_size=10`);
  const table = page.getByRole("table", { name: /^Expenses, page 1 of 2$/ });
  await expect(table).toBeVisible();
  const amountHeader = table.getByRole("columnheader", { name: /Amount/ });
  await expect(amountHeader).toHaveAttribute("aria-sort", "none");
  // The table of whichever page is shown (its caption names the page).
  const rowIds = () =>
    page
      .getByRole("table", { name: /^Expenses, page/ })
      .locator("tbody tr[data-expense-id]")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-expense-id")));

  await amountHeader.getByRole("button").click();
  await expect(page).toHaveURL(/[?&]sort=amount(&|$)/);
  await expect(amountHeader).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(rowIds).toEqual(idsBy("asc").slice(0, 10));
  // Keyboard: the header is a button; Enter reverses the order.
  await amountHeader.getByRole("button").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]order=desc(&|$)/);
  await expect(amountHeader).toHaveAttribute("aria-sort", "descending");
  await expect.poll(rowIds).toEqual(idsBy("desc").slice(0, 10));
  await expect(table.getByRole("columnheader", { name: /Date/ })).toHaveAttribute("aria-sort", "none");
  await axe(page, "sorted-list");
  await snap(page, "sort-expenses-by-amount");

  // Across pages: page 2 holds the two smallest, not the API's second page sorted.
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByRole("table", { name: /^Expenses, page 2 of 2$/ })).toBeVisible();
  await expect.poll(rowIds).toEqual(idsBy("desc").slice(10));

  // Hide a column, then save the view.
  await page.goto(`/expenses?sort=amount&order=desc&employment_id=${employee.id}&status=pending&page_size=10`);
  await expect.poll(rowIds).toEqual(idsBy("desc").slice(0, 10));
  await page.getByRole("button", { name: /^Columns/ }).click();
  await page.getByRole("checkbox", { name: "Receipts" }).uncheck();
  await expect(page).toHaveURL(/[?&]hide=receipts(&|$)/);
  await page.keyboard.press("Escape");
  await expect(table.getByRole("columnheader", { name: /Receipts/ })).toHaveCount(0);

  await page.getByRole("button", { name: "Saved views" }).click();
  const menu = page.getByRole("dialog", { name: "Saved views" });
  await expect(menu).toContainText("No saved views yet");
  const name = `Pending, largest first ${tag}`;
  await menu.getByLabel("Save this view as").fill(name);
  await menu.getByRole("button", { name: "Save", exact: true }).click();
  await expect(menu).toContainText(`View “${name}” saved.`);
  const link = menu.getByRole("link", { name });
  await expect(link).toHaveAttribute("aria-current", "true");
  await axe(page, "views-menu");
  await snap(page, "sort-saved-views-menu");
  const href = await link.getAttribute("href");
  expect(href).toBe(`/expenses?sort=amount&order=desc&employment_id=${employee.id}&status=pending&page_size=10&hide=receipts`);

  // The link in a fresh page: the same filters, sort and columns.
  const fresh = await context.newPage();
  await fresh.goto(href!);
  const freshTable = fresh.getByRole("table", { name: /^Expenses, page 1 of 2$/ });
  await expect(freshTable).toBeVisible();
  await expect(freshTable.getByRole("columnheader", { name: /Amount/ })).toHaveAttribute("aria-sort", "descending");
  await expect(freshTable.getByRole("columnheader", { name: /Receipts/ })).toHaveCount(0);
  await expect(fresh.getByRole("combobox", { name: "Status" })).toHaveValue("pending");
  await expect
    .poll(() => freshTable.locator("tbody tr[data-expense-id]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-expense-id"))))
    .toEqual(idsBy("desc").slice(0, 10));
  await axe(fresh, "saved-view-restored");

  // Applied from the menu on a changed list (the menu stays open and says so), then deleted.
  await page.goto(`/expenses?employment_id=${employee.id}`);
  await page.getByRole("button", { name: "Saved views" }).click();
  const reopened = page.getByRole("dialog", { name: "Saved views" });
  await reopened.getByRole("link", { name }).click();
  // The same state (compared as a set of parameters: the order is not what this checks).
  const params = (url: string) => [...new URL(url, "http://x").searchParams].map(([k, v]) => `${k}=${v}`).sort();
  await expect.poll(() => params(page.url())).toEqual(params(href!));
  await expect(reopened).toContainText(`View “${name}” applied.`);
  await expect.poll(rowIds).toEqual(idsBy("desc").slice(0, 10));
  await reopened.getByRole("button", { name: `Delete the view ${name}` }).click();
  await expect(reopened).toContainText(`View “${name}” deleted.`);
  await expect(reopened.getByRole("link", { name })).toHaveCount(0);
});
