import { sql } from "drizzle-orm";
import { AUTHORIZATION_CODE_SCOPES } from "@/lib/contract";
import { createHotReadPath } from "@/lib/gateway/cache/hot-read";
import { systemClock } from "@/lib/gateway/clock";
import { createGatewayApp } from "@/lib/gateway/app";
import { DEFAULT_GATEWAY_CONFIG, type GatewayDeps } from "@/lib/gateway/context";
import { randomToken, sha256 } from "@/lib/gateway/crypto";
import { openDatabase, type Database } from "@/lib/gateway/db/client";
import { getDefaultFormRegistry } from "@/lib/gateway/forms";
import { createApiServer } from "@/lib/gateway/node-server";
import { registerClient } from "@/lib/gateway/oauth/clients";
import { createRateLimiter } from "@/lib/gateway/rate-limit";
import { seedDemoData } from "@/lib/gateway/seed";
import { createDispatcher } from "@/lib/gateway/webhooks/dispatcher";
import { setGatewaySecret } from "@/lib/gateway/webhooks/signing-key-cipher";
import { silentLogger } from "@/lib/logger";
import { listenLoopback } from "./http";

// The embedded API of the partner-scale bench (docs/decisions/bench-partner-scale.md): its own
// PGlite seeded in bulk, served over loopback HTTP by the API's own server with the rate limits
// given, and its webhook dispatcher. Runs in a worker thread in the bench (./partner-scale-api-worker.ts:
// the API's database then has a core of its own, as a provider's would) or in the caller's thread.

export const CLIENT_ID = "bench-partner-client";

export interface BenchApiOptions {
  companies: number;
  employmentsPerCompany: number;
  /** Changes of the freshness measure (candidates: three per change, in different companies). */
  freshChanges: number;
  limits: { perClient: number; perCompany: number; windowMs: number };
}

export interface FreshTarget {
  company: number;
  employmentId: string;
}

export interface BenchApi {
  url: string;
  companies: SeededCompany[];
  freshTargets: FreshTarget[];
  seedMs: number;
  stop(): Promise<void>;
}

const NAMES = ["Ana", "Bruno", "Chloé", "Dmitri", "Eve", "Farah", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea", "Mia", "Noor"];
const LASTS = ["Silva", "Meyer", "Okafor", "Ng", "Zimmer", "Alves", "Brown", "Costa", "Novak", "Sato", "Haddad", "Kowalski"];
const TITLES = ["Engineer", "Designer", "Accountant", "Sales Lead", "Nurse", "Teacher", "Analyst", "Support Agent"];

const arr = (values: string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")}]`);

export interface SeededCompany {
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
async function seedApi(db: Database["db"], options: BenchApiOptions, log: (m: string) => void): Promise<SeededCompany[]> {
  const n = options.companies;
  const m = options.employmentsPerCompany;
  let t = performance.now();
  const step = (what: string) => {
    log(`partner-scale:   ${what} ${Math.round(performance.now() - t)} ms`);
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
  // The form sections (personal, address, contract…) are not copied: the list and the read model never
  // carry them, and copying kilobytes of JSON per row made the insert the slowest part of the seed.
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
      work_address_details, onboarding_tasks, created_at, updated_at)
    SELECT pg_temp.bench_uuid('bench-emp-' || g.c || '-' || g.i), 'B' || lpad(g.c::text, 4, '0') || lpad(g.i::text, 3, '0'), pg_temp.bench_uuid('bench-company-' || g.c), NULL,
      (ARRAY['employee', 'contractor', 'direct_employee'])[1 + g.i % 3], s.employment_model, g.st, s.employment_lifecycle_stage,
      (${arr(NAMES)})[1 + (g.c * 7 + g.i) % ${NAMES.length}] || ' ' || (${arr(LASTS)})[1 + (g.c + g.i * 3) % ${LASTS.length}] || ' ' || g.c || '-' || g.i,
      (${arr(TITLES)})[1 + (g.c + g.i) % ${TITLES.length}],
      'p' || g.c || '.' || g.i || '@bench.example', 'p' || g.c || '.' || g.i || '@bench.example', 'w' || g.c || '.' || g.i || '@work.bench.example',
      pg_temp.bench_uuid('bench-dept-' || g.c || '-1'), 'EXT-' || g.c || '-' || g.i, s.country_code,
      s.work_address_details, s.onboarding_tasks, now() - ((g.c * ${m} + g.i) || ' seconds')::interval, now()
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

/** Opens, seeds and serves the API; `stop` ends the server, the dispatcher and the database. */
export async function startBenchApi(options: BenchApiOptions, log: (message: string) => void): Promise<BenchApi> {
  const t0 = performance.now();
  const database = await openDatabase({ kind: "pglite" });
  try {
    log(`partner-scale: API database open in ${Math.round(performance.now() - t0)} ms`);
    const companies = await seedApi(database.db, options, log);
    const freshTargets: FreshTarget[] = [];
    // Three candidates per change (the measure takes those whose company has synced).
    for (let k = 0; k < options.freshChanges * 3; k++) {
      const company = (k * 37) % companies.length;
      const r = (await database.db.execute(
        sql`SELECT id::text AS id FROM employments WHERE company_id = ${companies[company]!.id} AND status = 'active' AND type = 'employee'
          ORDER BY short_id LIMIT 1 OFFSET ${k % 5}`,
      )) as unknown as { rows: { id: string }[] };
      if (r.rows[0] && !freshTargets.some((t) => t.employmentId === r.rows[0]!.id))
        freshTargets.push({ company, employmentId: r.rows[0].id });
    }
    if (freshTargets.length < Math.min(options.freshChanges, companies.length)) throw new Error("too few active employees to change");
    const seedMs = performance.now() - t0;
    const deps: GatewayDeps = {
      config: { ...DEFAULT_GATEWAY_CONFIG, environment: "sandbox", mode: "local", baseUrl: "http://127.0.0.1" },
      db: database.db,
      clock: systemClock,
      rateLimiter: createRateLimiter({ config: options.limits, keyPrefix: `bench-partner-${randomToken(6)}` }),
      logger: silentLogger,
      forms: await getDefaultFormRegistry(),
    };
    setGatewaySecret(deps, randomToken(32));
    const api = createApiServer(createGatewayApp(deps).fetch, { hotReads: createHotReadPath(deps) });
    const url = await listenLoopback(api.server);
    deps.config.baseUrl = url;
    const dispatcher = createDispatcher(deps, { pollIntervalMs: 200, concurrency: 16, logger: silentLogger });
    dispatcher.start();
    return {
      url,
      companies,
      freshTargets,
      seedMs,
      async stop() {
        await api.drain({ idleGraceMs: 0, deadlineMs: 1000 }).catch(() => undefined);
        await dispatcher.stop().catch(() => undefined);
        await database.close().catch(() => undefined);
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
