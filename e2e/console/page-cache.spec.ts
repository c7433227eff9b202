import type { Page, Response } from "@playwright/test";
import { createPortugueseEmployee } from "../support/api";
import { expect, test } from "../support/fixtures";

// The page cache (docs/decisions/console-page-cache.md) as a browser meets it: a reload of the same
// page in the same session is answered with the kept rendering while nothing was written, and a
// write made elsewhere (here through the API itself, not the console) is on the very next reload.
// The e2e server keeps pages a minute (playwright.config.ts), so a page that changed without a
// write would show in every spec that reloads one.

const MARKER = "x-roster-page-cache";

/** Reloads until the answer comes from the cache (background writes, such as webhooks the API sends the console, may come first). */
async function reloadUntilKept(page: Page): Promise<Response> {
  let last: Response | null = null;
  await expect
    .poll(
      async () => {
        last = await page.reload();
        return last?.headers()[MARKER];
      },
      { message: "a reload is answered from the page cache", timeout: 20_000, intervals: [250, 500, 1_000] },
    )
    .toBe("hit");
  return last!;
}

test("an employment page is answered again from the cache, and rendered anew after a write through the API", async ({
  page,
  sandboxApi,
  snap,
}) => {
  const employee = await createPortugueseEmployee(sandboxApi, "page cache");
  const first = await page.goto(`/employments/${employee.id}`);
  expect(first?.headers()[MARKER]).toBe("miss");
  const main = page.getByRole("main");
  const stage = main.getByText(/^Stage \d of 7: /);
  await expect(main.getByRole("heading", { level: 1, name: employee.full_name })).toBeVisible();
  await expect(stage).not.toContainText("Onboarded");

  // The kept page is the whole page: it renders and hydrates as the first did.
  const kept = await reloadUntilKept(page);
  expect(await kept.text()).toContain(employee.full_name);
  await expect(main.getByRole("heading", { level: 1, name: employee.full_name })).toBeVisible();
  await expect(stage).not.toContainText("Onboarded");
  await snap(page, "page-cache-employment-kept");
  // And it is live: a client-side navigation from it works.
  await main.getByRole("link", { name: "Edit employment" }).click();
  await expect(page).toHaveURL(new RegExp(`/employments/${employee.id}/edit$`));
  await expect(page.getByRole("heading", { level: 1, name: "Edit employment" })).toBeVisible();
  await page.goto(`/employments/${employee.id}`);

  // A write the console did not make: the next reload renders, and shows it.
  const activated = await sandboxApi.patch(`/v1/sandbox/employments/${employee.id}`, { data: { status: "active" } });
  expect(activated.status(), await activated.text()).toBe(200);
  const after = await page.reload();
  expect(after?.headers()[MARKER]).toBe("miss");
  await expect(stage).toContainText("Onboarded");

  // A hard reload (Cache-Control: no-cache) is always rendered.
  const hard = await page.request.get(`/employments/${employee.id}`, { headers: { "cache-control": "no-cache" } });
  expect(hard.headers()[MARKER]).toBe("bypass");
});

test("the employments list is kept per query, and rendered anew after a write through the API", async ({ page, sandboxApi }) => {
  await page.goto("/employments?status=created");
  await reloadUntilKept(page);
  // Another query is another page.
  const other = await page.goto("/employments?status=active");
  expect(other?.headers()[MARKER]).toBe("miss");

  await page.goto("/employments?status=created");
  await reloadUntilKept(page);
  await createPortugueseEmployee(sandboxApi, "page cache list");
  // The API's write moved the write epoch at once: the next reload is rendered, then kept again.
  const next = await page.reload();
  expect(next?.headers()[MARKER]).toBe("miss");
  await expect(page.getByRole("heading", { level: 1, name: "Employments" })).toBeVisible();
  await reloadUntilKept(page);
});
