import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";

// Issue 14, Phones: under 640 px the navigation collapses behind a menu button and a list's rows are
// cards (label: value lines) instead of a table that scrolls sideways (docs/decisions/console-phone-layout.md).

test.use({ viewport: { width: 390, height: 844 } });

/** The page is no wider than the viewport: nothing scrolls sideways. */
async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, "the page does not scroll sideways").toBeLessThanOrEqual(widths.inner);
}

test("at phone width the navigation is collapsed behind a menu button that opens, closes on Escape and on navigation", async ({
  page,
  axe,
  snap,
}) => {
  await page.goto("/employments");
  await expect(page.getByRole("heading", { level: 1, name: "Employments" })).toBeVisible();

  const menu = page.getByRole("button", { name: "Menu", exact: true });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  const navId = await menu.getAttribute("aria-controls");
  expect(navId).toBeTruthy();
  const nav = page.locator(`[id="${navId}"]`);
  await expect(nav).toHaveAttribute("aria-label", "Main");
  // Collapsed: the links are neither shown nor in the accessibility tree.
  await expect(nav).toBeHidden();
  await expect(page.getByRole("link", { name: "Expenses", exact: true })).toHaveCount(0);
  await snap(page, "phone-nav-closed");

  // Open, then Escape: closed again and the focus back on the button.
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Expenses", exact: true })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Time off" }).focus();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();
  await expect(nav).toBeHidden();

  // Open, look, and follow a link: the page changes and the menu closes.
  await menu.click();
  const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
  await expect(links).toHaveText([
    "Employments",
    "Time off",
    "Expenses",
    "Incentives",
    "Offboardings",
    "Amendments",
    "Payslips",
    "Payments",
    "Custom fields",
    "Managers",
    "Webhooks",
  ]);
  await expect(links.first()).toHaveAttribute("aria-current", "page");
  await snap(page, "phone-nav-open");
  await axe(page, "phone-nav-open");
  await links.filter({ hasText: "Expenses" }).click();
  await expect(page).toHaveURL(/\/expenses(\?|$)/);
  await expect(page.getByRole("heading", { level: 1, name: "Expenses" })).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();
});

test("at phone width the employments and expenses lists show card rows and nothing scrolls sideways", async ({ page, axe, snap }) => {
  await page.goto("/employments");
  const table = page.getByRole("region", { name: "Employments" });
  const firstRow = table.locator("tbody tr").first();
  await expect(firstRow).toBeVisible();
  // A card: the row is a block, its link the first line, the other cells labelled by their header.
  expect(await firstRow.evaluate((tr) => getComputedStyle(tr).display)).toBe("block");
  // The selection checkbox (bulk invite) floats at the card's top right; the card's lines are the other cells.
  await expect(firstRow.getByRole("checkbox")).toBeVisible();
  const cells = firstRow.locator("td:not(:has(input[type=checkbox]))");
  await expect(cells.first().getByRole("link")).toBeVisible();
  const labels = await cells.evaluateAll((tds) => tds.map((td) => td.getAttribute("data-label")));
  expect(labels[0], "the link heads the card, without a label").toBeNull();
  expect(labels.slice(1).filter(Boolean).length, "the other cells carry their header as a label").toBe(labels.length - 1);
  const before = await cells.nth(1).evaluate((td) => getComputedStyle(td, "::before").content);
  expect(before).toBe(`"${labels[1]}"`);
  // Two cells of a card sit one under the other, not side by side.
  const [a, b] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
  expect(b!.y).toBeGreaterThanOrEqual(a!.y + a!.height - 1);
  // On a phone the header row keeps only its controls (select all, sort buttons): a column title
  // without one is visually hidden (a list served from the read model has a sort button in every header).
  const titles = await page
    .locator("thead th:not(:has(input,button,a,select))")
    .evaluateAll((ths) => ths.map((th) => th.getBoundingClientRect().height));
  for (const height of titles) expect(height, "a visually hidden title takes no line").toBeLessThanOrEqual(1);
  await expect(page.locator("thead").getByRole("checkbox")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await snap(page, "phone-employments-list");
  await axe(page, "phone-employments-list");

  await page.goto("/expenses");
  await expect(page.getByRole("heading", { level: 1, name: "Expenses" })).toBeVisible();
  const expenseRow = page.getByRole("region", { name: "Expenses" }).locator("tbody tr").first();
  await expect(expenseRow).toBeVisible();
  expect(await expenseRow.evaluate((tr) => getComputedStyle(tr).display)).toBe("block");
  await expectNoHorizontalScroll(page);
  await snap(page, "phone-expenses-list");
  await axe(page, "phone-expenses-list");
});

test("at desktop width the list is still a table with its header row", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/employments");
  await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Expenses" })).toBeVisible();
  const table = page.getByRole("table", { name: /^Employments, page 1 of \d+$/ });
  await expect(table.getByRole("columnheader").first()).toBeVisible();
  expect(
    await table
      .locator("tbody tr")
      .first()
      .evaluate((tr) => getComputedStyle(tr).display),
  ).toBe("table-row");
});
