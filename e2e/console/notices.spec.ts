import { expect, test } from "../support/fixtures";

// The root layout's notices load sonner on the first notice (components/ui/toaster.tsx): a page
// that asks for none downloads none of it, and the first one still shows, once, and goes from the URL.

test("sonner is mounted on the first notice only, and that notice shows once", async ({ page, axe, snap }) => {
  await page.goto("/incentives");
  await expect(page.getByRole("heading", { level: 1, name: "Incentives" })).toBeVisible();
  // sonner's notification region exists only once sonner is loaded and mounted.
  await expect(page.getByRole("region", { name: /^Notifications/ })).toHaveCount(0);

  // An edit sends the user back with ?updated=<id>: "Incentive saved" once, and the parameter dropped.
  await page.goto("/incentives?updated=inc_e2e_notice");
  const notice = page.locator("[data-sonner-toast]").filter({ hasText: "Incentive saved" });
  await expect(notice).toBeVisible();
  await expect(notice).toHaveCount(1);
  await expect(page).not.toHaveURL(/updated=/);
  await axe(page, "incentives-saved-notice");
  await snap(page, "incentives-saved-notice");
});
