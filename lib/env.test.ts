import { describe, expect, it } from "vitest";
import { DEMO } from "./gateway/seed/demo";
import { EnvError, parsePublicEnv, parseServerEnv } from "./env";

const fallbacks = {
  clientSecret: "generated-client-secret-0123456789",
  operatorPassword: "generated-operator-password",
  password: "generated-password",
  customerTokenSandbox: "ra_test_generated0123456789abcdef",
  customerTokenProduction: "ra_live_generated0123456789abcdef",
};

const parse = (source: Record<string, string | undefined>) => parseServerEnv(source, fallbacks);

function errorOf(source: Record<string, string | undefined>): EnvError {
  try {
    parse(source);
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error("expected an EnvError");
}

describe("server env", () => {
  it("has the documented defaults", () => {
    const env = parse({});
    expect(env).toMatchObject({
      GATEWAY_SANDBOX_PORT: 4010,
      GATEWAY_PRODUCTION_PORT: 4011,
      GATEWAY_HOST: "127.0.0.1",
      GATEWAY_DATA_DIR: ".data",
      GATEWAY_MODE: "local",
      GATEWAY_DEMO_CLIENT_ID: "roster-demo-console",
      GATEWAY_DEMO_ADMIN_EMAIL: DEMO.adminEmail,
      PORT: 3000,
      LOG_LEVEL: "info",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.resolved).toMatchObject({
      embedded: true,
      apiUrls: { sandbox: "http://127.0.0.1:4010", production: "http://127.0.0.1:4011" },
      consoleUrl: "http://127.0.0.1:3000",
      consoleCallbackUrl: "http://127.0.0.1:3000/api/auth/callback/employment-api",
      rateLimits: { perClient: 1000, perCompany: 300, windowMs: 60_000 },
      partnerCallbackUrl: "http://127.0.0.1:3000/api/partner/connect/callback",
      operator: { email: "operator@roster.example", name: "Partner Operator", password: fallbacks.operatorPassword, generated: true },
    });
    expect(env.resolved.demo).toMatchObject({
      clientId: "roster-demo-console",
      clientSecret: fallbacks.clientSecret,
      password: fallbacks.password,
      customerTokens: { sandbox: fallbacks.customerTokenSandbox, production: fallbacks.customerTokenProduction },
      redirectUris: ["http://127.0.0.1:3000/api/auth/callback/employment-api", "http://127.0.0.1:3000/api/partner/connect/callback"],
      generated: { clientSecret: true, password: true, customerTokenSandbox: true, customerTokenProduction: true },
    });
  });

  it("treats empty strings as unset", () => {
    const env = parse({ GATEWAY_SANDBOX_PORT: "", DATABASE_URL: "", GATEWAY_DEMO_PASSWORD: "  " });
    expect(env.GATEWAY_SANDBOX_PORT).toBe(4010);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.resolved.demo.password).toBe(fallbacks.password);
  });

  it("reads given values", () => {
    const env = parse({
      GATEWAY_SANDBOX_PORT: "5010",
      GATEWAY_PRODUCTION_PORT: "5011",
      PORT: "3100",
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/roster",
      REDIS_URL: "redis://127.0.0.1:6379",
      GATEWAY_DEMO_REDIRECT_URIS: "http://127.0.0.1:8080/cb, https://partner.example/callback",
      GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX: "ra_test_0123456789abcdef01",
      GATEWAY_DEMO_PASSWORD: "a demo password",
      GATEWAY_RATE_LIMIT_PER_COMPANY: "5",
      CONSOLE_OPERATOR_EMAIL: "Ops@Partner.Example",
      CONSOLE_OPERATOR_PASSWORD: "a long operator password",
    });
    expect(env.resolved.operator).toEqual({
      email: "ops@partner.example",
      name: "Partner Operator",
      password: "a long operator password",
      generated: false,
    });
    expect(env.resolved.apiUrls.sandbox).toBe("http://127.0.0.1:5010");
    expect(env.resolved.consoleCallbackUrl).toBe("http://127.0.0.1:3100/api/auth/callback/employment-api");
    expect(env.resolved.demo.redirectUris).toEqual([
      "http://127.0.0.1:3100/api/auth/callback/employment-api",
      "http://127.0.0.1:3100/api/partner/connect/callback",
      "http://127.0.0.1:8080/cb",
      "https://partner.example/callback",
    ]);
    expect(env.resolved.demo.customerTokens.sandbox).toBe("ra_test_0123456789abcdef01");
    expect(env.resolved.demo.generated).toMatchObject({ customerTokenSandbox: false, password: false, clientSecret: true });
    expect(env.resolved.rateLimits.perCompany).toBe(5);
  });

  it.each([
    ["GATEWAY_SANDBOX_PORT", "abc"],
    ["GATEWAY_PRODUCTION_PORT", "70000"],
    ["GATEWAY_MODE", "staging"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["REDIS_URL", "http://localhost"],
    ["GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX", "ra_live_0123456789abcdef01"],
    ["GATEWAY_DEMO_CUSTOMER_TOKEN_PRODUCTION", "ra_test_0123456789abcdef01"],
    ["GATEWAY_DEMO_ADMIN_EMAIL", "not an email"],
    ["GATEWAY_DEMO_REDIRECT_URIS", "not a url"],
    ["GATEWAY_RATE_LIMIT_WINDOW_MS", "-1"],
    ["GATEWAY_EMBEDDED", "yes"],
    ["LOG_LEVEL", "loud"],
    ["CONSOLE_OPERATOR_EMAIL", "nobody"],
    ["CONSOLE_OPERATOR_PASSWORD", "too short"],
    ["AUTH_SECRET", "short"],
  ])("rejects a bad %s, naming it", (variable, value) => {
    const error = errorOf({ [variable]: value });
    expect(error.issues.map((i) => i.variable)).toEqual([variable]);
    expect(error.message).toContain(variable);
  });

  it("uses external API URLs instead of the embedded API", () => {
    const env = parse({ API_SANDBOX_URL: "https://gateway.sandbox.example/", API_PRODUCTION_URL: "https://gateway.example" });
    expect(env.resolved.embedded).toBe(false);
    expect(env.resolved.apiUrls).toEqual({ sandbox: "https://gateway.sandbox.example", production: "https://gateway.example" });
    expect(
      parse({ API_SANDBOX_URL: "https://a.example", API_PRODUCTION_URL: "https://b.example", GATEWAY_EMBEDDED: "true" }).resolved.embedded,
    ).toBe(true);
    expect(parse({ GATEWAY_EMBEDDED: "false" }).resolved.embedded).toBe(false);
    expect(errorOf({ API_SANDBOX_URL: "https://a.example" }).issues[0]?.variable).toBe("API_PRODUCTION_URL");
  });

  it("refuses the same port for both environments", () => {
    expect(errorOf({ GATEWAY_SANDBOX_PORT: "4500", GATEWAY_PRODUCTION_PORT: "4500" }).issues[0]?.variable).toBe("GATEWAY_PRODUCTION_PORT");
    expect(parse({ GATEWAY_SANDBOX_PORT: "0", GATEWAY_PRODUCTION_PORT: "0" }).GATEWAY_SANDBOX_PORT).toBe(0);
  });

  it("generates demo secrets once per process", () => {
    const a = parseServerEnv({});
    const b = parseServerEnv({});
    expect(a.resolved.demo.clientSecret).toBe(b.resolved.demo.clientSecret);
    expect(a.resolved.demo.customerTokens.sandbox).toMatch(/^ra_test_[A-Za-z0-9_-]{40,}$/);
    expect(a.resolved.demo.customerTokens.production).toMatch(/^ra_live_[A-Za-z0-9_-]{40,}$/);
    expect(a.resolved.demo.password.length).toBeGreaterThanOrEqual(12);
  });
});

describe("webhook delivery timing (issue 10 item 8)", () => {
  it("defaults: the built-in schedule, a 15 s timeout, a lease of timeout + 60 s, a 500 ms poll", () => {
    expect(parse({}).resolved.webhooks).toEqual({ schedule: undefined, timeoutMs: 15_000, leaseMs: 75_000, pollIntervalMs: 500 });
  });

  it("GATEWAY_WEBHOOK_RETRY_SCHEDULE takes delays in ms, s, m or h", () => {
    const env = parse({
      GATEWAY_WEBHOOK_RETRY_SCHEDULE: "0, 50, 2s,5m ,1h,100ms",
      GATEWAY_WEBHOOK_TIMEOUT_MS: "300",
      GATEWAY_WEBHOOK_LEASE_MS: "1000",
      GATEWAY_WEBHOOK_POLL_INTERVAL_MS: "20",
    });
    expect(env.resolved.webhooks).toEqual({
      schedule: [0, 50, 2000, 300_000, 3_600_000, 100],
      timeoutMs: 300,
      leaseMs: 1000,
      pollIntervalMs: 20,
    });
  });

  it.each(["5 minutes", "1,,2", "-1", "1.5s", "8d", `${8 * 24}h`])("refuses the schedule %j, naming the variable", (value) => {
    const error = errorOf({ GATEWAY_WEBHOOK_RETRY_SCHEDULE: value });
    expect(error.issues.map((i) => i.variable)).toEqual(["GATEWAY_WEBHOOK_RETRY_SCHEDULE"]);
  });

  it("refuses a lease no longer than the timeout (the attempt would be sent twice)", () => {
    const error = errorOf({ GATEWAY_WEBHOOK_TIMEOUT_MS: "1000", GATEWAY_WEBHOOK_LEASE_MS: "1000" });
    expect(error.issues).toEqual([{ variable: "GATEWAY_WEBHOOK_LEASE_MS", message: "must be longer than GATEWAY_WEBHOOK_TIMEOUT_MS" }]);
  });
});

describe("public env", () => {
  it("holds only NEXT_PUBLIC_ values", () => {
    expect(parsePublicEnv({})).toEqual({ NEXT_PUBLIC_APP_NAME: "Roster" });
    expect(Object.keys(parsePublicEnv({ NEXT_PUBLIC_APP_NAME: "Acme", DATABASE_URL: "postgres://x/y" } as Record<string, string>))).toEqual(
      ["NEXT_PUBLIC_APP_NAME"],
    );
  });
});
