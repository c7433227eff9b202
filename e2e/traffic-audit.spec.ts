import { expect, test } from "@playwright/test";
import { API_URL, SANDBOX_CUSTOMER_TOKEN } from "./support/env";
import { BrowserTraffic } from "./support/traffic";

// The audit the console specs rely on (support/traffic.ts, the automatic `traffic` fixture) must
// catch a leak: a page that sends a bearer token, calls the API directly or puts a Customer API token
// in a URL is reported. Its own browser context, so nothing here reaches the other specs' audits.

test("the traffic audit reports a bearer header, a direct API call and a token in a URL", async ({ browser }) => {
  const context = await browser.newContext();
  const traffic = new BrowserTraffic();
  traffic.watch(context);
  const page = await context.newPage();
  await page.goto("/");
  await page.evaluate(
    async ({ api, token }) => {
      const quiet = (p: Promise<unknown>) => p.catch(() => undefined);
      await quiet(fetch("/api/auth/session", { headers: { authorization: "Bearer opaque-access-token" } }));
      await quiet(fetch(`${api}/v1/employments`, { mode: "no-cors" }));
      await quiet(fetch(`/api/auth/session?token=${encodeURIComponent(token)}`));
    },
    { api: API_URL.sandbox, token: SANDBOX_CUSTOMER_TOKEN },
  );
  const problems = await traffic.problems();
  await context.close();

  expect(problems).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^GET \S+\/api\/auth\/session carries an Authorization header \(Bearer …\)$/),
      expect.stringMatching(/^GET \S+\/v1\/employments goes to the Employment API directly/),
      expect.stringMatching(/\/api\/auth\/session\?token=\S+: URL contains GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX$/),
    ]),
  );
  // The home page itself is clean.
  expect(problems.filter((p) => p.includes(" document "))).toEqual([]);
});
