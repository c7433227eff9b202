import { z } from "zod";

// The one place configuration is read and validated. next.config.ts imports this module, so a bad
// value fails `next build` / `next start` with the variable's name. It is deliberately free of
// "server-only" (next.config.ts runs outside React's server graph); server values are only reachable
// through getServerEnv(), which refuses to run in a browser.
//
// Rules: an empty string counts as unset; defaults are the documented ones (README); demo secrets that
// are not configured are generated once per process and printed by the gateway's start banner.

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const port = z.coerce
  .number({ message: "must be a port number" })
  .int("must be an integer")
  .min(0, "must be between 0 and 65535")
  .max(65535, "must be between 0 and 65535");

const positiveInt = z.coerce.number({ message: "must be a number" }).int("must be an integer").positive("must be positive");

const httpUrl = z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).transform((u) => u.replace(/\/+$/, ""));
const postgresUrl = z.url({ protocol: /^postgres(ql)?$/, message: "must be a postgres:// URL" });
const redisUrl = z.url({ protocol: /^rediss?$/, message: "must be a redis:// or rediss:// URL" });

const DURATION_UNITS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
const MAX_RETRY_DELAY_MS = 7 * 24 * 3_600_000;

/** "0,5s,5m,30m,2h": delays before each webhook retry (a bare number is milliseconds). */
const retrySchedule = z.string().transform((value, ctx) => {
  const delays: number[] = [];
  for (const item of value.split(",").map((s) => s.trim())) {
    const match = /^(\d+)(ms|s|m|h)?$/.exec(item);
    const ms = match ? Number(match[1]) * DURATION_UNITS[(match[2] ?? "ms") as keyof typeof DURATION_UNITS] : NaN;
    if (!match || !Number.isSafeInteger(ms) || ms > MAX_RETRY_DELAY_MS) {
      ctx.addIssue({
        code: "custom",
        message: `must be a comma-separated list of delays such as 0,5s,5m,2h (each at most 7 days; "${item}" is not one)`,
      });
      return z.NEVER;
    }
    delays.push(ms);
  }
  if (delays.length > 50) {
    ctx.addIssue({ code: "custom", message: "must list at most 50 retries" });
    return z.NEVER;
  }
  return delays;
});

const commaList = z.string().transform((v) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Variables read by server code (Node). Never sent to the browser. */
export const ServerEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),

  // The Employment API (lib/gateway)
  GATEWAY_SANDBOX_PORT: port.default(4010),
  GATEWAY_PRODUCTION_PORT: port.default(4011),
  GATEWAY_HOST: z.string().min(1).default("127.0.0.1"),
  GATEWAY_DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: postgresUrl.optional(),
  REDIS_URL: redisUrl.optional(),
  GATEWAY_FORMS_DIR: z.string().min(1).optional(),
  GATEWAY_MODE: z.enum(["local", "production"], { message: "must be 'local' or 'production'" }).default("local"),
  GATEWAY_RATE_LIMIT_PER_CLIENT: positiveInt.default(1000),
  GATEWAY_RATE_LIMIT_PER_COMPANY: positiveInt.default(300),
  GATEWAY_RATE_LIMIT_WINDOW_MS: positiveInt.default(60_000),
  GATEWAY_EMBEDDED: z.enum(["auto", "true", "false"], { message: "must be 'auto', 'true' or 'false'" }).default("auto"),
  // Encrypts webhook signing keys at rest; unset: generated once in <GATEWAY_DATA_DIR>/gateway-secret-key.
  GATEWAY_SECRET_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  // Where webhooks are delivered from: "embedded" (a dispatcher inside each API process) or "off"
  // (only `npm run gateway:worker` processes deliver).
  GATEWAY_WEBHOOK_DISPATCHER: z.enum(["embedded", "off"], { message: "must be 'embedded' or 'off'" }).default("embedded"),
  // Delivery timing (docs/decisions/webhooks-retry-configuration.md). Unset: the documented schedule
  // (0,5s,5m,30m,2h,5h,10h,10h: 1 attempt + 8 retries), a 15 s timeout, a lease of timeout + 60 s.
  GATEWAY_WEBHOOK_RETRY_SCHEDULE: retrySchedule.optional(),
  GATEWAY_WEBHOOK_TIMEOUT_MS: positiveInt.max(300_000, "must be at most 300000 (5 minutes)").default(15_000),
  GATEWAY_WEBHOOK_LEASE_MS: positiveInt.optional(),
  GATEWAY_WEBHOOK_POLL_INTERVAL_MS: positiveInt.max(60_000, "must be at most 60000").default(500),

  // Demo data of the embedded API
  GATEWAY_DEMO_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{3,64}$/, "must be 3-64 characters of A-Z a-z 0-9 . _ -")
    .default("roster-demo-console"),
  GATEWAY_DEMO_CLIENT_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  GATEWAY_DEMO_REDIRECT_URIS: commaList.pipe(z.array(z.url({ message: "must be comma-separated URLs" }))).default([]),
  GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX: z
    .string()
    .regex(/^ra_test_[A-Za-z0-9_-]{16,}$/, "must start with ra_test_ followed by at least 16 characters of A-Z a-z 0-9 _ -")
    .optional(),
  GATEWAY_DEMO_CUSTOMER_TOKEN_PRODUCTION: z
    .string()
    .regex(/^ra_live_[A-Za-z0-9_-]{16,}$/, "must start with ra_live_ followed by at least 16 characters of A-Z a-z 0-9 _ -")
    .optional(),
  GATEWAY_DEMO_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  GATEWAY_DEMO_ADMIN_EMAIL: z.email("must be an email address").default("owner@acme.example"),

  // Where the console finds the API: external provider base URLs turn the embedded API off.
  API_SANDBOX_URL: httpUrl.optional(),
  API_PRODUCTION_URL: httpUrl.optional(),
  // The console's OAuth client per environment at that API (a real provider provisions one per
  // environment). Unset: the embedded API's demo client (GATEWAY_DEMO_CLIENT_ID / _SECRET).
  API_SANDBOX_CLIENT_ID: z.string().min(1).optional(),
  API_SANDBOX_CLIENT_SECRET: z.string().min(1).optional(),
  API_PRODUCTION_CLIENT_ID: z.string().min(1).optional(),
  API_PRODUCTION_CLIENT_SECRET: z.string().min(1).optional(),
  // A separate OAuth client for company admins' sign-in (docs/decisions/console-consent-scopes.md):
  // revoking a token withdraws the company's consent to that client, so with one client an admin's
  // sign-out ends the partner's grant and withdrawing the partner's consent signs the admins out.
  // Unset: admins sign in with the console's client above.
  CONSOLE_ADMIN_SANDBOX_CLIENT_ID: z.string().min(1).optional(),
  CONSOLE_ADMIN_SANDBOX_CLIENT_SECRET: z.string().min(1).optional(),
  CONSOLE_ADMIN_PRODUCTION_CLIENT_ID: z.string().min(1).optional(),
  CONSOLE_ADMIN_PRODUCTION_CLIENT_SECRET: z.string().min(1).optional(),

  // The console (Next.js)
  PORT: port.default(3000),
  CONSOLE_URL: httpUrl.optional(),
  CONSOLE_DATABASE_URL: postgresUrl.optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  NEXTAUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),

  // The console's own operator account (partner staff), seeded at start (docs/decisions/partner-view.md).
  CONSOLE_OPERATOR_EMAIL: z.email("must be an email address").default("operator@roster.example"),
  CONSOLE_OPERATOR_NAME: z.string().min(1).max(100).default("Partner Operator"),
  CONSOLE_OPERATOR_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),

  // The read model's sync (docs/decisions/console-sync-jobs.md): on by default ("off" opts out). It
  // starts with the first source (a partner grant, a signed-in company admin), not in an idle console.
  CONSOLE_READMODEL_SYNC: z.enum(["on", "off"], { message: "must be 'on' or 'off'" }).default("on"),
  // "elsewhere": this console only enqueues; `npm run console:worker` processes run the jobs.
  CONSOLE_READMODEL_WORKERS: z.enum(["in-process", "elsewhere"], { message: "must be 'in-process' or 'elsewhere'" }).default("in-process"),
  CONSOLE_READMODEL_INTERVAL_MINUTES: positiveInt.default(15),
  // The page cache (docs/decisions/console-page-cache.md): a session's rendering of the employments
  // list and of an employment page answered again while no write happened, for at most
  // CONSOLE_PAGE_CACHE_TTL_MS. On by default; it works only with the embedded API and PGlite.
  CONSOLE_PAGE_CACHE: z.enum(["on", "off"], { message: "must be 'on' or 'off'" }).default("on"),
  CONSOLE_PAGE_CACHE_TTL_MS: z.coerce
    .number({ message: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(1, "must be at least 1")
    .max(60_000, "must be at most 60000 (a minute)")
    .default(2_000),
});

/** Variables the browser may see: only NEXT_PUBLIC_*, inlined by Next at build time. */
export const PublicEnvSchema = z.object({
  NEXT_PUBLIC_APP_NAME: z.string().min(1).default("Roster"),
});

export type RawServerEnv = z.infer<typeof ServerEnvSchema>;
export type PublicEnv = z.infer<typeof PublicEnvSchema>;

/** Demo values that were generated because the operator did not set them (printed at start). */
export interface GeneratedDemo {
  clientSecret: boolean;
  password: boolean;
  customerTokenSandbox: boolean;
  customerTokenProduction: boolean;
}

export interface ServerEnv extends RawServerEnv {
  /** Values derived from the variables above. */
  resolved: {
    /** Whether this process runs the embedded API (GATEWAY_EMBEDDED, or auto: no external URLs). */
    embedded: boolean;
    /** Base URLs the console calls, per environment (the embedded API's unless external URLs are set). */
    apiUrls: { sandbox: string; production: string };
    consoleUrl: string;
    /** The console's OAuth callback, `${CONSOLE_URL}/api/auth/callback/employment-api`. */
    consoleCallbackUrl: string;
    /** Where companies come back after consenting to the partner, `${CONSOLE_URL}/api/partner/connect/callback`. */
    partnerCallbackUrl: string;
    /** The console's seeded operator (the password is generated once per process when unset). */
    operator: { email: string; name: string; password: string; generated: boolean };
    demo: {
      clientId: string;
      clientSecret: string;
      /** The console's two callbacks followed by GATEWAY_DEMO_REDIRECT_URIS, without duplicates. */
      redirectUris: string[];
      customerTokens: { sandbox: string; production: string };
      password: string;
      adminEmail: string;
      generated: GeneratedDemo;
    };
    rateLimits: { perClient: number; perCompany: number; windowMs: number };
    /** Webhook delivery timing; schedule undefined: the built-in RETRY_SCHEDULE_MS. */
    webhooks: { schedule: number[] | undefined; timeoutMs: number; leaseMs: number; pollIntervalMs: number };
  };
}

export class EnvError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  ${i.variable}: ${i.message}`).join("\n")}`);
    this.name = "EnvError";
  }
}

type Source = Record<string, string | undefined>;

/** Empty strings are treated as unset (a `.env` line `X=` means "use the default"). */
function withoutEmpty(source: Source): Source {
  const out: Source = {};
  for (const [k, v] of Object.entries(source)) if (v !== undefined && v.trim() !== "") out[k] = v;
  return out;
}

function randomString(bytes: number): string {
  // Web Crypto: available in Node 20, the edge runtime and browsers, so this module needs no node: import.
  const buf = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buf);
  let s = "";
  for (const b of buf) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

interface DemoFallbacks {
  clientSecret: string;
  operatorPassword: string;
  password: string;
  customerTokenSandbox: string;
  customerTokenProduction: string;
}

const GENERATED_KEY = Symbol.for("roster.env.generatedDemo");

/**
 * Demo secrets generated once per process. Kept on globalThis, so every bundle of a Next.js server
 * (instrumentation, route handlers) sees the same values as the embedded API.
 */
function processDemoFallbacks(): DemoFallbacks {
  const g = globalThis as unknown as Record<symbol, DemoFallbacks | undefined>;
  g[GENERATED_KEY] ??= {
    clientSecret: randomString(32),
    operatorPassword: `operator-${randomString(12)}`,
    password: `demo-${randomString(9)}`,
    customerTokenSandbox: `ra_test_${randomString(32)}`,
    customerTokenProduction: `ra_live_${randomString(32)}`,
  };
  return g[GENERATED_KEY];
}

/**
 * Parses and validates a set of variables. Throws EnvError naming every bad variable.
 * `fallbacks` supplies the demo secrets that are unset (default: generated once per process).
 */
export function parseServerEnv(source: Source = process.env, fallbacks: DemoFallbacks = processDemoFallbacks()): ServerEnv {
  const result = ServerEnvSchema.safeParse(withoutEmpty(source));
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => ({ variable: String(i.path[0] ?? "(unknown)"), message: i.message })));
  }
  const env = result.data;

  const external = env.API_SANDBOX_URL !== undefined || env.API_PRODUCTION_URL !== undefined;
  if (external && (env.API_SANDBOX_URL === undefined || env.API_PRODUCTION_URL === undefined)) {
    const missing = env.API_SANDBOX_URL === undefined ? "API_SANDBOX_URL" : "API_PRODUCTION_URL";
    throw new EnvError([
      { variable: missing, message: "must be set together with the other external API base URL (API_SANDBOX_URL and API_PRODUCTION_URL)" },
    ]);
  }
  if (env.GATEWAY_SANDBOX_PORT !== 0 && env.GATEWAY_SANDBOX_PORT === env.GATEWAY_PRODUCTION_PORT) {
    throw new EnvError([{ variable: "GATEWAY_PRODUCTION_PORT", message: "must differ from GATEWAY_SANDBOX_PORT" }]);
  }

  const leaseMs = env.GATEWAY_WEBHOOK_LEASE_MS ?? env.GATEWAY_WEBHOOK_TIMEOUT_MS + 60_000;
  if (leaseMs <= env.GATEWAY_WEBHOOK_TIMEOUT_MS) {
    // A claim that ran out while its attempt is still in flight would be sent twice.
    throw new EnvError([{ variable: "GATEWAY_WEBHOOK_LEASE_MS", message: "must be longer than GATEWAY_WEBHOOK_TIMEOUT_MS" }]);
  }

  const embedded = env.GATEWAY_EMBEDDED === "auto" ? !external : env.GATEWAY_EMBEDDED === "true";
  const hostForUrl = env.GATEWAY_HOST.includes(":") ? `[${env.GATEWAY_HOST}]` : env.GATEWAY_HOST;
  const consoleUrl = env.CONSOLE_URL ?? `http://127.0.0.1:${env.PORT}`;
  const consoleCallbackUrl = `${consoleUrl}/api/auth/callback/employment-api`;
  const partnerCallbackUrl = `${consoleUrl}/api/partner/connect/callback`;

  return {
    ...env,
    resolved: {
      embedded,
      apiUrls: {
        sandbox: env.API_SANDBOX_URL ?? `http://${hostForUrl}:${env.GATEWAY_SANDBOX_PORT}`,
        production: env.API_PRODUCTION_URL ?? `http://${hostForUrl}:${env.GATEWAY_PRODUCTION_PORT}`,
      },
      consoleUrl,
      consoleCallbackUrl,
      partnerCallbackUrl,
      operator: {
        email: env.CONSOLE_OPERATOR_EMAIL.toLowerCase(),
        name: env.CONSOLE_OPERATOR_NAME,
        password: env.CONSOLE_OPERATOR_PASSWORD ?? fallbacks.operatorPassword,
        generated: env.CONSOLE_OPERATOR_PASSWORD === undefined,
      },
      demo: {
        clientId: env.GATEWAY_DEMO_CLIENT_ID,
        clientSecret: env.GATEWAY_DEMO_CLIENT_SECRET ?? fallbacks.clientSecret,
        redirectUris: [...new Set([consoleCallbackUrl, partnerCallbackUrl, ...env.GATEWAY_DEMO_REDIRECT_URIS])],
        customerTokens: {
          sandbox: env.GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX ?? fallbacks.customerTokenSandbox,
          production: env.GATEWAY_DEMO_CUSTOMER_TOKEN_PRODUCTION ?? fallbacks.customerTokenProduction,
        },
        password: env.GATEWAY_DEMO_PASSWORD ?? fallbacks.password,
        adminEmail: env.GATEWAY_DEMO_ADMIN_EMAIL,
        generated: {
          clientSecret: env.GATEWAY_DEMO_CLIENT_SECRET === undefined,
          password: env.GATEWAY_DEMO_PASSWORD === undefined,
          customerTokenSandbox: env.GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX === undefined,
          customerTokenProduction: env.GATEWAY_DEMO_CUSTOMER_TOKEN_PRODUCTION === undefined,
        },
      },
      rateLimits: {
        perClient: env.GATEWAY_RATE_LIMIT_PER_CLIENT,
        perCompany: env.GATEWAY_RATE_LIMIT_PER_COMPANY,
        windowMs: env.GATEWAY_RATE_LIMIT_WINDOW_MS,
      },
      webhooks: {
        schedule: env.GATEWAY_WEBHOOK_RETRY_SCHEDULE,
        timeoutMs: env.GATEWAY_WEBHOOK_TIMEOUT_MS,
        leaseMs,
        pollIntervalMs: env.GATEWAY_WEBHOOK_POLL_INTERVAL_MS,
      },
    },
  };
}

let cached: ServerEnv | undefined;

/** The validated server configuration of this process (parsed once). Throws in a browser. */
export function getServerEnv(): ServerEnv {
  if (typeof window !== "undefined") throw new Error("getServerEnv() is server-only: server configuration never reaches the browser");
  cached ??= parseServerEnv(process.env);
  return cached;
}

/** Forgets the parsed configuration (tests that change process.env). */
export function resetServerEnvCache(): void {
  cached = undefined;
}

/**
 * The public map. Next inlines `process.env.NEXT_PUBLIC_*` only when written out literally, hence
 * the explicit object rather than `process.env` itself.
 */
export function parsePublicEnv(source: Source = { NEXT_PUBLIC_APP_NAME: process.env.NEXT_PUBLIC_APP_NAME }): PublicEnv {
  const result = PublicEnvSchema.safeParse(withoutEmpty(source));
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => ({ variable: String(i.path[0] ?? "(unknown)"), message: i.message })));
  }
  return result.data;
}

export const publicEnv: PublicEnv = parsePublicEnv();
