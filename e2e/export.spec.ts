import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { createPortugueseEmployee, isoDateIn } from "./support/api";
import { ADMIN_EMAIL, API_URL, CONSOLE_URL, DEMO_PASSWORD } from "./support/env";
import { expect, signInAtApi, test } from "./support/fixtures";
import { parseCsv } from "../test-support/console/csv";

// Issue 14, CSV export: the expenses of one employment (105 of them: two pages of the API's 100) are
// exported from the list showing 20 a page; the download holds exactly the list's total_count rows,
// the progress line counted them ("Exporting… n of 105 rows"), and the page stays accessible. A refused
// export shows the console's error banner with the API's message. Data is created through the API by
// the runner, so the test depends on neither the seed nor another test.

test.use({ storageState: { cookies: [], origins: [] } });
test.describe.configure({ mode: "serial", timeout: 180_000 });

const COUNT = 105;
/** A 1×1 PNG: the smallest receipt the API accepts as an image. */
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==";

/** Signs in as the demo company's admin through the API's pages (this spec runs outside the signed-in project). */
async function signIn(page: Page) {
  await page.goto("/expenses");
  await page.getByRole("button", { name: "Sign in with the Employment API" }).click();
  await expect(page).toHaveURL((url) => url.origin === new URL(API_URL.sandbox).origin && url.pathname === "/auth/oauth2/authorize");
  await signInAtApi(page, { email: ADMIN_EMAIL, password: DEMO_PASSWORD });
  await expect(page).toHaveURL(`${CONSOLE_URL}/expenses`);
}

async function seedExpenses(api: APIRequestContext): Promise<string> {
  const employee = await createPortugueseEmployee(api, "Export");
  const activated = await api.patch(`/v1/sandbox/employments/${employee.id}`, { data: { status: "active" } });
  expect(activated.status(), await activated.text()).toBe(200);
  for (let i = 0; i < COUNT; i++) {
    const res = await api.post("/v1/expenses", {
      data: {
        employment_id: employee.id,
        // A title a spreadsheet would run as a formula, and one with a comma and quotes: the file must hold them as text.
        title: i === 0 ? "=1+1" : i === 1 ? 'Taxi, "airport"' : `Export expense ${i}`,
        amount: 1000 + i,
        currency: "EUR",
        category: "travel",
        expense_date: isoDateIn(0),
        receipt: { name: "r.png", content: PNG_1PX },
      },
    });
    expect(res.status(), `POST /v1/expenses: ${await res.text()}`).toBe(201);
  }
  return employee.id;
}

/** Records every text the export's status line shows (progress flashes by on a fast machine). */
async function recordStatusTexts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __exportTexts: string[] }).__exportTexts = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll("p[role=status]")) {
        const t = el.textContent ?? "";
        if (t.startsWith("Export") && seen.at(-1) !== t) seen.push(t);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** RFC 4180 records of a CSV file (BOM stripped), read by the tests' one CSV reader. */
const records = (text: string): string[][] => parseCsv(text.replace(/^\uFEFF/, ""));

test("exporting a list downloads a CSV of the whole filtered list (total_count rows) and shows progress", async ({
  page,
  sandboxApi,
  axe,
  snap,
}) => {
  const employmentId = await seedExpenses(sandboxApi);
  const totalRes = await sandboxApi.get(`/v1/expenses?employment_id=${employmentId}&page_size=1`);
  const total = ((await totalRes.json()) as { data: { total_count: number } }).data.total_count;
  expect(total).toBe(COUNT);

  await signIn(page);
  await page.goto(`/expenses?employment_id=${employmentId}`);
  await expect(page.getByRole("table", { name: /^Expenses, page 1 of 6$/ })).toBeVisible();
  await axe(page, "export-list");

  await recordStatusTexts(page);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^expenses-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByRole("status").filter({ hasText: /^Exported / })).toHaveText(
    new RegExp(`^Exported ${COUNT} expenses to expenses-\\d{4}-\\d{2}-\\d{2}\\.csv\\.$`),
  );
  const texts = await page.evaluate(() => (window as unknown as { __exportTexts: string[] }).__exportTexts);
  expect(
    texts.some((t) => new RegExp(`^Exporting… \\d+ of ${COUNT} rows$`).test(t)),
    texts.join(" | "),
  ).toBe(true);

  const [header, ...rows] = records(readFileSync((await file.path())!, "utf8"));
  expect(header!.slice(0, 5)).toEqual(["Expense", "Category", "Expense ID", "Employee", "Employment ID"]);
  expect(rows).toHaveLength(total);
  expect(new Set(rows.map((r) => r[4]))).toEqual(new Set([employmentId]));
  const titles = rows.map((r) => r[0]);
  expect(titles).toContain("'=1+1");
  expect(titles).toContain('Taxi, "airport"');
  await axe(page, "export-done");
  await snap(page, "export-done");
});

test("a refused export shows the error banner with the API's message", async ({ page, axe, snap }) => {
  await signIn(page);
  await page.route("**/api/bff/expenses/export**", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({
        error: {
          kind: "rate_limited",
          status: 429,
          message: "Rate limit reached: retry in 42 seconds",
          requestId: "req_export_e2e",
          retryAfter: 42,
        },
      }),
    }),
  );
  const alert = page.getByRole("alert").filter({ hasText: "The export failed" });
  // A press before the list's page has hydrated does nothing (the button is React's): press until the
  // export has run (under load the first press can land on the server's markup).
  await expect(async () => {
    await page.getByRole("button", { name: "Export CSV" }).click();
    await expect(alert).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(alert).toContainText("Try again in 42 seconds");
  await expect(alert).toContainText("req_export_e2e");
  await expect(alert.getByRole("button", { name: "Try again" })).toBeVisible();
  await axe(page, "export-error");
  await snap(page, "export-error");
});
