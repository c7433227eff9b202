import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseServerEnv } from "@/lib/env";
import { buildConsoleConfig } from "./config";

const fallbacks = {
  clientSecret: "generated-demo-client-secret-000000",
  password: "demo-password",
  customerTokenSandbox: "ra_test_generatedgeneratedgenerated",
  customerTokenProduction: "ra_live_generatedgeneratedgenerated",
  operatorPassword: "generated-operator-password",
};
const tmp = () => mkdtempSync(path.join(tmpdir(), "roster-console-config-"));
const config = (vars: Record<string, string>) => buildConsoleConfig(parseServerEnv(vars, fallbacks));

describe("console configuration", () => {
  it("company admins sign in with the console's client unless CONSOLE_ADMIN_<ENV>_CLIENT_ID/SECRET name their own (both or neither)", () => {
    const base = { GATEWAY_DATA_DIR: tmp(), AUTH_SECRET: "x".repeat(32) };
    const same = config(base);
    expect(same.adminClients).toEqual(same.clients);
    const own = config({ ...base, CONSOLE_ADMIN_SANDBOX_CLIENT_ID: "admins", CONSOLE_ADMIN_SANDBOX_CLIENT_SECRET: "admins-secret" });
    expect(own.adminClients.sandbox).toEqual({ clientId: "admins", clientSecret: "admins-secret" });
    expect(own.adminClients.production).toEqual(own.clients.production);
    expect(own.clients.sandbox.clientId).toBe("roster-demo-console");
    expect(() => config({ ...base, CONSOLE_ADMIN_PRODUCTION_CLIENT_ID: "admins" })).toThrow(EnvError);
  });

  it("defaults: the embedded API, its demo client, PGlite under .data/console, the callback URL", () => {
    const dir = tmp();
    const c = config({ GATEWAY_DATA_DIR: dir, AUTH_SECRET: "x".repeat(32) });
    expect(c).toMatchObject({
      consoleUrl: "http://127.0.0.1:3000",
      callbackUrl: "http://127.0.0.1:3000/api/auth/callback/employment-api",
      embedded: true,
      apiUrls: { sandbox: "http://127.0.0.1:4010", production: "http://127.0.0.1:4011" },
      database: { kind: "pglite", dataDir: path.join(dir, "console", "db") },
      authSecretSource: "AUTH_SECRET",
      secureCookies: false,
    });
    expect(c.clients.sandbox).toEqual({ clientId: "roster-demo-console", clientSecret: fallbacks.clientSecret });
    expect(c.clients.production).toEqual(c.clients.sandbox);
  });

  it("an external provider: its URLs, per-environment clients, https cookies, PostgreSQL", () => {
    const c = config({
      API_SANDBOX_URL: "https://sandbox.api.example",
      API_PRODUCTION_URL: "https://api.example",
      API_SANDBOX_CLIENT_ID: "sb-client",
      API_SANDBOX_CLIENT_SECRET: "sb-secret",
      API_PRODUCTION_CLIENT_ID: "live-client",
      API_PRODUCTION_CLIENT_SECRET: "live-secret",
      CONSOLE_URL: "https://console.example",
      CONSOLE_DATABASE_URL: "postgres://u:p@db.example/console",
      NEXTAUTH_SECRET: "n".repeat(40),
    });
    expect(c).toMatchObject({
      embedded: false,
      apiUrls: { sandbox: "https://sandbox.api.example", production: "https://api.example" },
      clients: {
        sandbox: { clientId: "sb-client", clientSecret: "sb-secret" },
        production: { clientId: "live-client", clientSecret: "live-secret" },
      },
      callbackUrl: "https://console.example/api/auth/callback/employment-api",
      database: { kind: "postgres", url: "postgres://u:p@db.example/console" },
      authSecretSource: "NEXTAUTH_SECRET",
      secureCookies: true,
    });
  });

  it("an external provider without a client secret fails, naming the variable", () => {
    const external = { API_SANDBOX_URL: "https://s.example", API_PRODUCTION_URL: "https://p.example", AUTH_SECRET: "x".repeat(32) };
    try {
      config(external);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).issues.map((i) => i.variable)).toEqual(["API_SANDBOX_CLIENT_SECRET", "API_PRODUCTION_CLIENT_SECRET"]);
    }
    // GATEWAY_DEMO_CLIENT_SECRET, when set, serves both environments.
    expect(config({ ...external, GATEWAY_DEMO_CLIENT_SECRET: "s".repeat(20) }).clients.production.clientSecret).toBe("s".repeat(20));
  });

  it("without AUTH_SECRET: generates one per data directory, 0600, and reuses it", () => {
    const dir = tmp();
    const first = config({ GATEWAY_DATA_DIR: dir });
    expect(first.authSecretSource).toBe("generated");
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, "console", "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first.authSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(config({ GATEWAY_DATA_DIR: dir }).authSecret).toBe(first.authSecret);
    chmodSync(file, 0o644);
    config({ GATEWAY_DATA_DIR: dir });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Another data directory, another secret.
    expect(config({ GATEWAY_DATA_DIR: tmp() }).authSecret).not.toBe(first.authSecret);
    // A damaged file is never replaced silently (the stored tokens were encrypted with it).
    const damaged = tmp();
    mkdirSync(path.join(damaged, "console"));
    writeFileSync(path.join(damaged, "console", "auth-secret"), "short", { mode: 0o600 });
    expect(() => config({ GATEWAY_DATA_DIR: damaged })).toThrow(/holds no usable secret/);
  });

  it("production against an external API requires AUTH_SECRET", () => {
    const vars = {
      NODE_ENV: "production",
      API_SANDBOX_URL: "https://s.example",
      API_PRODUCTION_URL: "https://p.example",
      GATEWAY_DEMO_CLIENT_SECRET: "s".repeat(20),
      GATEWAY_DATA_DIR: tmp(),
    };
    expect(() => config(vars)).toThrow(/AUTH_SECRET/);
    expect(config({ ...vars, AUTH_SECRET: "a".repeat(32) }).authSecretSource).toBe("AUTH_SECRET");
    // The local demo in production mode (npm start) still works without one.
    expect(config({ NODE_ENV: "production", GATEWAY_DATA_DIR: tmp() }).authSecretSource).toBe("generated");
  });
});
