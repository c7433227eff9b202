import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseServerEnv } from "@/lib/env";
import { companies, customerTokens, employments } from "./db/schema";
import { createLogger } from "./logger";
import { demoCompanyId } from "./seed";
import { startGateway, type RunningGateway } from "./server";
import { TEST_DATABASE_URL, TEST_DB_KIND } from "./testing/harness";

// Starts the real servers (both environments, ports chosen by the OS) on a throw-away PGlite
// directory, or on PostgreSQL when TEST_DB=postgres, then starts them again over the same data.

const DEMO_ENV = {
  GATEWAY_DEMO_PASSWORD: "server-test-password",
  GATEWAY_DEMO_CLIENT_SECRET: "server-test-client-secret-0123456789",
  GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX: "ra_test_server_test_token_0123456789",
  GATEWAY_DEMO_CUSTOMER_TOKEN_PRODUCTION: "ra_live_server_test_token_0123456789",
  LOG_LEVEL: "info",
};

function memoryLog() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { lines, logger: createLogger({ level: "info", destination }) };
}

describe("startGateway", () => {
  let dataDir: string;
  let databaseUrl: string | null = null;
  let gateway: RunningGateway | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "roster-gateway-"));
    if (TEST_DB_KIND === "postgres") {
      const u = new URL(TEST_DATABASE_URL);
      u.pathname = `/roster_server_test_${process.pid}`;
      databaseUrl = u.toString();
    }
  });

  afterAll(async () => {
    await gateway?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) {
      const pg = await import("pg");
      const admin = new URL(databaseUrl);
      admin.pathname = "/postgres";
      const client = new pg.default.Client({ connectionString: admin.toString() });
      await client.connect();
      for (const env of ["sandbox", "production"]) {
        await client.query(`DROP DATABASE IF EXISTS "roster_server_test_${process.pid}_${env}" WITH (FORCE)`);
      }
      await client.end();
    }
  });

  // Four database opens and two seeds: slow on a busy machine.
  it("serves both environments, seeds once and keeps secrets out of request logs", { timeout: 180_000 }, async () => {
    const env = parseServerEnv({ ...DEMO_ENV });
    const banner: string[] = [];
    const log = memoryLog();
    gateway = await startGateway({
      env,
      ports: { sandbox: 0, production: 0 },
      dataDir,
      databaseUrl,
      redisUrl: null,
      logger: log.logger,
      banner: (text) => banner.push(text),
    });

    for (const environment of ["sandbox", "production"] as const) {
      const handle = gateway[environment];
      expect(handle.port).toBeGreaterThan(0);
      expect(handle.url).toBe(`http://127.0.0.1:${handle.port}`);
      const res = await fetch(`${handle.url}/openapi.json`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { openapi: string }).openapi).toMatch(/^3\./);
      expect(await handle.deps.db.$count(employments)).toBeGreaterThanOrEqual(60);
    }
    expect(gateway.sandbox.port).not.toBe(gateway.production.port);

    // The demo customer tokens work on their own environment only.
    const token = DEMO_ENV.GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX;
    const identity = await fetch(`${gateway.sandbox.url}/v1/identity/current`, { headers: { authorization: `Bearer ${token}` } });
    const wrongHost = await fetch(`${gateway.production.url}/v1/identity/current`, { headers: { authorization: `Bearer ${token}` } });
    expect(identity.status).toBe(200);
    expect(wrongHost.status).toBe(401);

    // The banner shows the URLs and the demo sign-in; request logs never show a secret.
    const text = banner.join("\n");
    expect(text).toContain(gateway.sandbox.url);
    expect(text).toContain(gateway.production.url);
    expect(text).toContain(DEMO_ENV.GATEWAY_DEMO_PASSWORD);
    expect(text).toContain(env.resolved.demo.adminEmail);
    const logs = log.lines.join("");
    expect(logs).toContain('"msg":"request"');
    for (const secret of Object.values(DEMO_ENV).filter((v) => v.length > 10)) expect(logs).not.toContain(secret);

    const counts = {
      companies: await gateway.sandbox.deps.db.$count(companies),
      employments: await gateway.sandbox.deps.db.$count(employments),
    };
    await gateway.close();
    await gateway.close(); // idempotent

    // A second start over the same data: no reseed, and a changed demo token takes effect.
    const env2 = parseServerEnv({ ...DEMO_ENV, GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX: "ra_test_server_test_token_changed_0123" });
    gateway = await startGateway({
      env: env2,
      ports: { sandbox: 0, production: 0 },
      dataDir,
      databaseUrl,
      redisUrl: null,
      logger: memoryLog().logger,
      banner: false,
    });
    const db = gateway.sandbox.deps.db;
    expect(await db.$count(companies)).toBe(counts.companies);
    expect(await db.$count(employments)).toBe(counts.employments);
    const tokens = await db.select({ companyId: customerTokens.companyId }).from(customerTokens);
    expect(tokens).toEqual([{ companyId: demoCompanyId("sandbox", "acme") }]);
  });

  // A start over the same data (seeded by the test above, or now), with GATEWAY_FORMS_DIR adding a country.
  it("serves the schemas of GATEWAY_FORMS_DIR over HTTP, a country they add included", { timeout: 180_000 }, async () => {
    await gateway?.close();
    const formsDir = mkdtempSync(path.join(tmpdir(), "roster-forms-dir-"));
    const schema = {
      type: "object",
      additionalProperties: false,
      properties: {
        address: { type: "string", title: "Address", maxLength: 255, "x-jsf-presentation": { inputType: "text" } },
        city: { type: "string", title: "City", maxLength: 255, "x-jsf-presentation": { inputType: "text" } },
        postal_code: { type: "string", title: "CAP", pattern: "^[0-9]{5}$", "x-jsf-presentation": { inputType: "text" } },
      },
      required: ["address", "city", "postal_code"],
      "x-jsf-order": ["address", "city", "postal_code"],
    };
    writeFileSync(path.join(formsDir, "ITA.address_details.json"), JSON.stringify(schema));
    const token = "ra_test_server_forms_dir_token_0123456789";
    try {
      const env = parseServerEnv({ ...DEMO_ENV, GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX: token, GATEWAY_FORMS_DIR: formsDir });
      expect(env.GATEWAY_FORMS_DIR).toBe(formsDir);
      gateway = await startGateway({
        env,
        ports: { sandbox: 0, production: 0 },
        dataDir,
        databaseUrl,
        redisUrl: null,
        logger: memoryLog().logger,
        banner: false,
        dispatcher: false,
      });
      const headers = { authorization: `Bearer ${token}` };

      const list = await fetch(`${gateway.sandbox.url}/v1/countries`, { headers });
      expect(list.status).toBe(200);
      const countries = (
        (await list.json()) as { data: { code: string; alpha_2_code: string; name: string; supported_json_schemas: string[] }[] }
      ).data;
      const italy = countries.find((c) => c.code === "ITA");
      expect(italy).toMatchObject({ alpha_2_code: "IT", name: "Italy" });
      expect(italy!.supported_json_schemas).toContain("address_details");
      expect(italy!.supported_json_schemas).not.toContain("contract_details");
      // The built-in countries are still there.
      expect(countries.map((c) => c.code)).toEqual(expect.arrayContaining(["PRT", "DEU", "ITA"]));

      const form = await fetch(`${gateway.sandbox.url}/v1/countries/ITA/address_details`, { headers });
      expect(form.status).toBe(200);
      expect(((await form.json()) as { data: unknown }).data).toEqual(schema);
      const missing = await fetch(`${gateway.sandbox.url}/v1/countries/ITA/contract_details`, { headers });
      expect(missing.status).toBe(422);
    } finally {
      rmSync(formsDir, { recursive: true, force: true });
    }
  });

  it("names the variable when a port is taken", { timeout: 60_000 }, async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const taken = (blocker.address() as AddressInfo).port;
    const other = mkdtempSync(path.join(tmpdir(), "roster-gateway-"));
    try {
      await expect(
        startGateway({
          env: parseServerEnv({ ...DEMO_ENV }),
          ports: { sandbox: taken, production: 0 },
          dataDir: other,
          databaseUrl: null,
          redisUrl: null,
          logger: memoryLog().logger,
          banner: false,
          demo: false,
          dispatcher: false,
        }),
      ).rejects.toThrow(/GATEWAY_SANDBOX_PORT/);
    } finally {
      blocker.close();
      rmSync(other, { recursive: true, force: true });
    }
  });
});
