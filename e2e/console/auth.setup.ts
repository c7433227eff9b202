import { mkdirSync } from "node:fs";
import path from "node:path";
import { ADMIN_EMAIL, ADMIN_STORAGE_STATE, API_URL, CONSOLE_URL, DEMO_COMPANY, DEMO_PASSWORD } from "../support/env";
import { expect, signInAtApi, test } from "../support/fixtures";
import { expectSessionWithoutTokens } from "../support/session";

// Acceptance 1: a new user signs in as the demo company's admin through the API's OAuth pages, as
// anyone would: the console sends them to /sign-in, they choose the sandbox, sign in at the API,
// allow the console, and land on the page they asked for. The cookies are saved for the console
// specs (project "console" depends on this one), so the sign-in happens once per run.

test("a new user signs in through the API's OAuth pages and lands on the employments list", async ({ page, axe }) => {
  await page.goto("/employments");
  await expect(page).toHaveURL(`${CONSOLE_URL}/sign-in?callbackUrl=%2Femployments`);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await axe(page, "sign-in");

  const environment = page.getByRole("group", { name: "Environment" });
  await expect(environment.getByLabel("Sandbox")).toBeChecked();
  await page.getByRole("button", { name: "Sign in with the Employment API" }).click();

  // The API's own pages, on the sandbox API's origin.
  await expect(page).toHaveURL((url) => url.origin === new URL(API_URL.sandbox).origin && url.pathname === "/auth/oauth2/authorize");
  await signInAtApi(page, { email: ADMIN_EMAIL, password: DEMO_PASSWORD }, { axe });

  await expect(page).toHaveURL(`${CONSOLE_URL}/employments`);
  await expect(page.getByRole("heading", { level: 1, name: "Employments" })).toBeVisible();
  await expect(page.getByRole("table", { name: /^Employments, page 1 of \d+$/ })).toBeVisible();
  // The header says who is signed in, for which company, in which environment.
  await expect(
    page.getByRole("banner").getByRole("button", { name: `${DEMO_COMPANY.users.owner.name} ${DEMO_COMPANY.name}` }),
  ).toBeVisible();

  await expectSessionWithoutTokens(page, { company: DEMO_COMPANY.name, environment: "sandbox" });

  mkdirSync(path.dirname(ADMIN_STORAGE_STATE), { recursive: true });
  await page.context().storageState({ path: ADMIN_STORAGE_STATE });
});
