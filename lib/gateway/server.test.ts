import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseServerEnv } from "@/lib/env";
import { unwrapFormSchema } from "@/lib/forms/unwrap";
import { companies, customerTokens, employments } from "./db/schema";
import { createLogger } from "@/lib/logger";
import { demoCompanyId } from "./seed";
import { startGateway, type RunningGateway } from "./server";
import { TEST_DATABASE_URL, TEST_DB_KIND } from "@/test-support/gateway/harness";
import { dropEnvironmentDatabases } from "@/test-support/gateway/databases";

// Starts the real servers (both environments, ports chosen by the OS) on a throw-away PGlite
// directory, or on PostgreSQL when TEST_DB=postgres, then starts them again over the same data.

const DEMO_ENV = {
  GATEWAY_DEMO_PASSWORD: "server-test-password",
  GATEWAY_DEMO_CLIENT_SECRET: "server-test-client-secret-0123456789",
  GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX: "ra_test_server_test_token_0123456789",
  GATEWAY_DEMO_CUSTOMER_TOKEN_PRODUCTION: "ra_live_server_test_token_0123456789",
  LOG_LEVEL: "info",
};

const FIXTURES = path.join(process.cwd(), "../shared/fixtures/forms");
const PROVIDER_FORM_FILES = existsSync(FIXTURES)
  ? readdirSync(FIXTURES)
      .filter((f) => f.endsWith(".json"))
      .sort()
  : [];
const UNKNOWN_OPERATION_FILE = "ITA.contract_details.json";

interface FormsDirFile {
  /** `<ALPHA3>.<form>.json` */
  name: string;
  text: string;
  /** Where it came from, for messages. */
  from: string;
}

/**
 * The files of GATEWAY_FORMS_DIR, one folder (and start) per round: every provider fixture as a
 * bare schema (`{data: schema}` and `{data: {version, schema}}` unwrapped), pretty-printed; the
 * fixture of an unknown country (UNK) as Italy's, a country the API does not list; and a form of
 * Italy's whose logic names an operation no one provides.
 */
function formsDirRounds(): FormsDirFile[][] {
  const files: FormsDirFile[] = PROVIDER_FORM_FILES.map((file) => {
    const [, code = "", form = ""] = /^([A-Z]{3})-([a-z_]+)(?:\.v\d+)?\.json$/.exec(file) ?? [];
    const schema = unwrapFormSchema(JSON.parse(readFileSync(path.join(FIXTURES, file), "utf8")));
    return { name: `${code === "UNK" ? "ITA" : code}.${form}.json`, text: `${JSON.stringify(schema, null, 2)}\n`, from: file };
  });
  files.push({
    name: UNKNOWN_OPERATION_FILE,
    text: JSON.stringify(UNKNOWN_OPERATION_FORM, null, 2),
    from: "a form with an unknown operation",
  });
  const rounds: FormsDirFile[][] = [];
  for (const f of files) {
    const round = rounds.find((r) => !r.some((g) => g.name === f.name));
    if (round) round.push(f);
    else rounds.push([f]);
  }
  return rounds;
}

const UNKNOWN_OPERATION_FORM = {
  type: "object",
  additionalProperties: false,
  properties: {
    days: {
      type: "integer",
      title: "Days",
      "x-jsf-logic-validations": ["on_tuesdays", "positive"],
      "x-jsf-presentation": { inputType: "number" },
    },
  },
  "x-jsf-order": ["days"],
  "x-jsf-logic": {
    validations: {
      on_tuesdays: { rule: { is_tuesday: [{ var: "days" }] }, errorMessage: "Only on Tuesdays" },
      positive: { rule: { ">": [{ var: "days" }, 0] }, errorMessage: "Must be positive" },
    },
  },
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
    if (databaseUrl) await dropEnvironmentDatabases(databaseUrl);
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
    expect(identity.status).toBe(201);
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

  // Starts over the same data (seeded by the test above, or now), with GATEWAY_FORMS_DIR holding
  // every real form of the provider (../shared/fixtures/forms, unwrapped, one file per form as the
  // README says), a country they add, and a form whose logic names an operation the engine lacks.
  // A form with two fixtures (two versions) needs a second start: one file per form and folder.
  it(
    "loads every real provider form through GATEWAY_FORMS_DIR and serves each verbatim over HTTP; unknown operations only warn",
    { timeout: 300_000 },
    async () => {
      await gateway?.close();
      const rounds = formsDirRounds();
      expect(rounds.flat().length).toBe(PROVIDER_FORM_FILES.length + 1);
      const token = "ra_test_server_forms_dir_token_0123456789";
      for (const [round, files] of rounds.entries()) {
        const formsDir = mkdtempSync(path.join(tmpdir(), "roster-forms-dir-"));
        try {
          for (const f of files) writeFileSync(path.join(formsDir, f.name), f.text);
          const env = parseServerEnv({ ...DEMO_ENV, GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX: token, GATEWAY_FORMS_DIR: formsDir });
          expect(env.GATEWAY_FORMS_DIR).toBe(formsDir);
          const log = memoryLog();
          gateway = await startGateway({
            env,
            ports: { sandbox: 0, production: 0 },
            dataDir,
            databaseUrl,
            redisUrl: null,
            logger: log.logger,
            banner: false,
            dispatcher: false,
          });
          const headers = { authorization: `Bearer ${token}` };

          // Served verbatim: the file's own bytes inside the API's {"data": …} envelope.
          for (const f of files) {
            const [code, form] = f.name.split(".");
            const res = await fetch(`${gateway.sandbox.url}/v1/countries/${code}/${form}`, { headers });
            expect(res.status, `${f.name} (${f.from})`).toBe(200);
            expect(res.headers.get("content-type")).toMatch(/^application\/json/);
            expect(await res.text(), `${f.name} (${f.from})`).toBe(`{"data":${f.text}}`);
          }

          // Exactly one warning line, at start, for the form whose rules name an unknown operation.
          const warnings = log.lines.filter((l) => l.includes("unknown operation"));
          const withUnknown = files.find((f) => f.name === UNKNOWN_OPERATION_FILE);
          expect(warnings.length).toBe(withUnknown ? 1 : 0);
          if (withUnknown) {
            expect(JSON.parse(warnings[0]!)).toMatchObject({
              level: 40,
              msg: `GATEWAY_FORMS_DIR: ${UNKNOWN_OPERATION_FILE}: ITA contract_details: 1 JSON Logic rule skipped (unknown operation): validations.on_tuesdays uses "is_tuesday"`,
            });
            // Its other rule still validates, in the running API.
            const forms = gateway.sandbox.deps.forms;
            expect(forms.validate("ITA", "contract_details", { days: 3 })).toBeNull();
            expect(forms.validate("ITA", "contract_details", { days: -3 })).toEqual({ days: ["Must be positive"] });
          }

          if (round === 0) {
            const list = await fetch(`${gateway.sandbox.url}/v1/countries`, { headers });
            expect(list.status).toBe(200);
            const countries = (
              (await list.json()) as { data: { code: string; alpha_2_code: string; name: string; supported_json_schemas: string[] }[] }
            ).data;
            const italy = countries.find((c) => c.code === "ITA");
            expect(italy).toMatchObject({ alpha_2_code: "IT", name: "Italy" });
            expect(italy!.supported_json_schemas).toEqual(["address_details", "contract_details"]);
            // The built-in countries are still there.
            expect(countries.map((c) => c.code)).toEqual(expect.arrayContaining(["PRT", "DEU", "ITA"]));
            const missing = await fetch(`${gateway.sandbox.url}/v1/countries/ITA/bank_account_details`, { headers });
            expect(missing.status).toBe(422);
          }
          await gateway.close();
        } finally {
          rmSync(formsDir, { recursive: true, force: true });
        }
      }
    },
  );

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
