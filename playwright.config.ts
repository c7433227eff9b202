import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";

// End-to-end tests drive Debian's chromium (Playwright cannot download browsers on these machines)
// against the production build, started by `node scripts/start.mjs` on 127.0.0.1 with fixed demo
// credentials. The values are put in process.env here, so the server and the test workers share them:
// specs read them from process.env (see E2E_ENV).

const CI = Boolean(process.env.CI);
const PORT = Number(process.env.E2E_PORT || 3000);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * The console's own address: always E2E_PORT's, whatever PORT or CONSOLE_URL the shell holds (the
 * server, its OAuth callback and the specs must agree on one origin).
 */
const CONSOLE_ADDRESS: Record<string, string> = {
  PORT: String(PORT),
  CONSOLE_URL: BASE_URL,
  NEXTAUTH_URL: BASE_URL,
};

/**
 * A redirect URI of the demo client that is not the console's own callback, for specs that drive the
 * API's authorize pages themselves (they intercept it with page.route and read the URL). Nothing may
 * listen there: Chromium hands a redirect to a listening server past page.route. A `.invalid` host
 * never resolves (RFC 6761) and names no port, so it cannot clash with any server of this machine.
 */
const E2E_OAUTH_REDIRECT_URI = "http://oauth-client.e2e.invalid/callback";

/** Fixed configuration of the e2e server; a value already set in the environment wins (except the console's address). */
export const E2E_ENV: Record<string, string> = {
  ...CONSOLE_ADDRESS,
  GATEWAY_DATA_DIR: ".data/e2e",
  GATEWAY_SANDBOX_PORT: "4010",
  GATEWAY_PRODUCTION_PORT: "4011",
  GATEWAY_DEMO_PASSWORD: "e2e-demo-password",
  GATEWAY_DEMO_CLIENT_ID: "roster-demo-console",
  GATEWAY_DEMO_CLIENT_SECRET: "e2e-demo-client-secret-0123456789",
  GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX: "ra_test_e2e_demo_token_0123456789abcdef",
  GATEWAY_DEMO_CUSTOMER_TOKEN_PRODUCTION: "ra_live_e2e_demo_token_0123456789abcdef",
  GATEWAY_DEMO_REDIRECT_URIS: E2E_OAUTH_REDIRECT_URI,
  E2E_OAUTH_REDIRECT_URI,
  CONSOLE_OPERATOR_EMAIL: "operator@roster.example",
  CONSOLE_OPERATOR_PASSWORD: "e2e-operator-password",
  AUTH_SECRET: "e2e-auth-secret-0123456789abcdef0123456789",
  NEXTAUTH_SECRET: "e2e-auth-secret-0123456789abcdef0123456789",
  LOG_LEVEL: "warn",
};
for (const [key, value] of Object.entries(E2E_ENV)) {
  if (!process.env[key] || key in CONSOLE_ADDRESS) process.env[key] = value;
}
process.env.E2E_API_SANDBOX_URL ??= `http://127.0.0.1:${process.env.GATEWAY_SANDBOX_PORT}`;
process.env.E2E_API_PRODUCTION_URL ??= `http://127.0.0.1:${process.env.GATEWAY_PRODUCTION_PORT}`;

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
    reuseExistingServer: !CI,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      ...Object.fromEntries(Object.keys(E2E_ENV).map((k) => [k, process.env[k] ?? ""])),
      // The e2e server always runs the embedded API on its own data (empty = unset, lib/env.ts).
      DATABASE_URL: "",
      API_SANDBOX_URL: "",
      API_PRODUCTION_URL: "",
      GATEWAY_EMBEDDED: "auto",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
