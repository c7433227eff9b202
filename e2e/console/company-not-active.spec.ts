import { API_URL, CONSOLE_URL, DEMO_PASSWORD, INACTIVE_COMPANY } from "../support/env";
import { expect, signInAtApi, test } from "../support/fixtures";

// Acceptance 6: a company that is not active cannot manage employments (spec 4.1 rule 4): the API
// answers 409 and the console shows it as a banner with the API's own words and the request id.
// The demo seed gives every company user the demo password, so the inactive company's owner signs
// in through the OAuth pages (the demo Customer API tokens act for the active demo company only).

test.use({ storageState: { cookies: [], origins: [] } });

interface BffPage {
  data: { employments: { id: string; full_name: string; type: string; employment_model: string | null }[] };
}

test(`an update for ${INACTIVE_COMPANY.name} (${INACTIVE_COMPANY.status}) shows the API's 409 as a banner`, async ({ page, snap, axe }) => {
  const owner = INACTIVE_COMPANY.users.owner;
  await page.goto("/employments");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Femployments$/);
  await page.getByRole("button", { name: "Sign in with the Employment API" }).click();
  await expect(page).toHaveURL((url) => url.origin === new URL(API_URL.sandbox).origin);
  await signInAtApi(page, { email: owner.email, password: DEMO_PASSWORD });
  await expect(page).toHaveURL(`${CONSOLE_URL}/employments`);
  await expect(page.getByRole("banner").getByRole("button", { name: `${owner.name} ${INACTIVE_COMPANY.name}` })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText(
    `Showing 1–${INACTIVE_COMPANY.employments} of ${INACTIVE_COMPANY.employments} employments.`,
  );

  // An employee of the employer-of-record model: the console offers to edit it.
  const list = await page.evaluate(async () => {
    const res = await fetch("/api/bff/employments?page=1&page_size=100", { headers: { "x-roster-bff": "1" } });
    return (await res.json()) as BffPage;
  });
  const employment = list.data.employments.find((e) => e.type === "employee" && e.employment_model === "eor");
  expect(employment, `${INACTIVE_COMPANY.name} has an EOR employee`).toBeTruthy();

  await page.goto(`/employments/${employment!.id}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit employment" })).toBeVisible();
  const externalId = page.getByLabel("External ID");
  const before = await externalId.inputValue();
  await externalId.fill("E2E-409");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(`/api/bff/employments/${employment!.id}`) && r.request().method() !== "GET"),
    page.getByRole("button", { name: "Save changes" }).click(),
  ]);
  expect(response.status()).toBe(409);

  const banner = page.getByRole("alert").filter({ hasText: "The company can't manage employments right now" });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(
    `Company needs to be in status active to manage employments (current status: ${INACTIVE_COMPANY.status})`,
  );
  await expect(banner).toContainText(/Request id: \S+/);
  await expect(page.getByRole("status").filter({ hasText: "Changes saved" })).toHaveCount(0);
  // The page in its error state: the banner, the form with what was typed.
  await axe(page, "employment-edit-409");
  await snap(page, "employment-edit-409");

  // Nothing changed.
  await page.reload();
  await expect(page.getByLabel("External ID")).toHaveValue(before);
});
