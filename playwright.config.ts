import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { e2ePortEnv, E2E_PORT_VARIABLES, E2E_PORTS_CHECKED, HOST, PORT_TAKEN_EXIT_CODE, type E2EPorts } from "./scripts/ports.mjs";

// End-to-end tests drive Debian's chromium (Playwright cannot download browsers on these machines)
// against the production build, started by `node scripts/start.mjs` on 127.0.0.1 with fixed demo
// credentials. The suite never talks to a server it did not start: the console and its embedded API
// listen on ports of their own (free ports, never npm start's 3000/4010/4011) and keep their data in
// .data/e2e (docs/decisions/runtime-test-ports.md). The values are put in process.env here, so the
// server and the test workers share them: specs read them from process.env (see e2e/support/env.ts).

const CI = Boolean(process.env.CI);

// The ports are chosen once: by scripts/test-e2e.mjs (npm test, npm run test:e2e), or here when
// Playwright runs on its own. Playwright loads this file in the runner and again in each worker; the
// workers inherit the runner's process.env, E2E_PORTS_CHECKED included, so they all agree.
const PORT_VARIABLES = Object.values(E2E_PORT_VARIABLES).map((v) => v.variable);
if (process.env[E2E_PORTS_CHECKED] !== "1" || PORT_VARIABLES.some((v) => !process.env[v])) {
  let ports: E2EPorts;
  try {
    const script = fileURLToPath(new URL("./scripts/ports.mjs", import.meta.url));
    const out = execFileSync(process.execPath, [script, "e2e"], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
    ports = JSON.parse(out) as E2EPorts;
  } catch (error) {
    // scripts/ports.mjs printed the one line naming the port that is taken (or why it failed).
    process.exit((error as { status?: number }).status ?? PORT_TAKEN_EXIT_CODE);
  }
  Object.assign(process.env, e2ePortEnv(ports));
}

const port = (variable: string): number => Number(process.env[variable]);
export const BASE_URL = `http://${HOST}:${port("E2E_PORT")}`;
const SANDBOX_PORT = port("E2E_GATEWAY_SANDBOX_PORT");
const PRODUCTION_PORT = port("E2E_GATEWAY_PRODUCTION_PORT");

/**
 * A redirect URI of the demo client that is not the console's own callback, for specs that drive the
 * API's authorize pages themselves (they intercept it with page.route and read the URL). Nothing may
 * listen there: Chromium hands a redirect to a listening server past page.route. A `.invalid` host
 * never resolves (RFC 6761) and names no port, so it cannot clash with any server of this machine.
 */
const E2E_OAUTH_REDIRECT_URI = "http://oauth-client.e2e.invalid/callback";

/**
 * Where the e2e servers listen and keep their data, and the URLs that follow from it: always these,
 * whatever PORT, CONSOLE_URL, GATEWAY_*_PORT or GATEWAY_DATA_DIR the shell holds for its own
 * `npm start` (the server, its OAuth callbacks and the specs must agree on one set of origins).
 */
const E2E_SERVER: Record<string, string> = {
  PORT: String(port("E2E_PORT")),
  CONSOLE_URL: BASE_URL,
  NEXTAUTH_URL: BASE_URL,
  GATEWAY_HOST: HOST,
  GATEWAY_SANDBOX_PORT: String(SANDBOX_PORT),
  GATEWAY_PRODUCTION_PORT: String(PRODUCTION_PORT),
  GATEWAY_DATA_DIR: process.env.E2E_DATA_DIR || ".data/e2e",
  GATEWAY_DEMO_REDIRECT_URIS: E2E_OAUTH_REDIRECT_URI,
  E2E_OAUTH_REDIRECT_URI,
  E2E_API_SANDBOX_URL: `http://${HOST}:${SANDBOX_PORT}`,
  E2E_API_PRODUCTION_URL: `http://${HOST}:${PRODUCTION_PORT}`,
  // Every spec works on the same few demo companies, beside the console's read-model sync of them:
  // the provider's 300 a minute per company (and 1,000 per client id) would refuse a spec's seeding
  // at random. Rate limiting itself is proven by the API's own tests and, in the console, by
  // intercepted 429 answers (e2e/export.spec.ts, the rate-limit wait).
  GATEWAY_RATE_LIMIT_PER_COMPANY: "3000",
  GATEWAY_RATE_LIMIT_PER_CLIENT: "10000",
};

/** Fixed demo credentials of the e2e server; a value already set in the environment wins. */
const E2E_DEMO: Record<string, string> = {
  GATEWAY_DEMO_PASSWORD: "e2e-demo-password",
  GATEWAY_DEMO_CLIENT_ID: "roster-demo-console",
  GATEWAY_DEMO_CLIENT_SECRET: "e2e-demo-client-secret-0123456789",
  GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX: "ra_test_e2e_demo_token_0123456789abcdef",
  GATEWAY_DEMO_CUSTOMER_TOKEN_PRODUCTION: "ra_live_e2e_demo_token_0123456789abcdef",
  CONSOLE_OPERATOR_EMAIL: "operator@roster.example",
  CONSOLE_OPERATOR_PASSWORD: "e2e-operator-password",
  AUTH_SECRET: "e2e-auth-secret-0123456789abcdef0123456789",
  NEXTAUTH_SECRET: "e2e-auth-secret-0123456789abcdef0123456789",
  LOG_LEVEL: "warn",
  // The read model's sync (the partner's lists are served from it; docs/decisions/console-readmodel-lists.md).
  CONSOLE_READMODEL_SYNC: "on",
};

/** Configuration of the e2e server (and of the specs, through process.env). */
export const E2E_ENV: Record<string, string> = { ...E2E_DEMO, ...E2E_SERVER };
for (const [key, value] of Object.entries(E2E_ENV)) {
  if (!process.env[key] || key in E2E_SERVER) process.env[key] = value;
}

/** The demo admin's signed-in browser state, written by e2e/console/auth.setup.ts (project "setup"). */
export const ADMIN_STORAGE_STATE = fileURLToPath(new URL("./test-results/.auth/sandbox-admin.json", import.meta.url));

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/e2e",
  globalSetup: "./e2e/global-setup.ts",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: CI ? 1 : 2,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  reporter: [
    ["list"],
    ["html", { outputFolder: "playwright-report", open: "never" }],
    ["json", { outputFile: "test-results/playwright.json" }],
  ],
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    // Pages anyone can open: the home page, the API's authorize pages.
    { name: "chromium", testIgnore: "console/**" },
    // Signs in once through the OAuth pages and saves the cookies for the console specs.
    // Their flows cross several server-rendered pages (and axe runs on each): 60 s each.
    { name: "setup", testMatch: "console/*.setup.ts", timeout: 60_000 },
    // The console, signed in as the demo company's admin (specs that need another user start empty).
    {
      name: "console",
      testMatch: "console/**/*.spec.ts",
      dependencies: ["setup"],
      timeout: 60_000,
      use: { storageState: ADMIN_STORAGE_STATE },
    },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${BASE_URL}/`,
    // The build may run first when sources changed (scripts/test-e2e.mjs usually builds beforehand).
    timeout: 300_000,
    // Never another server: one already answering on this port makes the run stop before any spec.
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      ...Object.fromEntries(Object.keys(E2E_ENV).map((k) => [k, process.env[k] ?? ""])),
      // The e2e server always runs the embedded API on its own data, shared with no other server
      // (empty = unset, lib/env.ts): no PostgreSQL, no console database, no Redis rate-limit counters.
      DATABASE_URL: "",
      CONSOLE_DATABASE_URL: "",
      REDIS_URL: "",
      API_SANDBOX_URL: "",
      API_PRODUCTION_URL: "",
      GATEWAY_EMBEDDED: "auto",
      NEXT_TELEMETRY_DISABLED: "1",
      // Rendered pages kept a minute, not 2 s (docs/decisions/console-page-cache.md): a page that
      // changed without a write would then show in any spec that reloads it, not only by chance.
      CONSOLE_PAGE_CACHE_TTL_MS: "60000",
    },
  },
});
