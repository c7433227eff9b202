import { CONSOLE_URL, DEMO_COMPANY, SANDBOX_CUSTOMER_TOKEN } from "../support/env";
import { expect, test } from "../support/fixtures";
import { expectSessionWithoutTokens } from "../support/session";

// Acceptance 7: an admin of a single company signs in with a Customer API token on /sign-in and
// sees the employments list. The token is posted once, to the console's own sign-in route (the only
// request allowed to carry it); afterwards the browser holds a session cookie, never the token.

test.use({ storageState: { cookies: [], origins: [] } });

const isTokenSignIn = (r: { method: string; url: string }) =>
  r.method === "POST" && new URL(r.url).pathname === "/api/auth/callback/customer-token";

test("sign in with the demo Customer API token and see the employments list", async ({ page, traffic, axe }) => {
  traffic.allowSecretInBody("signing in with a Customer API token posts it to the console once", isTokenSignIn);

  await page.goto("/employments");
  await expect(page).toHaveURL(`${CONSOLE_URL}/sign-in?callbackUrl=%2Femployments`);
  const token = page.getByRole("textbox", { name: "Customer API token" });
  await expect(token).toHaveAttribute("type", "password");
  await token.fill(SANDBOX_CUSTOMER_TOKEN);
  await page.getByRole("button", { name: "Sign in with the token" }).click();

  await expect(page).toHaveURL(`${CONSOLE_URL}/employments`);
  await expect(page.getByRole("heading", { level: 1, name: "Employments" })).toBeVisible();
  await expect(page.getByRole("table", { name: /^Employments, page 1 of \d+$/ })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: new RegExp(`${DEMO_COMPANY.name}$`) })).toBeVisible();
  await expectSessionWithoutTokens(page, { kind: "customer_token", company: DEMO_COMPANY.name, environment: "sandbox" });
  await axe(page, "employments-after-token-sign-in");

  expect(
    traffic.requests.filter((r) => isTokenSignIn(r)),
    "the token was posted once",
  ).toHaveLength(1);
});

test("a token the API does not know is refused with a message that says what to check", async ({ page, traffic }) => {
  traffic.allowSecretInBody("signing in with a Customer API token posts it to the console once", isTokenSignIn);

  await page.goto("/sign-in");
  await page.getByRole("textbox", { name: "Customer API token" }).fill("ra_test_not_a_token_the_api_knows_0000");
  await page.getByRole("button", { name: "Sign in with the token" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The Employment API rejected this token" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Customer API token" })).toBeFocused();
  await expect(page).toHaveURL(/\/sign-in/);
});

test("switching to an environment the session has no sign-in for leads to its sign-in page, without a refused request", async ({
  page,
  traffic,
}) => {
  traffic.allowSecretInBody("signing in with a Customer API token posts it to the console once", isTokenSignIn);
  const refused: string[] = [];
  page.on("response", (r) => {
    if (r.status() >= 400) refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });

  await page.goto("/sign-in?callbackUrl=%2Femployments");
  await page.getByRole("textbox", { name: "Customer API token" }).fill(SANDBOX_CUSTOMER_TOKEN);
  await page.getByRole("button", { name: "Sign in with the token" }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/employments`);

  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Switch to Production/ })
    .click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/sign-in?callbackUrl=%2Femployments&environment=production`);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  expect(refused, "no request was refused on the way").toEqual([]);
});
