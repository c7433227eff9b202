import { listEmployments } from "../support/api";
import { CONSOLE_URL } from "../support/env";
import { expect, test } from "../support/fixtures";

// Acceptance 2: the employments list keeps its whole state in the URL. Two statuses (the seed has
// more than one page of them), a smaller page size, page 2, then an employment opened with the
// keyboard: each view survives a reload, and Back returns to page 2. The rows are compared with what
// the API answers the runner for the same query.

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const STATUSES = [
  { value: "active", label: "Active" },
  { value: "review", label: "In review" },
];
const PAGE_SIZE = 10;

test("filter by two statuses, change the page size, go to page 2 and open an employment: the URL carries the view", async ({
  page,
  sandboxApi,
  axe,
  snap,
}) => {
  const statusValues = STATUSES.map((s) => s.value);
  const before = await listEmployments(sandboxApi, { status: statusValues, page: 2, page_size: PAGE_SIZE });
  expect(before.total_count, "the demo seed has more than one page of these statuses").toBeGreaterThan(PAGE_SIZE);

  await page.goto("/employments");
  await expect(page.getByRole("heading", { level: 1, name: "Employments" })).toBeVisible();

  // Status filter: a disclosure with one checkbox per status.
  const statusButton = page.getByRole("button", { name: /^Status/ });
  await statusButton.click();
  await expect(statusButton).toHaveAttribute("aria-expanded", "true");
  const statusGroup = page.getByRole("group", { name: "Show employments in status" });
  for (const s of STATUSES) {
    const box = statusGroup.getByLabel(s.label, { exact: true });
    await box.click();
    await expect(box).toBeChecked();
  }
  await page.getByRole("button", { name: "Done" }).click();
  await expect(statusGroup).toBeHidden();
  await expect(statusButton).toHaveAccessibleName("Status: 2 selected");
  for (const s of STATUSES) await expect(page.getByRole("button", { name: `Remove status filter ${s.label}` })).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get("status")?.split(",").sort()).toEqual([...statusValues].sort());
  await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText(
    /^Showing 1–\d+ of \d+ employments matching these filters\.$/,
  );

  // Page size, then page 2.
  await page.getByLabel("Rows per page").selectOption(String(PAGE_SIZE));
  await expect.poll(() => new URL(page.url()).searchParams.get("page_size")).toBe(String(PAGE_SIZE));
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await pagination.getByRole("link", { name: "Page 2" }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBe("2");

  // Page 2 shows what the API answers for the same query. Other specs running at the same time may
  // create employments in these statuses: on a difference, the page is reloaded and compared again.
  const expectPageTwo = async () => {
    let attempt = 0;
    await expect(async () => {
      if (attempt++ > 0) await page.reload();
      const api = await listEmployments(sandboxApi, { status: statusValues, page: 2, page_size: PAGE_SIZE });
      const table = page.getByRole("table", { name: `Employments, page 2 of ${api.total_pages}` });
      await expect(table.getByRole("link")).toHaveText(
        api.employments.map((e) => e.full_name),
        { timeout: 5_000 },
      );
      await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText(
        `Showing ${PAGE_SIZE + 1}–${PAGE_SIZE + api.employments.length} of ${api.total_count} employments matching these filters.`,
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 30_000 });
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByLabel("Rows per page")).toHaveValue(String(PAGE_SIZE));
    await expect(page.getByRole("button", { name: /^Status/ })).toHaveAccessibleName("Status: 2 selected");
  };
  await expectPageTwo();
  const listUrl = page.url();

  // The same view after a reload: the server renders it from the URL alone.
  await page.reload();
  await expect(page).toHaveURL(listUrl);
  await expectPageTwo();
  await snap(page, "employments-list");
  await axe(page, "employments-list");

  // A row opens with the keyboard: its name is a link (Tab reaches it, Enter opens it).
  const link = page
    .getByRole("table", { name: /^Employments, page 2 of \d+$/ })
    .getByRole("link")
    .first();
  const name = (await link.textContent()) ?? "";
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/employments\/[0-9a-f-]{36}$/);
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${CONSOLE_URL}${href}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // Back returns to the filtered page 2.
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expectPageTwo();
});

test("the search box filters the loaded page only and is kept in the URL", async ({ page, sandboxApi }) => {
  const firstPage = await listEmployments(sandboxApi, { status: ["active"], page: 1, page_size: 20 });
  const target = firstPage.employments[0]!;
  await page.goto("/employments?status=active");
  const search = page.getByRole("searchbox", { name: "Search this page" });
  await search.fill(target.full_name);
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(target.full_name);
  const table = page.getByRole("table", { name: /^Employments, page 1 of/ });
  await expect(table.getByRole("link", { name: target.full_name, exact: true }).first()).toBeVisible();
  const shown = await table.getByRole("link").allTextContents();
  expect(shown.length).toBeLessThan(firstPage.employments.length);
  const summary = new RegExp(`^${shown.length} of the \\d+ employments on this page match “${escapeRegExp(target.full_name)}”\\.$`);
  await expect(page.getByRole("status").filter({ hasText: "on this page match" })).toHaveText(summary);

  await page.reload();
  await expect(search).toHaveValue(target.full_name);
  await expect(table.getByRole("link")).toHaveText(shown);
  await expect(page.getByRole("status").filter({ hasText: "on this page match" })).toHaveText(summary);
});
