import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { API_URL } from "./support/env";

// The placeholder home page and the two API environments it points to.

const environments = [
  { name: "Sandbox", url: API_URL.sandbox },
  { name: "Production", url: API_URL.production },
];

test("the home page offers sign-in and lists both API environments", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Roster/);
  await expect(page.getByRole("heading", { level: 1, name: "Employment admin console" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in?callbackUrl=%2F");
  await expect(page.getByRole("heading", { level: 2, name: "API environments" })).toBeVisible();
  for (const env of environments) {
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: env.name, exact: true }) });
    await expect(card.getByText(env.url, { exact: true })).toBeVisible();
    await expect(card.getByText("Answering", { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: `${env.name} OpenAPI document` })).toHaveAttribute("href", `${env.url}/openapi.json`);
  }
  await expect(page.getByRole("heading", { level: 2, name: "Demo sign-in" })).toBeVisible();
});

test("the home page shows no secret", async ({ page }) => {
  await page.goto("/");
  const html = await page.content();
  for (const key of [
    "GATEWAY_DEMO_PASSWORD",
    "GATEWAY_DEMO_CLIENT_SECRET",
    "GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX",
    "GATEWAY_DEMO_CUSTOMER_TOKEN_PRODUCTION",
  ]) {
    const secret = process.env[key];
    expect(secret, key).toBeTruthy();
    expect(html).not.toContain(secret);
  }
});

for (const env of environments) {
  test(`the ${env.name.toLowerCase()} API answers /openapi.json`, async ({ request }) => {
    const res = await request.get(`${env.url}/openapi.json`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/json");
    const doc = (await res.json()) as { openapi?: string; paths?: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(typeof doc.paths).toBe("object");
  });
}

test("the OpenAPI link of the sandbox opens the document", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Sandbox OpenAPI document" }).click();
  await expect(page).toHaveURL(`${environments[0]!.url}/openapi.json`);
});

test("the home page has no accessibility violations", async ({ page }) => {
  await page.goto("/");
  // @axe-core/playwright types its page against its own playwright-core copy; the object is the same.
  const results = await new AxeBuilder({ page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]["page"] }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
