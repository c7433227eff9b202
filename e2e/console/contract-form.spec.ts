import type { Request } from "@playwright/test";
import { createPortugueseEmployee, getEmployment } from "../support/api";
import { CONSOLE_URL } from "../support/env";
import { expect, test } from "../support/fixtures";

// Acceptance 5: Portugal's contract details, a country form rendered with RJSF from the API's
// schema, with conditional fields: part-time asks for the hours (required) and a confirmation; a
// bonus asks for its amount. A field hidden again (the bonus amount after "No") is not sent: the
// request the browser makes and the API's record both lack it.

const ROLE = "Designs and runs the automated test suites of the console and the API, and reviews releases.";

test("contract details: part-time asks for the hours, a hidden bonus amount is not sent, the API saves the rest", async ({
  page,
  sandboxApi,
  axe,
  snap,
}) => {
  const created = await createPortugueseEmployee(sandboxApi, "contract");
  expect(created.onboarding_tasks.contract_details?.status).toBe("pending");

  await page.goto(`/employments/${created.id}`);
  await page.getByRole("link", { name: "Complete contract details" }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/employments/${created.id}/forms/contract_details`);
  await expect(page.getByRole("heading", { level: 1, name: "Contract details" })).toBeVisible();

  const group = (name: string) => page.getByRole("group", { name: new RegExp(`^${name.replace(/[?()]/g, "\\$&")}`) });
  const hours = page.getByLabel("Hours per week");
  const bonusAmount = page.getByLabel("Target annual bonus");

  await group("Contract duration").getByLabel("Indefinite").check();

  // No schedule chosen yet: no hours asked. Part-time: the hours appear, required.
  await expect(hours).toHaveCount(0);
  await group("Work schedule").getByLabel("Part-time").check();
  await expect(hours).toBeVisible();
  await expect(hours).toHaveAttribute("aria-required", "true");
  await expect(page.getByLabel("I confirm the salary is the part-time amount, not the full-time equivalent.")).toBeVisible();
  await axe(page, "contract-form");

  await page.getByLabel("Annual gross salary").fill("15000.00");
  await group("Will the employee receive a bonus?").getByLabel("Yes").check();
  await expect(bonusAmount).toBeVisible();
  await bonusAmount.fill("1500.00");
  await page.getByLabel("Probation period (days)").fill("60");
  await page.getByLabel("Paid time off (working days a year)").fill("22");
  await page.getByLabel("Role description").fill(ROLE);
  await page.getByLabel("Experience level").selectOption({ label: "Mid level" });
  await group("Will the employee receive equity?").getByLabel("No").check();
  await group("Role category").getByLabel("General").check();
  await page.getByLabel("Salary payments a year").selectOption({ label: "14 payments" });
  await group("Meal allowance").getByLabel("No meal allowance").check();

  // Submitting without the hours and the confirmation: the error summary names both, nothing is sent.
  let sent: Request | null = null;
  page.on("request", (r) => {
    if (r.method() === "PATCH" && r.url().includes(`/api/bff/employments/${created.id}/sections/contract_details`)) sent = r;
  });
  const save = page.getByRole("button", { name: "Save contract details" });
  await save.click();
  const summary = page.getByTestId("form-error-summary");
  await expect(summary).toBeVisible();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: "Hours per week" })).toBeVisible();
  await expect(summary).toContainText("I confirm the salary is the part-time amount");
  expect(sent).toBeNull();

  await summary.getByRole("link", { name: "Hours per week" }).click();
  await expect(hours).toBeFocused();
  await hours.fill("20");
  await page.getByLabel("I confirm the salary is the part-time amount, not the full-time equivalent.").check();

  // The bonus after all: no. Its amount disappears (the typed value is kept in the form, not sent).
  await group("Will the employee receive a bonus?").getByLabel("No").check();
  await expect(bonusAmount).toHaveCount(0);
  await expect(summary).toBeHidden();
  await snap(page, "contract-form");

  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === "PATCH" && r.url().includes(`/api/bff/employments/${created.id}/sections/contract_details`)),
    save.click(),
  ]);
  await expect(page.getByRole("status").filter({ hasText: "Contract details saved" })).toBeVisible();

  const body = request.postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ work_schedule: "part_time", work_hours_per_week: 20, annual_gross_salary: 1_500_000, has_bonus: "no" });
  expect(body).not.toHaveProperty("bonus_amount");
  expect(body).not.toHaveProperty("bonus_details");

  const saved = await getEmployment(sandboxApi, created.id);
  expect(saved.contract_details).toMatchObject({
    contract_duration_type: "indefinite",
    work_schedule: "part_time",
    work_hours_per_week: 20,
    part_time_salary_confirmation: "acknowledged",
    annual_gross_salary: 1_500_000,
    has_bonus: "no",
    probation_period_days: 60,
    role_category: "general",
    salary_installments: 14,
    meal_allowance_type: "none",
  });
  expect(saved.contract_details).not.toHaveProperty("bonus_amount");
  expect(saved.onboarding_tasks.contract_details?.status).toBe("completed");

  // The employment page counts the task as done.
  await page
    .getByRole("status")
    .getByRole("link", { name: `Back to ${created.full_name}` })
    .click();
  const task = page
    .getByRole("region", { name: "Onboarding progress" })
    .getByRole("listitem")
    .filter({ hasText: /^Contract details (Completed|Pending)/ });
  await expect(task.getByText("Completed", { exact: true })).toBeVisible();
});
