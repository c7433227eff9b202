import { createServer, type IncomingMessage, type Server } from "node:http";
import os from "node:os";
import { sql } from "drizzle-orm";
import { AUTHORIZATION_CODE_SCOPES } from "@/lib/contract";
import type { ConsoleConfig } from "@/lib/console/server/config";
import { createAuthDeps } from "@/lib/console/server/auth/deps";
import { openConsoleDatabase, type ConsoleDatabase } from "@/lib/console/server/db/client";
import type { BudgetLimits } from "@/lib/console/server/readmodel/budget";
import {
  getReadModelFreshness,
  iterateReadModelEmployments,
  listReadModelEmployments,
  type ReadModelQuery,
  type ReadModelScope,
} from "@/lib/console/server/readmodel/query";
import { startReadModel, type ReadModelRuntime } from "@/lib/console/server/readmodel/runtime";
import { handleReadModelWebhook } from "@/lib/console/server/readmodel/webhooks";
import { createHotReadPath } from "@/lib/gateway/cache/hot-read";
import { systemClock } from "@/lib/gateway/clock";
import { createGatewayApp } from "@/lib/gateway/app";
import { DEFAULT_GATEWAY_CONFIG, type GatewayDeps } from "@/lib/gateway/context";
import { randomToken, sha256 } from "@/lib/gateway/crypto";
import { openDatabase, type Database } from "@/lib/gateway/db/client";
import { getDefaultFormRegistry } from "@/lib/gateway/forms";
import { createApiServer, type ApiServer } from "@/lib/gateway/node-server";
import { registerClient } from "@/lib/gateway/oauth/clients";
import { createRateLimiter } from "@/lib/gateway/rate-limit";
import { seedDemoData } from "@/lib/gateway/seed";
import { createDispatcher, type Dispatcher } from "@/lib/gateway/webhooks/dispatcher";
import { setGatewaySecret } from "@/lib/gateway/webhooks/signing-key-cipher";
import { createLogger, silentLogger } from "@/lib/logger";
import { closeServer, listenLoopback } from "./http";
import { round } from "./load";
import { check, type Check, type Row, type SuiteResult } from "./suite";

// The partner view at scale (issue 13; docs/decisions/bench-partner-scale.md). The embedded API
// (its own PGlite, served over loopback HTTP with its rate limits and webhook dispatcher) is seeded
// in bulk with N companies × M employments, each company with an OAuth grant and an access token of
// the partner's client; the console's database (another PGlite) gets the matching partner grants.
// Then the console's real read model runs (runtime → pg-boss jobs → sync → budgeted API client over
// HTTP, callbacks registered at the API, deliveries verified by the receiver route's handler), and
// the suite measures: companies synced, a sorted/filtered/searched partner list page, the CSV export
// of every row, freshness after a change at the API (through its webhook), and 429s seen by the sync.
// Bounded: every wait has a deadline; everything started is stopped in `finally`.

export interface PartnerScaleOptions {
  companies: number;
  employmentsPerCompany: number;
  /** Longest wait for the first full sync of every company. */
  syncDeadlineMs: number;
  /** Changes made at the API for the freshness row. */
  freshChanges: number;
  /** Rounds of the list queries (each round runs every query once). */
  listRounds: number;
  log(message: string): void;
}

/**
 * The provider's limits the embedded API enforces in this run, and the console's budget under them.
 * A token bucket lets at most burst + perMinute through in any 60 s, so the sync takes at most
 * 10,200 of the API's 12,000 per client id a minute and 120 of its 300 per company.
 */
export const BENCH_API_LIMITS = { perClient: 12_000, perCompany: 300, windowMs: 60_000 };
export const BENCH_SYNC_LIMITS: BudgetLimits = {
  client: { burst: 200, perMinute: 10_000 },
  company: { burst: 30, perMinute: 90 },
};

export const GOALS = { companies: 1000, listP95Ms: 300, exportSeconds: 30, freshP95Seconds: 10, sync429s: 0 };

const CLIENT_ID = "bench-partner-client";
const NAMES = ["Ana", "Bruno", "Chloé", "Dmitri", "Eve", "Farah", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea", "Mia", "Noor"];
const LASTS = ["Silva", "Meyer", "Okafor", "Ng", "Zimmer", "Alves", "Brown", "Costa", "Novak", "Sato", "Haddad", "Kowalski"];
const TITLES = ["Engineer", "Designer", "Accountant", "Sales Lead", "Nurse", "Teacher", "Analyst", "Support Agent"];

const arr = (values: string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")}]`);

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface SeededCompany {
  id: string;
  name: string;
  token: string;
  departments: [string, string];
  departmentNames: [string, string];
}

/**
 * The API's data in bulk: companies, owners, two departments each, employments copied from the demo
 * seed's rows (one template per status: realistic sections and onboarding tasks), one OAuth grant and
 * one access token of the partner's client per company. A few INSERT … SELECT statements, not POSTs.
 */
async function seedApi(db: Database["db"], options: PartnerScaleOptions): Promise<SeededCompany[]> {
  const n = options.companies;
  const m = options.employmentsPerCompany;
  let t = performance.now();
  const step = (what: string) => {
    options.log(`partner-scale:   ${what} ${Math.round(performance.now() - t)} ms`);
    t = performance.now();
  };
  await seedDemoData(db, { environment: "sandbox", password: `bench-${randomToken(12)}` });
  step("demo seed (templates)");
  await registerClient(db, {
    id: CLIENT_ID,
    secret: randomToken(24),
    name: "Bench partner",
    redirectUris: ["http://127.0.0.1/callback"],
    scopes: [...AUTHORIZATION_CODE_SCOPES],
  });
  const tokenPrefix = `bench-${randomToken(24)}-`;
  // Deterministic ids that are valid UUIDs (version 4, RFC variant) made from a name.
  await db.execute(sql`CREATE FUNCTION pg_temp.bench_uuid(t text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
    SELECT (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-8' || substr(h, 18, 3) || '-' || substr(h, 21, 12))::uuid
    FROM (SELECT md5(t) AS h) x $$`);
  await db.execute(sql`
    INSERT INTO companies (id, name, status, country_code, created_at)
    SELECT pg_temp.bench_uuid('bench-company-' || c), 'Bench Company ' || lpad(c::text, 4, '0'), 'active', 'PRT', now()
    FROM generate_series(1, ${n}) AS c`);
  await db.execute(sql`
    INSERT INTO company_users (id, company_id, name, email, role, status, created_at)
    SELECT pg_temp.bench_uuid('bench-owner-' || c), pg_temp.bench_uuid('bench-company-' || c), 'Owner ' || c, 'owner' || c || '@bench-partner.example', 'owner', 'active', now()
    FROM generate_series(1, ${n}) AS c`);
  await db.execute(sql`
    INSERT INTO departments (id, company_id, name, created_at)
    SELECT pg_temp.bench_uuid('bench-dept-' || c || '-' || d), pg_temp.bench_uuid('bench-company-' || c), (ARRAY['Operations', 'Research'])[d] || ' ' || c, now()
    FROM generate_series(1, ${n}) AS c, generate_series(1, 2) AS d`);
  // Statuses per company of 100: 10 onboarding (invited, created, initiated, pending, review), 4
  // archived, 2 offboarding, the rest active: onboarding progress is read for the 10.
  const statuses = ["active", "archived", "offboarding", "invited", "created", "initiated", "pending", "review"];
  await db.execute(sql`CREATE TEMP TABLE bench_templates AS
    SELECT x.st AS bench_status, s.* FROM unnest(${arr(statuses)}) AS x(st) CROSS JOIN LATERAL (
      SELECT * FROM employments t WHERE t.status IN (x.st, 'active') ORDER BY (t.status = x.st) DESC, t.created_at LIMIT 1) s`);
  await db.execute(sql`
    WITH gen AS (
      SELECT c, i, CASE
        WHEN i % 10 = 0 THEN (ARRAY['invited', 'created', 'initiated', 'pending', 'review'])[1 + (i / 10) % 5]
        WHEN i % 25 = 1 THEN 'archived'
        WHEN i % 50 = 2 THEN 'offboarding'
        ELSE 'active' END AS st
      FROM generate_series(1, ${n}) AS c, generate_series(1, ${m}) AS i)
    INSERT INTO employments (id, short_id, company_id, user_id, type, employment_model, status, employment_lifecycle_stage,
      full_name, job_title, personal_email, login_email, work_email, department_id, external_id, country_code,
      basic_information, personal_details, address_details, work_address_details, administrative_details, contract_details,
      onboarding_tasks, created_at, updated_at)
    SELECT pg_temp.bench_uuid('bench-emp-' || g.c || '-' || g.i), 'B' || lpad(g.c::text, 4, '0') || lpad(g.i::text, 3, '0'), pg_temp.bench_uuid('bench-company-' || g.c), NULL,
      (ARRAY['employee', 'contractor', 'direct_employee'])[1 + g.i % 3], s.employment_model, g.st, s.employment_lifecycle_stage,
      (${arr(NAMES)})[1 + (g.c * 7 + g.i) % ${NAMES.length}] || ' ' || (${arr(LASTS)})[1 + (g.c + g.i * 3) % ${LASTS.length}] || ' ' || g.c || '-' || g.i,
      (${arr(TITLES)})[1 + (g.c + g.i) % ${TITLES.length}],
      'p' || g.c || '.' || g.i || '@bench.example', 'p' || g.c || '.' || g.i || '@bench.example', 'w' || g.c || '.' || g.i || '@work.bench.example',
      pg_temp.bench_uuid('bench-dept-' || g.c || '-1'), 'EXT-' || g.c || '-' || g.i, s.country_code,
      s.basic_information, s.personal_details, s.address_details, s.work_address_details, s.administrative_details, s.contract_details,
      s.onboarding_tasks, now() - ((g.c * ${m} + g.i) || ' seconds')::interval, now()
    FROM gen g JOIN bench_templates s ON s.bench_status = g.st`);
  step("employments");
  await db.execute(sql`
    INSERT INTO oauth_grants (id, client_id, company_id, user_id, scopes, refresh_token_hash, created_at)
    SELECT pg_temp.bench_uuid('bench-grant-' || c), ${CLIENT_ID}, pg_temp.bench_uuid('bench-company-' || c), pg_temp.bench_uuid('bench-owner-' || c),
      ${JSON.stringify(AUTHORIZATION_CODE_SCOPES)}::jsonb, encode(sha256(convert_to(${tokenPrefix} || 'refresh-' || c, 'UTF8')), 'hex'), now()
    FROM generate_series(1, ${n}) AS c`);
  await db.execute(sql`
    INSERT INTO access_tokens (token_hash, client_id, grant_id, company_id, user_id, scopes, expires_at, created_at)
    SELECT encode(sha256(convert_to(${tokenPrefix} || c, 'UTF8')), 'hex'), ${CLIENT_ID}, pg_temp.bench_uuid('bench-grant-' || c),
      pg_temp.bench_uuid('bench-company-' || c), pg_temp.bench_uuid('bench-owner-' || c), ${JSON.stringify(AUTHORIZATION_CODE_SCOPES)}::jsonb, now() + interval '1 day', now()
    FROM generate_series(1, ${n}) AS c`);
  step("grants and tokens");
  await db.execute(sql`ANALYZE employments`);
  await db.execute(sql`ANALYZE access_tokens`);
  step("analyze");
  const rows = (
    (await db.execute(sql`
      SELECT c, pg_temp.bench_uuid('bench-company-' || c)::text AS id, 'Bench Company ' || lpad(c::text, 4, '0') AS name,
        pg_temp.bench_uuid('bench-dept-' || c || '-1')::text AS d1, pg_temp.bench_uuid('bench-dept-' || c || '-2')::text AS d2,
        'Operations ' || c AS n1, 'Research ' || c AS n2
      FROM generate_series(1, ${n}) AS c ORDER BY c`)) as unknown as {
      rows: { c: number; id: string; name: string; d1: string; d2: string; n1: string; n2: string }[];
    }
  ).rows;
  const companies = rows.map((r) => ({
    id: r.id,
    name: r.name,
    token: `${tokenPrefix}${r.c}`,
    departments: [r.d1, r.d2] as [string, string],
    departmentNames: [r.n1, r.n2] as [string, string],
  }));
  // The token the API stores is the hash of the one the console holds.
  if (sha256(companies[0]!.token) !== (await tokenHashOf(db, companies[0]!.id))) throw new Error("seeded token hashes do not match");
  return companies;
}

async function tokenHashOf(db: Database["db"], companyId: string): Promise<string> {
  const r = (await db.execute(sql`SELECT token_hash FROM access_tokens WHERE company_id = ${companyId} LIMIT 1`)) as unknown as {
    rows: { token_hash: string }[];
  };
  return r.rows[0]?.token_hash ?? "";
}

/** The partner's grants in the console's database, tokens sealed as the grant store seals them. */
async function seedConsole(
  database: ConsoleDatabase,
  cipher: { seal(plain: string, aad: string): string },
  companies: SeededCompany[],
): Promise<void> {
  const at = new Date();
  const expires = new Date(at.getTime() + 24 * 3_600_000);
  for (let i = 0; i < companies.length; i += 500) {
    const values = companies.slice(i, i + 500).map((c, j) => {
      const id = `bench-grant-${i + j + 1}`;
      return sql`(${id}, 'sandbox', ${c.id}, ${c.name}, ${CLIENT_ID}, ${cipher.seal(c.token, `partner_grants:${id}:access_token`)},
        ${cipher.seal(`unused-refresh-${randomToken(8)}`, `partner_grants:${id}:refresh_token`)}, ${expires.toISOString()}::timestamptz,
        ${JSON.stringify(AUTHORIZATION_CODE_SCOPES)}::jsonb, ${at.toISOString()}::timestamptz, 'active', ${at.toISOString()}::timestamptz,
        ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`;
    });
    await database.db.execute(sql`
      INSERT INTO partner_grants (id, environment, company_id, company_name, client_id, access_token_enc, refresh_token_enc, access_expires_at,
        scopes, consented_at, status, status_changed_at, created_at, updated_at)
      VALUES ${sql.join(values, sql`, `)}`);
  }
}

/** The console's webhook receiver route, served by node:http on loopback (the route's own handler). */
function receiverServer(handle: (req: Request, params: { environment: string; receiver: string }) => Promise<Response>): Server {
  return createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const match = /^\/api\/webhooks\/([^/]+)\/([^/?]+)$/.exec(req.url?.split("?")[0] ?? "");
      if (!match || req.method !== "POST") {
        res.writeHead(404).end();
        return;
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(`http://127.0.0.1${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) });
      handle(request, { environment: match[1]!, receiver: match[2]! }).then(
        async (answer) => {
          res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
        },
        () => res.writeHead(500).end(),
      );
    });
  });
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export async function runPartnerScale(options: PartnerScaleOptions): Promise<SuiteResult> {
  const { log } = options;
  const total = options.companies * options.employmentsPerCompany;
  const started: Server[] = [];
  const apiServers: ApiServer[] = [];
  let apiDb: Database | undefined;
  let consoleDb: ConsoleDatabase | undefined;
  let dispatcher: Dispatcher | undefined;
  let runtime: ReadModelRuntime | undefined;
  try {
    // The API.
    const t0 = performance.now();
    apiDb = await openDatabase({ kind: "pglite" });
    log(`partner-scale: API database open in ${Math.round(performance.now() - t0)} ms`);
    const companies = await seedApi(apiDb.db, options);
    const seedApiMs = performance.now() - t0;
    log(`partner-scale: API seeded with ${options.companies} companies × ${options.employmentsPerCompany} in ${Math.round(seedApiMs)} ms`);
    const deps: GatewayDeps = {
      config: { ...DEFAULT_GATEWAY_CONFIG, environment: "sandbox", mode: "local", baseUrl: "http://127.0.0.1" },
      db: apiDb.db,
      clock: systemClock,
      rateLimiter: createRateLimiter({ config: BENCH_API_LIMITS, keyPrefix: `bench-partner-${randomToken(6)}` }),
      logger: silentLogger,
      forms: await getDefaultFormRegistry(),
    };
    setGatewaySecret(deps, randomToken(32));
    const api = createApiServer(createGatewayApp(deps).fetch, { hotReads: createHotReadPath(deps) });
    apiServers.push(api);
    const apiUrl = await listenLoopback(api.server);
    deps.config.baseUrl = apiUrl;
    dispatcher = createDispatcher(deps, { pollIntervalMs: 200, concurrency: 16, logger: silentLogger });
    dispatcher.start();

    // The console.
    consoleDb = await openConsoleDatabase({ kind: "pglite" });
    const database = consoleDb;
    let enqueueEvent: ReadModelRuntime["enqueueEvent"] = () => Promise.reject(new Error("not started"));
    let cipher: ReturnType<typeof createAuthDeps>["cipher"] | undefined;
    const receiver = receiverServer((req, params) =>
      handleReadModelWebhook(req, params, { db: database.db, cipher: cipher!, enqueue: (job) => enqueueEvent(job) }),
    );
    started.push(receiver);
    const consoleUrl = await listenLoopback(receiver);
    const config: ConsoleConfig = {
      consoleUrl,
      callbackUrl: `${consoleUrl}/api/auth/callback/employment-api`,
      partnerCallbackUrl: `${consoleUrl}/api/partner/connect/callback`,
      operator: null,
      embedded: true,
      apiUrls: { sandbox: apiUrl, production: apiUrl },
      clients: { sandbox: { clientId: CLIENT_ID, clientSecret: "unused" }, production: { clientId: CLIENT_ID, clientSecret: "unused" } },
      adminClients: { sandbox: { clientId: CLIENT_ID, clientSecret: "unused" }, production: { clientId: CLIENT_ID, clientSecret: "unused" } },
      dataDir: os.tmpdir(),
      database: { kind: "pglite", dataDir: os.tmpdir() },
      authSecret: randomToken(32),
      authSecretSource: "AUTH_SECRET",
      secureCookies: false,
    };
    // Every request of the sync goes through this fetch: its answers are counted here.
    const calls = { total: 0, by429: 0, byPath: new Map<string, number>() };
    const countingFetch: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      calls.total++;
      if (res.status === 429) calls.by429++;
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname.replace(/\/[0-9a-f-]{36}/g, "/{id}");
      calls.byPath.set(`${init?.method ?? "GET"} ${path}`, (calls.byPath.get(`${init?.method ?? "GET"} ${path}`) ?? 0) + 1);
      return res;
    };
    const auth = createAuthDeps({ config, db: database.db, logger: silentLogger, fetch: countingFetch, resolveBaseUrl: async () => apiUrl });
    cipher = auth.cipher;
    await seedConsole(database, auth.cipher, companies);

    // The read model: scheduler ticks every second (50 companies a tick), 8 re-reads at once.
    const syncStart = performance.now();
    runtime = await startReadModel({
      database,
      auth,
      intervalMs: 60 * 60_000,
      limits: BENCH_SYNC_LIMITS,
      schedulerTickMs: 1000,
      schedulerBatch: 50,
      syncConcurrency: 8,
      eventConcurrency: 4,
      pollingIntervalSeconds: 0.5,
      logger: process.env.BENCH_PARTNER_DEBUG ? createLogger({ level: "warn", name: "bench-readmodel" }) : silentLogger,
    });
    enqueueEvent = runtime.enqueueEvent;
    const synced = async () =>
      Number(
        (
          (await database.db.execute(
            sql`SELECT count(*)::int AS n FROM readmodel_sync_state WHERE last_synced_at IS NOT NULL`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    let done = 0;
    let lastLog = 0;
    const deadline = performance.now() + options.syncDeadlineMs;
    while ((done = await synced()) < options.companies && performance.now() < deadline) {
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        log(`partner-scale: ${done}/${options.companies} companies synced after ${Math.round((performance.now() - syncStart) / 1000)} s, ${calls.total} API calls`);
      }
      await sleep(250);
    }
    const syncSeconds = (performance.now() - syncStart) / 1000;
    const rowsSynced = Number(
      ((await database.db.execute(sql`SELECT count(*)::int AS n FROM readmodel_employments`)) as unknown as { rows: { n: number }[] }).rows[0]!
        .n,
    );
    const onboarding = (
      (await database.db.execute(
        sql`SELECT count(*) FILTER (WHERE onboarding_total IS NOT NULL)::int AS known,
          count(*) FILTER (WHERE status IN ('created', 'initiated', 'invited', 'pending', 'review', 'job_title_review', 'pending_post_self_enrollment_actions'))::int AS onboarding
          FROM readmodel_employments`,
      )) as unknown as { rows: { known: number; onboarding: number }[] }
    ).rows[0]!;
    const syncCalls = calls.total;
    log(`partner-scale: ${done}/${options.companies} companies (${rowsSynced} rows) synced in ${round(syncSeconds, 1)} s, ${syncCalls} API calls, ${calls.by429} answered 429`);

    // Freshness: a change at the API (an employment moved to the other department: PATCH
    // /v2/employments/{id}, event employment.details.updated), timed until the read model shows it.
    const fresh: number[] = [];
    let freshMissed = 0;
    const freshOne = async (k: number) => {
      const company = companies[(k * 37) % companies.length]!;
      const employmentId = (
        (await apiDb!.db.execute(
          sql`SELECT id::text AS id FROM employments WHERE company_id = ${company.id} AND status = 'active' AND type = 'employee' ORDER BY short_id LIMIT 1 OFFSET ${k % 20}`,
        )) as unknown as { rows: { id: string }[] }
      ).rows[0]!.id;
      const current = (
        (await database.db.execute(
          sql`SELECT department FROM readmodel_employments WHERE company_id = ${company.id} AND employment_id = ${employmentId}`,
        )) as unknown as { rows: { department: string | null }[] }
      ).rows[0]?.department;
      const to = current === company.departmentNames[1] ? 0 : 1;
      const t = performance.now();
      const res = await fetch(`${apiUrl}/v2/employments/${employmentId}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${company.token}`, "content-type": "application/json" },
        body: JSON.stringify({ department_id: company.departments[to] }),
      });
      if (res.status !== 200) throw new Error(`PATCH /v2/employments answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      const until = t + 30_000;
      while (performance.now() < until) {
        const now = (
          (await database.db.execute(
            sql`SELECT department FROM readmodel_employments WHERE company_id = ${company.id} AND employment_id = ${employmentId}`,
          )) as unknown as { rows: { department: string | null }[] }
        ).rows[0]?.department;
        if (now === company.departmentNames[to]) {
          fresh.push((performance.now() - t) / 1000);
          return;
        }
        await sleep(50);
      }
      freshMissed++;
    };
    log(`partner-scale: freshness, ${options.freshChanges} changes at the API`);
    const pending: Promise<void>[] = [];
    const freshErrors: string[] = [];
    for (let k = 0; k < options.freshChanges; k++) {
      pending.push(
        freshOne(k).catch((error: unknown) => {
          freshMissed++;
          freshErrors.push((error as Error).message);
        }),
      );
      await sleep(300);
    }
    await Promise.all(pending);

    // The partner list: what the page asks (a page and the freshness of the companies), sorted,
    // filtered and searched, over every company.
    const scope: ReadModelScope = { kind: "partner", environment: "sandbox" };
    const LIST_QUERIES: ReadModelQuery[] = [
      { page: 1, page_size: 50, search: "silva", status: ["active"], sort: "job_title", order: "asc" },
      { page: 2, page_size: 50, search: "okafor", status: ["active", "invited"], sort: "full_name", order: "desc" },
      { page: 1, page_size: 50, search: "engineer", type: ["employee"], sort: "company", order: "asc" },
      { page: 1, page_size: 50, search: "p12.", status: ["active", "archived"], sort: "personal_email", order: "desc" },
    ];
    const listOnce = (q: ReadModelQuery) => Promise.all([listReadModelEmployments(database.db, scope, q), getReadModelFreshness(database.db, scope)]);
    for (const q of LIST_QUERIES) await listOnce(q);
    const listMs: number[] = [];
    let listTotal = 0;
    for (let r = 0; r < options.listRounds; r++) {
      for (const q of LIST_QUERIES) {
        const t = performance.now();
        const [page] = await listOnce(q);
        listMs.push(performance.now() - t);
        listTotal = Math.max(listTotal, page.total_count);
      }
    }
    // Unsearched pages (totals from the kept counts), for the notes.
    const plainMs: number[] = [];
    for (let r = 0; r < Math.max(3, Math.floor(options.listRounds / 2)); r++) {
      const t = performance.now();
      await listOnce({ page: 3, page_size: 50, status: ["active"], sort: "full_name", order: "asc" });
      plainMs.push(performance.now() - t);
    }

    // The export: every row of the partner's list, as CSV.
    const exportStart = performance.now();
    let exported = 0;
    let bytes = 0;
    const header = "company,full_name,job_title,personal_email,status,type,country,department,external_id,onboarding\n";
    bytes += header.length;
    for await (const batch of iterateReadModelEmployments(database.db, scope, { sort: "full_name", order: "asc" }, 1000)) {
      let chunk = "";
      for (const e of batch) {
        chunk += `${[e.company.name, e.full_name, e.job_title, e.personal_email, e.status, e.type, e.country?.name, e.department, e.external_id, e.onboarding ? `${e.onboarding.completed}/${e.onboarding.total}` : ""].map(csvCell).join(",")}\n`;
      }
      exported += batch.length;
      bytes += Buffer.byteLength(chunk);
    }
    const exportSeconds = (performance.now() - exportStart) / 1000;

    const listP95 = round(percentile(listMs, 95), 1);
    const freshP95 = round(percentile(fresh, 95), 2);
    const by429 = calls.by429;
    const rows: Row[] = [
      {
        name: `${options.companies} companies × ${options.employmentsPerCompany}: companies synced`,
        target: "console read model",
        metrics: {
          companies: { value: done, unit: "companies", better: "higher" },
          seconds: { value: round(syncSeconds, 1), unit: "s", better: "lower" },
        },
        notes: {
          rows: rowsSynced,
          expectedRows: total,
          apiCalls: syncCalls,
          callsPerCompany: round(syncCalls / Math.max(1, done), 2),
          onboardingRows: onboarding.onboarding,
          onboardingKnown: onboarding.known,
          seedApiMs: Math.round(seedApiMs),
          calls: [...calls.byPath.entries()].map(([k, v]) => `${k}: ${v}`).join("; "),
        },
      },
      {
        name: "partner list: sorted, filtered and searched page",
        target: "console read model",
        metrics: {
          p95: { value: listP95, unit: "ms", better: "lower" },
          p50: { value: round(percentile(listMs, 50), 1), unit: "ms", better: "lower" },
        },
        notes: {
          samples: listMs.length,
          pageSize: 50,
          largestTotal: listTotal,
          unsearchedP50Ms: round(percentile(plainMs, 50), 1),
          unsearchedMaxMs: round(Math.max(...plainMs), 1),
        },
      },
      {
        name: `export: CSV of all ${exported} rows`,
        target: "console read model",
        metrics: { seconds: { value: round(exportSeconds, 2), unit: "s", better: "lower" } },
        notes: { rows: exported, bytes },
      },
      {
        name: "fresh: change at the API to the read model, through its webhook",
        target: "console read model",
        metrics: {
          p95: { value: freshP95, unit: "s", better: "lower" },
          p50: { value: round(percentile(fresh, 50), 2), unit: "s", better: "lower" },
        },
        notes: { changes: options.freshChanges, seen: fresh.length, missed: freshMissed, errors: freshErrors.slice(0, 3).join(" | ") },
      },
      {
        name: "429 answers to the sync during the run",
        target: "console read model",
        metrics: { "429s": { value: by429, unit: "429s", better: "lower" } },
        notes: { apiCalls: calls.total },
      },
    ];
    const checks: Check[] = [
      check("companies synced", done, "min", Math.min(GOALS.companies, options.companies), "companies"),
      check("partner list p95", listP95, "max", GOALS.listP95Ms, "ms"),
      check("export of every row", round(exportSeconds, 2), "max", GOALS.exportSeconds, "s"),
      check("freshness p95 after a webhook", freshMissed > 0 ? 9999 : freshP95, "max", GOALS.freshP95Seconds, "s"),
      check("429s caused by the sync", by429, "max", GOALS.sync429s, "429s"),
      check("rows exported", exported, "min", rowsSynced, "rows"),
    ];
    return {
      rows,
      checks,
      context: {
        companies: options.companies,
        employmentsPerCompany: options.employmentsPerCompany,
        apiLimits: BENCH_API_LIMITS,
        syncBudget: BENCH_SYNC_LIMITS,
        syncConcurrency: 8,
        databases: "PGlite (API) + PGlite (console), one process",
      },
    };
  } finally {
    await runtime?.stop().catch(() => undefined);
    await dispatcher?.stop().catch(() => undefined);
    await Promise.all(apiServers.map((s) => s.drain({ idleGraceMs: 0, deadlineMs: 1000 }).catch(() => undefined)));
    await Promise.all(started.map(closeServer));
    await consoleDb?.close().catch(() => undefined);
    await apiDb?.close().catch(() => undefined);
  }
}
