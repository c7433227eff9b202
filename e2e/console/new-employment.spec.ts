import { getEmployment, isoDateIn } from "../support/api";
import { CONSOLE_URL } from "../support/env";
import { expect, test } from "../support/fixtures";

// The new-employment flow up to the creation: country and type, then Portugal's basic information
// (a country form), which creates the employment through the BFF. The created employment is checked
// through the API. Both steps are checked with axe.

test("create an employment with the new-employment flow", async ({ page, sandboxApi, axe }) => {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const name = `E2E New ${unique}`;
  const email = `e2e.new.${unique}@example.com`;

  await page.goto("/employments");
  await page.getByRole("link", { name: "New employment" }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/employments/new`);
  await expect(page.getByRole("heading", { level: 1, name: "New employment" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Steps of the new employment" })).toBeVisible();
  await axe(page, "new-employment");

  await page.getByLabel("Country").selectOption({ label: "Portugal" });
  await expect(page.getByRole("group", { name: "Type of employment" }).getByLabel("Employee", { exact: true })).toBeChecked();
  await expect(page.getByRole("group", { name: "Employment model" }).getByLabel(/^EOR/)).toBeChecked();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/employments/new?country=PRT`);
  await expect(page.getByRole("heading", { level: 2, name: "Basic information" })).toBeVisible();
  await expect(page.getByLabel("Full name")).toBeVisible();
  await axe(page, "new-employment-basic-information");

  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Personal email").fill(email);
  await page.getByLabel("Job title").fill("Quality Engineer");
  await page.getByLabel("Provisional start date").fill(isoDateIn(90));
  await page.getByRole("group", { name: /^Does the employee have a seniority date\?/ }).getByLabel("No").check();
  await page.getByRole("button", { name: "Create employment" }).click();

  await expect(page).toHaveURL(/\/employments\/new\?employment=[0-9a-f-]{36}$/);
  const id = new URL(page.url()).searchParams.get("employment")!;
  await expect(page.getByRole("navigation", { name: "Employment details" })).toContainText(`${name} was created (Created)`);

  const created = await getEmployment(sandboxApi, id);
  expect(created).toMatchObject({ full_name: name, personal_email: email, status: "created", type: "employee", employment_model: "eor", country: { code: "PRT" } });
});
