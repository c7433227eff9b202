import { listEmployments } from "../support/api";
import { CONSOLE_URL } from "../support/env";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";

// Acceptance 2: the employments list keeps its whole state in the URL. Two statuses (the seed has
// more than one page of them), a smaller page size, page 2, then an employment opened with the
// keyboard: each view survives a reload, and Back returns to page 2. The rows are compared with what
// the API answers the runner for the same query.

const STATUSES = [
  { value: "active", label: "Active" },
  { value: "review", label: "In review" },
];
const PAGE_SIZE = 10;

/**
 * The signed-in admin's company is synced into the read model soon after sign-in; from then on its
 * list is served from there (sort and search across pages). Waits for that, reloading.
 */
async function untilServedFromReadModel(page: Page) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("freshness-line")).toContainText("Synced from the API", { timeout: 3_000 });
  }).toPass({ timeout: 90_000 });
}

/** The status filter's disclosure button (the Status column's sort button has the same name). */
const statusFilterButton = (page: Page) => page.locator('button[aria-haspopup="dialog"]').filter({ hasText: /^Status/ });

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
  await untilServedFromReadModel(page);

  // Status filter: a disclosure with one checkbox per status.
  const statusButton = statusFilterButton(page);
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
  await expect.poll(() => new URL(page.url()).searchParams.get("status")?.split(",").sort()).toEqual([...statusValues].sort());
  await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText(
    /^Showing 1–\d+ of \d+ employments matching, sorted by Name \(ascending\)\.$/,
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
      // The read model sorts by name (the API has no sort): page 2 holds PAGE_SIZE of the API's rows
      // in these statuses, and the counts are the API's.
      const api = await listEmployments(sandboxApi, { status: statusValues, page: 1, page_size: 100 });
      const onPageTwo = Math.min(PAGE_SIZE, api.total_count - PAGE_SIZE);
      const table = page.getByRole("table", { name: `Employments, page 2 of ${Math.ceil(api.total_count / PAGE_SIZE)}` });
      await expect(table.getByRole("link")).toHaveCount(onPageTwo, { timeout: 5_000 });
      const names = new Set(api.employments.map((e) => e.full_name));
      for (const shown of await table.getByRole("link").allTextContents()) expect(names, `${shown} is in these statuses`).toContain(shown);
      await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText(
        `Showing ${PAGE_SIZE + 1}–${PAGE_SIZE + onPageTwo} of ${api.total_count} employments matching, sorted by Name (ascending).`,
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 30_000 });
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByLabel("Rows per page")).toHaveValue(String(PAGE_SIZE));
    await expect(statusFilterButton(page)).toHaveAccessibleName("Status: 2 selected");
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

test("the search box searches every page (served from the read model) and is kept in the URL", async ({ page, sandboxApi }) => {
  // The employment last by name is not on the first page of 10 (the list sorts by name).
  const all = await listEmployments(sandboxApi, { page: 1, page_size: 100 });
  expect(all.total_count, "the demo seed has more than one page of 10").toBeGreaterThan(20);
  const target = [...all.employments].sort((a, b) => a.full_name.localeCompare(b.full_name, "en"))[all.employments.length - 1]!;
  await page.goto("/employments?page_size=10");
  await untilServedFromReadModel(page);
  const firstPage = page.getByRole("table", { name: /^Employments, page 1 of/ });
  await expect(firstPage.getByRole("link", { name: target.full_name, exact: true })).toHaveCount(0);

  const search = page.getByRole("searchbox", { name: "Search all employments" });
  await search.fill(target.full_name);
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(target.full_name);
  await expect(firstPage.getByRole("link", { name: target.full_name, exact: true }).first()).toBeVisible();

  await page.reload();
  await expect(search).toHaveValue(target.full_name);
  await expect(firstPage.getByRole("link", { name: target.full_name, exact: true }).first()).toBeVisible();
});
