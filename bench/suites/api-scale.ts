import type { Server } from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import { EMPLOYMENT_STATUSES } from "@/lib/contract";
import { createGatewayApp } from "@/lib/gateway/app";
import { systemClock } from "@/lib/gateway/clock";
import { DEFAULT_GATEWAY_CONFIG, type GatewayDeps } from "@/lib/gateway/context";
import { randomToken } from "@/lib/gateway/crypto";
import { openDatabase, type Database } from "@/lib/gateway/db/client";
import { employments } from "@/lib/gateway/db/schema";
import { getDefaultFormRegistry } from "@/lib/gateway/forms";
import { silentLogger } from "@/lib/logger";
import { issueCustomerToken } from "@/lib/gateway/oauth/customer-tokens";
import { createRateLimiter } from "@/lib/gateway/rate-limit";
import { demoCompany, demoCompanyId, demoUserId, seedDemoData } from "@/lib/gateway/seed";
import { closeServer, listenLoopback } from "../lib/http";
import { measure, round } from "../lib/load";
import { check, defineSuite, type Check, type Comparison, type Row } from "../lib/suite";

// 100k employments in one company (docs/decisions/bench-api-scale.md): seeded by one INSERT … SELECT
// from generate_series (not 100k POSTs), then GET /v1/employments for the first, a middle and the
// last page and every filter, through the whole gateway over loopback, with the answer cache OFF so
// every request reaches the database (tokens still from memory). One connection: p99 is the
// latency of one request, not a queue. The row "100k employments: worst page" is the highest p99.
// PGlite always; PostgreSQL too when DATABASE_URL is set (database <name>_bench_scale).

const N = Number(process.env.BENCH_SCALE_N ?? 100_000);
const PAGE_SIZE = 20;

async function seed(db: Database["db"]) {
  await seedDemoData(db, { environment: "sandbox", password: `bench-${randomToken(12)}` });
  const company = demoCompany("sandbox");
  const companyId = demoCompanyId("sandbox", company.key);
  const [source] = await db.select().from(employments).where(eq(employments.companyId, companyId)).limit(1);
  if (!source) throw new Error("the demo seed wrote no employment for the demo company");
  const statuses = EMPLOYMENT_STATUSES.filter((s) => s !== "deleted");
  const t0 = performance.now();
  await db.execute(sql`
    INSERT INTO employments (id, short_id, company_id, user_id, type, employment_model, status, employment_lifecycle_stage,
      full_name, job_title, personal_email, login_email, work_email, country_code, onboarding_tasks, created_at, updated_at)
    SELECT gen_random_uuid(), 'S' || lpad(g::text, 6, '0'), s.company_id, NULL,
      (ARRAY['employee', 'contractor', 'direct_employee'])[1 + g % 3], (ARRAY['eor', 'peo', 'global_payroll'])[1 + g % 3],
      (${sql.raw(`ARRAY[${statuses.map((x) => `'${x}'`).join(", ")}]`)})[1 + g % ${statuses.length}],
      s.employment_lifecycle_stage, 'Scale ' || g, s.job_title,
      'scale' || g || '@bench.example', 'scale' || g || '@bench.example', 'w' || g || '@bench.example', s.country_code,
      s.onboarding_tasks, s.created_at + (g || ' seconds')::interval, s.updated_at
    FROM employments s, generate_series(1, ${N}) AS g WHERE s.id = ${source.id}`);
  const seedMs = performance.now() - t0;
  await db.execute(sql`ANALYZE employments`);
  const token = await issueCustomerToken(db, {
    companyId,
    userId: demoUserId("sandbox", company.key, "owner"),
    environment: "sandbox",
    name: "bench-scale",
  });
  return { companyId, token, seedMs };
}

async function measureDatabase(kind: "pglite" | "postgres", options: Parameters<Parameters<typeof defineSuite>[0]["run"]>[0]) {
  const url = process.env.DATABASE_URL;
  const database =
    kind === "pglite" ? await openDatabase({ kind: "pglite" }) : await openDatabase({ kind: "postgres", url: benchDatabaseUrl(url!) });
  const started: Server[] = [];
  try {
    if (kind === "postgres") await database.db.execute(sql.raw(`DROP SCHEMA public CASCADE; CREATE SCHEMA public`)).catch(() => undefined);
    const fresh = kind === "postgres" ? await reopen(database, url!) : database;
    options.log(`api-scale (${kind}): seeding ${N} employments by INSERT … SELECT generate_series`);
    const data = await seed(fresh.db);
    options.log(`api-scale (${kind}): seeded in ${Math.round(data.seedMs)} ms`);
    const deps: GatewayDeps = {
      config: { ...DEFAULT_GATEWAY_CONFIG, environment: "sandbox", baseUrl: "http://127.0.0.1" },
      db: fresh.db,
      clock: systemClock,
      rateLimiter: createRateLimiter({ config: { perClient: 1e9, perCompany: 1e9 }, keyPrefix: `bench-scale-${kind}` }),
      logger: silentLogger,
      forms: await getDefaultFormRegistry(),
      readCache: { responses: false },
    };
    const server = createAdaptorServer({ fetch: createGatewayApp(deps).fetch, overrideGlobalObjects: false }) as Server;
    started.push(server);
    const base = await listenLoopback(server);
    const headers = { authorization: `Bearer ${data.token}` };
    const total = async (query: string) => {
      const res = await fetch(`${base}/v1/employments?${query}&page_size=${PAGE_SIZE}`, { headers });
      if (res.status !== 200) throw new Error(`GET /v1/employments?${query} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      return ((await res.json()) as { data: { total_count: number; total_pages: number } }).data;
    };
    const all = await total("page=1");
    if (all.total_count < N) throw new Error(`expected at least ${N} employments, total_count says ${all.total_count}`);
    const cases: Array<{ name: string; query: string }> = [];
    const pages = (label: string, filter: string, totalPages: number) => {
      for (const [which, page] of [
        ["first", 1],
        ["middle", Math.max(1, Math.ceil(totalPages / 2))],
        ["last", Math.max(1, totalPages)],
      ] as const)
        cases.push({ name: `${label} ${which} page (${page})`, query: `${filter}${filter ? "&" : ""}page=${page}` });
    };
    pages("no filter", "", all.total_pages);
    for (const filter of ["status=active", "status=active,invited", "employment_type=contractor", "employment_model=eor"]) {
      pages(filter, filter, (await total(`${filter}&page=1`)).total_pages);
    }
    cases.push({ name: "email= first page", query: "email=scale50000@bench.example&page=1" });
    cases.push({ name: "short_id= first page", query: "short_id=S050000&page=1" });
    // Every case 100 times before any measurement (plans, the anchors of deep pages, and V8's
    // optimised code: with 5 per case the first cases measured JIT warm-up on 2 cores,
    // docs/decisions/bench-api-scale.md, Follow-up of 2026-11-27).
    for (const c of cases) for (let i = 0; i < 100; i++) await total(c.query);
    // No autocannon warm-up per case: the pass above already ran every case (20 s of the whole run's 15 min saved).
    const perCase = { ...options, connections: 1, duration: Math.min(options.duration, 2), warmup: 0 };
    const rows: Row[] = [];
    for (const c of cases) {
      const r = await measure(`${base}/v1/employments?${c.query}&page_size=${PAGE_SIZE}`, perCase, headers);
      if (r.notes.errors > 0 || r.notes.non2xx > 0) throw new Error(`${c.name}: ${r.notes.errors} errors, ${r.notes.non2xx} non-2xx`);
      rows.push({
        name: `100k ${kind} GET /v1/employments ${c.name}`,
        target: kind,
        metrics: { p99: r.metrics.p99, p50: r.metrics.p50, "req/s": r.metrics["req/s"] },
        notes: r.notes,
      });
      options.log(`  ${c.name}: p50 ${r.metrics.p50.value} ms, p99 ${r.metrics.p99.value} ms`);
    }
    const worst = rows.reduce((a, b) => (b.metrics.p99!.value > a.metrics.p99!.value ? b : a));
    return { rows, worst, seedMs: data.seedMs, totalCount: all.total_count };
  } finally {
    await Promise.all(started.map(closeServer));
    await database.close().catch(() => undefined);
    await reopened?.close().catch(() => undefined);
    reopened = undefined;
  }
}

let reopened: Database | undefined;
/** After dropping the schema, open again (migrations run on the empty schema). */
async function reopen(database: Database, url: string): Promise<Database> {
  await database.close();
  reopened = await openDatabase({ kind: "postgres", url: benchDatabaseUrl(url) });
  return reopened;
}

function benchDatabaseUrl(url: string): string {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, "")) || "roster";
  u.pathname = `/${name}_bench_scale`;
  return u.toString();
}

export default defineSuite({
  name: "api-scale",
  description: `${N / 1000}k employments in one company: GET /v1/employments first/middle/last page and every filter, p99 (ms), answer cache off`,
  async run(options) {
    const kinds: Array<"pglite" | "postgres"> = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
    const rows: Row[] = [];
    const comparisons: Comparison[] = [];
    const checks: Check[] = [];
    const context: Record<string, unknown> = { employments: N, pageSize: PAGE_SIZE, connections: 1, answerCache: "off" };
    for (const kind of kinds) {
      const result = await measureDatabase(kind, options);
      rows.push(...result.rows);
      rows.push({
        name: `100k ${kind} employments: worst page`,
        target: kind,
        metrics: { p99: result.worst.metrics.p99! },
        notes: { case: result.worst.name, seedMs: Math.round(result.seedMs), totalCount: result.totalCount },
      });
      comparisons.push({
        name: `100k ${kind} worst page p99 (ms) vs goal 10 ms`,
        ratios: { "p99 ms": result.worst.metrics.p99!.value, "p99/goal": round(result.worst.metrics.p99!.value / 10, 2) },
      });
      checks.push(check(`100k ${kind} worst page p99 (${result.worst.name})`, result.worst.metrics.p99!.value, "max", 10, "ms"));
      context[`${kind}SeedMs`] = Math.round(result.seedMs);
    }
    return { rows, comparisons, checks, context };
  },
});
