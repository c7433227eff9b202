import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO, demoCompany } from "../../lib/gateway/seed/demo";

// What the specs know about the e2e server: its URLs (on the ports playwright.config.ts chose) and the
// fixed demo credentials it put in process.env (E2E_ENV), plus the demo seed's companies and users.
// These values live in the test runner only: the browser never receives a token.

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the specs through playwright.config.ts (it sets the e2e demo credentials)`);
  return value;
};

/** The e2e console: its own port (E2E_PORT), never npm start's. */
export const CONSOLE_URL = required("CONSOLE_URL");

/** The e2e server's embedded API, on ports of its own (E2E_GATEWAY_SANDBOX_PORT / _PRODUCTION_PORT). */
export const API_URL = {
  sandbox: required("E2E_API_SANDBOX_URL"),
  production: required("E2E_API_PRODUCTION_URL"),
} as const;

/** A redirect URI of the demo client where nothing listens (specs that drive the authorize pages themselves). */
export const OAUTH_REDIRECT_URI = required("E2E_OAUTH_REDIRECT_URI");

/** Origins the browser must not call directly (except the API's own authorize pages). */
export const API_ORIGINS = new Set(Object.values(API_URL).map((u) => new URL(u).origin));

export const DEMO_PASSWORD = required("GATEWAY_DEMO_PASSWORD");
export const SANDBOX_CUSTOMER_TOKEN = required("GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX");
export const PRODUCTION_CUSTOMER_TOKEN = required("GATEWAY_DEMO_CUSTOMER_TOKEN_PRODUCTION");
export const CLIENT_SECRET = required("GATEWAY_DEMO_CLIENT_SECRET");
/** The console's seeded partner operator (CONSOLE_OPERATOR_*). */
export const OPERATOR = { email: required("CONSOLE_OPERATOR_EMAIL"), password: required("CONSOLE_OPERATOR_PASSWORD") };

/** Every secret of the e2e server that must never travel in a browser request or response. */
export const SECRETS: Record<string, string> = {
  GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX: SANDBOX_CUSTOMER_TOKEN,
  GATEWAY_DEMO_CUSTOMER_TOKEN_PRODUCTION: PRODUCTION_CUSTOMER_TOKEN,
  GATEWAY_DEMO_CLIENT_SECRET: CLIENT_SECRET,
  AUTH_SECRET: required("AUTH_SECRET"),
};

/** The sandbox demo company: the one the demo customer token acts for (first, active). */
export const DEMO_COMPANY = demoCompany("sandbox");
/** Its owner signs in at the API's authorize page (GATEWAY_DEMO_ADMIN_EMAIL when set). */
export const ADMIN_EMAIL = process.env.GATEWAY_DEMO_ADMIN_EMAIL || DEMO.adminEmail;

/** A sandbox company that is not active: the API answers 409 to its employment writes. */
export const INACTIVE_COMPANY = (() => {
  const company = DEMO.environments.sandbox.companies.find((c) => c.status !== "active");
  if (!company) throw new Error("The demo seed has no company that is not active");
  return company;
})();

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The signed-in demo admin's browser state (cookies), written by auth.setup.ts once per run. */
export const ADMIN_STORAGE_STATE = path.join(ROOT, "test-results", ".auth", "sandbox-admin.json");
/** Screenshots kept for people to look at (the report gets them as attachments too). */
export const SCREENSHOTS_DIR = path.join(ROOT, "test-results", "screenshots");
