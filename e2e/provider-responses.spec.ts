import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { startFakeProvider, type FakeProvider } from "../test-support/console/provider-responses/fake-provider";
import type { Variant } from "../test-support/console/provider-responses/generate";
import { matchOperation } from "../test-support/gateway/provider/operations";

// The console, unchanged, against a fake of the real provider (issue 9, item 4): a second console
// server (`next start` of the same build, no embedded API) points API_SANDBOX_URL and
// API_PRODUCTION_URL at a fake provider that answers every operation with bodies generated from the
// provider's types.gen.ts. An admin signs in with a Customer API token, then the main pages are
// opened in three variants (every optional field present; optional scalars absent and nullable ones
// null inside the envelopes; every optional field absent) and must render without an error boundary, an API error banner, or a browser console error.
// Each page's failure is reported on its own (soft assertions), so one run lists them all.
// Where the provider's answer validly holds no resource (the `minimal` variant of a show:
// `data: {employment?}`), the page must render its not-found state (the segment's not-found page,
// docs/decisions/contract-console-reads.md) instead: that is asserted too.
// The embedded e2e console started by playwright.config.ts is not used by this spec.

const HOST = "127.0.0.1";
const EMPLOYMENT_ID = "5d6a1f2e-0000-4000-8000-000000000002";
const MAIN_PAGES = ["/employments", `/employments/${EMPLOYMENT_ID}`, "/timeoff", "/expenses", "/payslips", "/webhooks"];
const VARIANTS: Variant[] = [
  { mode: "full", offset: 0 },
  { mode: "sparse", offset: 0 },
  { mode: "minimal", offset: 0 },
];
/** Offset 1 of IdentityCurrentResponse's union is the company-token identity (a customer token's company). */
const SIGN_IN_VARIANT: Variant = { mode: "full", offset: 1 };

let provider: FakeProvider;
let server: ChildProcess | undefined;
let consoleUrl: string;
let dataDir: string;
let serverLog = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, HOST, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (server?.exitCode !== null && server?.exitCode !== undefined)
      throw new Error(`the console exited (${server.exitCode}):\n${serverLog}`);
    try {
      const res = await fetch(url, { redirect: "manual" });
      if (res.status > 0) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error(`the console did not start within ${timeoutMs} ms:\n${serverLog}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The not-found page a detail page shows when the provider's answer for it holds no resource, or null. */
function expectedNotFound(pagePath: string): string | null {
  const m = /^\/employments\/([^/]+)$/.exec(pagePath);
  if (!m) return null;
  const apiPath = `/v1/employments/${m[1]}`;
  const op = matchOperation("GET", apiPath);
  if (!op) return null;
  const body = provider.answer(op, apiPath).body as { data?: { employment?: unknown } } | undefined;
  return body?.data?.employment == null ? "Employment not found" : null;
}

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ storageState: { cookies: [], origins: [] } });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  provider = await startFakeProvider({ variant: SIGN_IN_VARIANT });
  const port = await freePort();
  consoleUrl = `http://${HOST}:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "roster-provider-responses-"));
  const secret = "provider-responses-auth-secret-0123456789abcdef";
  server = spawn(
    process.execPath,
    [createRequire(import.meta.url).resolve("next/dist/bin/next"), "start", "-H", HOST, "-p", String(port)],
    {
      cwd: process.cwd(),
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(port),
        CONSOLE_URL: consoleUrl,
        NEXTAUTH_URL: consoleUrl,
        AUTH_SECRET: secret,
        NEXTAUTH_SECRET: secret,
        GATEWAY_EMBEDDED: "false",
        GATEWAY_DATA_DIR: dataDir,
        API_SANDBOX_URL: provider.url,
        API_PRODUCTION_URL: provider.url,
        API_SANDBOX_CLIENT_ID: "console-sandbox",
        API_SANDBOX_CLIENT_SECRET: "console-sandbox-secret-0123456789",
        API_PRODUCTION_CLIENT_ID: "console-production",
        API_PRODUCTION_CLIENT_SECRET: "console-production-secret-0123456789",
        DATABASE_URL: "",
        CONSOLE_DATABASE_URL: "",
        REDIS_URL: "",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  server.stdout?.on("data", (b: Buffer) => (serverLog += b.toString()));
  server.stderr?.on("data", (b: Buffer) => (serverLog += b.toString()));
  await waitForServer(`${consoleUrl}/sign-in`, 90_000);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server!.once("exit", r));
  }
  await provider?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** What went wrong on the page, or [] when it rendered: error boundary, API error banner, console errors. */
async function problemsOn(page: Page, errors: string[]): Promise<string[]> {
  const problems = [...errors];
  const boundary = page.getByText("Something went wrong on the console's side");
  if (await boundary.count()) problems.push("error boundary: Something went wrong on the console's side");
  const banner = page.getByText(/Request id:|^HTTP \d{3}$|The API is unreachable/);
  for (const text of await banner.allInnerTexts()) {
    const alert = await banner
      .first()
      .locator("xpath=ancestor::*[@role or contains(@class,'rounded-lg')][1]")
      .innerText()
      .catch(() => text);
    problems.push(`API error banner: ${alert.replace(/\s+/g, " ").slice(0, 300)}`);
  }
  return problems;
}

test("the main pages render the provider's responses (generated from types.gen.ts)", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console error: ${m.text().slice(0, 300)}`);
  });
  page.on("pageerror", (e) => errors.push(`page error: ${e.message.slice(0, 300)}`));
  // The browser never talks to the provider: only the console's server does (with the token).
  const providerOrigin = new URL(provider.url).origin;
  page.on("request", (r) => {
    if (new URL(r.url()).origin === providerOrigin) errors.push(`the browser called the provider directly: ${r.method()} ${r.url()}`);
  });

  // Sign in as a company admin with a Customer API token (validated at GET /v1/identity/current).
  provider.variant = SIGN_IN_VARIANT;
  await page.goto(`${consoleUrl}/sign-in?callbackUrl=%2Femployments`);
  await page.getByRole("textbox", { name: "Customer API token" }).fill("ra_test_fake_provider_token_0123456789");
  await page.getByRole("button", { name: "Sign in with the token" }).click();
  await expect(page, `sign-in against the fake provider (console log:\n${serverLog.slice(-2000)})`).toHaveURL(`${consoleUrl}/employments`);

  const report: string[] = [];
  for (const variant of VARIANTS) {
    provider.variant = variant;
    for (const path of MAIN_PAGES) {
      errors.length = 0;
      const notFound = expectedNotFound(path);
      const response = await page.goto(`${consoleUrl}${path}`);
      await page.waitForLoadState("networkidle");
      let problems: string[];
      if (notFound) {
        // The document's own 404 is the expected answer (Chromium logs it as a console error).
        problems = await problemsOn(
          page,
          errors.filter((e) => !/Failed to load resource: the server responded with a status of 404/.test(e)),
        );
        // 404, or 200 once the segment's loading.tsx has started streaming (Next then renders the
        // not-found page with a noindex meta): either way the not-found page, never an error.
        const status = response?.status() ?? 0;
        if (status !== 404 && status !== 200) problems.unshift(`HTTP ${status} where the not-found state was expected`);
        if (!(await page.getByRole("heading", { name: notFound }).count())) problems.push(`no "${notFound}" heading`);
      } else {
        problems = await problemsOn(page, errors);
        if ((response?.status() ?? 0) >= 400) problems.unshift(`HTTP ${response?.status()}`);
      }
      const label = `${variant.mode}#${variant.offset} ${path}${notFound ? " (not-found state)" : ""}`;
      report.push(problems.length ? `✗ ${label}\n    ${problems.join("\n    ")}` : `✓ ${label}`);
      expect.soft(problems, label).toEqual([]);
    }
  }
  console.log(`Console against the fake provider (${provider.calls.length} provider calls):\n${report.join("\n")}`);
});
