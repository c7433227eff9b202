import { randomUUID } from "node:crypto";
import type { Page, Response } from "@playwright/test";
import { listEmployments } from "../support/api";
import { expect, test } from "../support/fixtures";

// Issue 14, "Real not-found": a missing object, an unknown address and an unknown form name answer
// HTTP 404 (the status of the document, also where the page streams behind a loading.tsx) with a
// not-found page inside the console's layout: the header and its navigation, and a link back.

/** The document's response: its status, and the page inside the console's layout. */
async function expectNotFoundInLayout(page: Page, response: Response | null, heading: string) {
  expect(response, "a document response").not.toBeNull();
  expect(response!.status(), `${response!.url()} answers 404`).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  // The console's layout: its banner (the header) with the navigation, and the one main landmark.
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("navigation").first()).toBeVisible();
  await expect(page.getByRole("main")).toContainText(heading);
}

test("a missing employment answers 404 inside the layout, with a way back to the employments", async ({ page, axe, snap }) => {
  const response = await page.goto(`/employments/${randomUUID()}`);
  await expectNotFoundInLayout(page, response, "Employment not found");
  await axe(page, "employment-not-found");
  await snap(page, "employment-not-found");
  await page.getByRole("main").getByRole("link", { name: "All employments" }).click();
  await expect(page).toHaveURL(/\/employments(\?|$)/);
  await expect(page.getByRole("heading", { level: 1, name: /Employments/ })).toBeVisible();
});

test("a missing employment's edit page and form page answer 404 too", async ({ page }) => {
  const id = randomUUID();
  await expectNotFoundInLayout(page, await page.goto(`/employments/${id}/edit`), "Employment not found");
  await expectNotFoundInLayout(page, await page.goto(`/employments/${id}/forms/personal_details`), "Employment not found");
});

test("a missing expense answers 404 inside the layout, with a way back to the expenses", async ({ page, axe, snap }) => {
  const response = await page.goto(`/expenses/${randomUUID()}`);
  await expectNotFoundInLayout(page, response, "Expense not found");
  await axe(page, "expense-not-found");
  await snap(page, "expense-not-found");
  await page.getByRole("main").getByRole("link", { name: "All expenses" }).click();
  await expect(page).toHaveURL(/\/expenses(\?|$)/);
});

test("a missing offboarding answers 404 inside the layout, with a way back to the offboardings", async ({ page, axe }) => {
  const response = await page.goto(`/offboardings/${randomUUID()}`);
  await expectNotFoundInLayout(page, response, "Offboarding not found");
  await axe(page, "offboarding-not-found");
  await page.getByRole("main").getByRole("link", { name: "All offboardings" }).click();
  await expect(page).toHaveURL(/\/offboardings(\?|$)/);
});

test("a missing contract amendment answers 404 inside the layout, with a way back to the amendments", async ({ page, axe }) => {
  const response = await page.goto(`/contract-amendments/${randomUUID()}`);
  await expectNotFoundInLayout(page, response, "Contract amendment not found");
  await axe(page, "contract-amendment-not-found");
  await page.getByRole("main").getByRole("link", { name: "All contract amendments" }).click();
  await expect(page).toHaveURL(/\/contract-amendments(\?|$)/);
});

test("a missing incentive's edit page answers 404 inside the layout, with a way back to the incentives", async ({ page, axe }) => {
  const response = await page.goto(`/incentives/${randomUUID()}/edit`);
  await expectNotFoundInLayout(page, response, "Incentive not found");
  await axe(page, "incentive-not-found");
  await page.getByRole("main").getByRole("link", { name: "All incentives" }).click();
  await expect(page).toHaveURL(/\/incentives(\?|$)/);
});

test("an unknown address answers 404 inside the layout", async ({ page, axe, snap }) => {
  const response = await page.goto("/no-such-page/at-all");
  await expectNotFoundInLayout(page, response, "Page not found");
  await axe(page, "page-not-found");
  await snap(page, "page-not-found");
  await page.getByRole("main").getByRole("link", { name: "All employments" }).click();
  await expect(page).toHaveURL(/\/employments(\?|$)/);
});

test("an unknown form name says the form does not exist, not the employment", async ({ page, sandboxApi, axe, snap }) => {
  const employment = (await listEmployments(sandboxApi, { page_size: 1 })).employments[0]!;
  const response = await page.goto(`/employments/${employment.id}/forms/bogus`);
  await expectNotFoundInLayout(page, response, "Form not found");
  await expect(page.getByText("Employment not found")).toHaveCount(0);
  await axe(page, "form-not-found");
  await snap(page, "form-not-found");
  await page.getByRole("main").getByRole("link", { name: "Back to the employment" }).click();
  await expect(page).toHaveURL(new RegExp(`/employments/${employment.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: employment.full_name })).toBeVisible();
});

test("an existing employment still answers 200", async ({ page, sandboxApi }) => {
  const employment = (await listEmployments(sandboxApi, { page_size: 1 })).employments[0]!;
  const response = await page.goto(`/employments/${employment.id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: employment.full_name })).toBeVisible();
});
