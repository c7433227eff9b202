import { createHash, randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { consoleScopes } from "../lib/console/server/auth/console-scopes";
import { demoCompany } from "../lib/gateway/seed/demo";
import { API_URL, OAUTH_REDIRECT_URI } from "./support/env";

// The API's own authorize pages (sign-in, consent) in a real browser: keyboard only, no accessibility
// violations, and the redirect back to the client. The demo seed provides the client and the admin of
// the sandbox demo company (password GATEWAY_DEMO_PASSWORD).

const API = API_URL.sandbox;
const CLIENT_ID = process.env.GATEWAY_DEMO_CLIENT_ID ?? "";
const CLIENT_SECRET = process.env.GATEWAY_DEMO_CLIENT_SECRET ?? "";
const ADMIN_EMAIL = demoCompany("sandbox").users.admin.email;
const PASSWORD = process.env.GATEWAY_DEMO_PASSWORD ?? "";
const REDIRECT_URI = OAUTH_REDIRECT_URI;

test.skip(!CLIENT_ID || !PASSWORD, "needs GATEWAY_DEMO_CLIENT_ID and GATEWAY_DEMO_PASSWORD (set by playwright.config.ts)");

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

function authorizeUrl(challenge: string, state: string, over: Record<string, string> = {}) {
  const q = new URLSearchParams({
    response_type: "code",
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: "employment:read company:read",
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...over,
  });
  return `${API}/auth/oauth2/authorize?${q.toString()}`;
}

/** Answers the client's callback in the browser itself and resolves with the URL it was sent to. */
async function captureCallback(page: Page): Promise<() => Promise<URL>> {
  let resolve: (url: URL) => void = () => {};
  const reached = new Promise<URL>((r) => (resolve = r));
  await page.route(`${REDIRECT_URI}**`, async (route) => {
    resolve(new URL(route.request().url()));
    await route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>callback</title><main>callback</main>" });
  });
  return () => reached;
}

async function expectNoAxeViolations(page: Page) {
  // @axe-core/playwright types its page against its own playwright-core copy; the object is the same.
  const results = await new AxeBuilder({ page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]["page"] }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test("sign in and allow with the keyboard alone, then exchange the code", async ({ page, request }) => {
  const { verifier, challenge } = pkce();
  const callback = await captureCallback(page);
  await page.goto(authorizeUrl(challenge, "e2e-state"));

  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("main")).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(ADMIN_EMAIL);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page.getByRole("heading", { level: 1, name: /^Allow .+ to access .+\?$/ })).toBeVisible();
  // Two areas (employments, company settings), each a closed <details>: Tab passes their summaries, then Allow.
  await expect(page.getByRole("list", { name: /will be able to/ }).getByRole("listitem")).toHaveCount(2);
  await expectNoAxeViolations(page);
  for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Allow" })).toBeFocused();
  await page.keyboard.press("Enter");

  const url = await callback();
  expect(url.searchParams.get("state")).toBe("e2e-state");
  const code = url.searchParams.get("code");
  expect(code).toBeTruthy();

  test.skip(!CLIENT_SECRET, "needs GATEWAY_DEMO_CLIENT_SECRET to exchange the code");
  const res = await request.post(`${API}/auth/oauth2/token`, {
    headers: { authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}` },
    form: { grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT_URI, code_verifier: verifier },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("no-store");
  const tokens = (await res.json()) as { access_token: string };
  const identity = await request.get(`${API}/v1/identity/current`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect(((await identity.json()) as { data: { user: { email: string } } }).data.user.email.toLowerCase()).toBe(ADMIN_EMAIL.toLowerCase());
});

test("a wrong password is announced without saying which field was wrong", async ({ page }) => {
  await page.goto(authorizeUrl(pkce().challenge, "s"));
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill("not the password");
  const [response] = await Promise.all([
    page.waitForResponse(`${API}/auth/oauth2/authorize/login`),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
  expect(response.status()).toBe(401);
  await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
  await expect(page.getByLabel("Email")).toHaveValue(ADMIN_EMAIL);
  await expectNoAxeViolations(page);
});

test("Deny returns to the client with access_denied", async ({ page }) => {
  const callback = await captureCallback(page);
  await page.goto(authorizeUrl(pkce().challenge, "deny-state"));
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Deny" }).click();
  const url = await callback();
  expect(url.searchParams.get("error")).toBe("access_denied");
  expect(url.searchParams.get("state")).toBe("deny-state");
});

test("an unregistered redirect URI shows an error page and never leaves the API", async ({ page }) => {
  const res = await page.goto(authorizeUrl(pkce().challenge, "s", { redirect_uri: "https://evil.example/callback" }));
  expect(res?.status()).toBe(400);
  expect(new URL(page.url()).origin).toBe(new URL(API).origin);
  await expect(page.getByRole("heading", { level: 1, name: "Invalid redirect address" })).toBeVisible();
  await expectNoAxeViolations(page);
});

for (const viewport of [
  { name: "desktop", width: 1280, height: 720 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`the console's consent at ${viewport.name} width: areas on one line each, Allow and Deny in view without scrolling`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const scopes = consoleScopes("sandbox");
    await page.goto(authorizeUrl(pkce().challenge, "s", { scope: scopes.join(" ") }));
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Allow .+ to access .+\?$/ })).toBeVisible();

    // Allow and Deny are on screen before any scrolling.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole("button", { name: "Allow" })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("button", { name: "Deny" })).toBeInViewport({ ratio: 1 });

    const areas = page.getByRole("list", { name: /will be able to/ }).getByRole("listitem");
    const count = await areas.count();
    expect(count).toBeGreaterThan(3);
    expect(count).toBeLessThan(scopes.length);
    await expect(page.getByText("View and change employment", { exact: true })).toBeVisible();
    await expect(page.getByText("View invoices", { exact: true })).toBeVisible();
    await expect(page.getByText(/sso_configuration|risk_reserve|invoices:write/)).toHaveCount(0);

    // An area opens to its scopes; the buttons stay in view with the list open.
    await page.getByText("Employments", { exact: true }).click();
    await expect(page.getByRole("list", { name: "Employments: scopes" }).getByText("employment:write")).toBeVisible();
    await expect(page.getByRole("button", { name: "Allow" })).toBeInViewport({ ratio: 1 });

    const results = await new AxeBuilder({ page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]["page"] }).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual(
      [],
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    const shot = await page.screenshot({ animations: "disabled" });
    await testInfo.attach(`consent-${viewport.name}`, { body: shot, contentType: "image/png" });
    if (process.env.E2E_SCREENSHOT_DIR) {
      const { writeFileSync } = await import("node:fs");
      writeFileSync(`${process.env.E2E_SCREENSHOT_DIR}/consent-${viewport.name}.png`, shot);
    }
  });
}
