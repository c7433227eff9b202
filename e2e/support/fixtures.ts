import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { API_URL, SANDBOX_CUSTOMER_TOKEN, SCREENSHOTS_DIR } from "./env";
import { BrowserTraffic } from "./traffic";

// The console specs' fixtures (CONVENTIONS 11: fixtures, not page objects):
//   traffic    (automatic) records every browser request of the test and fails it when one carries
//              an API token or calls the API directly (./traffic.ts)
//   sandboxApi the Employment API with the demo Customer API token, for the runner only
//   axe        checks a page with axe-core: no serious or critical violation (all are attached)
//   snap       a full-page screenshot, attached to the report and kept in test-results/screenshots

type AxePage = ConstructorParameters<typeof AxeBuilder>[0]["page"];

export interface ConsoleFixtures {
  traffic: BrowserTraffic;
  sandboxApi: APIRequestContext;
  axe: (page: Page, name: string) => Promise<void>;
  snap: (page: Page, name: string) => Promise<void>;
}

const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

export const test = base.extend<ConsoleFixtures>({
  traffic: [
    async ({ context }, use, testInfo) => {
      const traffic = new BrowserTraffic();
      traffic.watch(context);
      await use(traffic);
      const problems = await traffic.problems();
      await testInfo.attach("browser-requests.txt", { body: traffic.summary(), contentType: "text/plain" });
      expect(problems, "no browser request carries an API token or calls the API directly").toEqual([]);
    },
    { auto: true },
  ],

  sandboxApi: async ({ playwright }, use) => {
    const api = await playwright.request.newContext({
      baseURL: API_URL.sandbox,
      // Not the browser's cookies (the project's storageState): the runner calls the API with the token alone.
      storageState: { cookies: [], origins: [] },
      // A connection per request: Playwright's client reuses an idle keep-alive connection even as the
      // server closes it (node:http's 5 s keepAliveTimeout, its Keep-Alive header unheeded), and such a
      // read then fails with ECONNRESET between two steps of a test that paused about that long.
      extraHTTPHeaders: { authorization: `Bearer ${SANDBOX_CUSTOMER_TOKEN}`, accept: "application/json", connection: "close" },
    });
    await use(api);
    await api.dispose();
  },

  axe: async ({}, use, testInfo) => {
    await use(async (page, name) => {
      // Next streams the <title> (and updates it after client navigations): check the settled page.
      await expect.poll(() => page.title(), { message: `the ${name} page gets a title`, timeout: 10_000 }).not.toBe("");
      // @axe-core/playwright types its page against its own playwright-core copy; the object is the same.
      const results = await new AxeBuilder({ page: page as unknown as AxePage }).analyze();
      await testInfo.attach(`axe-${name}.json`, { body: JSON.stringify(results.violations, null, 2), contentType: "application/json" });
      const blocking = results.violations
        .filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ""))
        .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
      expect(blocking, `axe: no serious or critical violation on the ${name} page (${page.url()})`).toEqual([]);
    });
  },

  snap: async ({}, use, testInfo) => {
    await use(async (page, name) => {
      // From the top: a full-page screenshot of a scrolled page draws the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      const body = await page.screenshot({ fullPage: true, animations: "disabled" });
      await testInfo.attach(name, { body, contentType: "image/png" });
      mkdirSync(SCREENSHOTS_DIR, { recursive: true });
      writeFileSync(path.join(SCREENSHOTS_DIR, `${name}.png`), body);
    });
  },
});

export { expect };

/** The API's authorize pages: sign in (Email, Password, "Sign in"), then "Allow" on the consent page. */
export async function signInAtApi(
  page: Page,
  credentials: { email: string; password: string },
  options: { axe?: ConsoleFixtures["axe"] } = {},
) {
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  if (options.axe) await options.axe(page, "api-sign-in");
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Allow .+ to access .+\?$/ })).toBeVisible();
  if (options.axe) await options.axe(page, "api-consent");
  await page.getByRole("button", { name: "Allow" }).click();
}

/** How the employment page names the onboarding tasks of the API (spec 2.4). */
export const TASK_LABELS: Record<string, string> = {
  personal_details: "Personal details",
  address_details: "Address",
  administrative_details: "Administrative details",
  bank_account_details: "Bank account",
  billing_address_details: "Billing address",
  contract_details: "Contract details",
  emergency_contact_details: "Emergency contact",
  employment_document_details: "Employment documents",
  pricing_plan_details: "Pricing plan",
};
