import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { eq } from "drizzle-orm";
import { createGatewayApp } from "@/lib/gateway/app";
import { createHotReadPath, type HotReadPath } from "@/lib/gateway/cache/hot-read";
import { systemClock } from "@/lib/gateway/clock";
import { DEFAULT_GATEWAY_CONFIG, type GatewayDeps } from "@/lib/gateway/context";
import { randomToken } from "@/lib/gateway/crypto";
import { openDatabase, truncateAll, type Database } from "@/lib/gateway/db/client";
import { employments } from "@/lib/gateway/db/schema";
import { getDefaultFormRegistry } from "@/lib/gateway/forms";
import { silentLogger } from "@/lib/logger";
import { createApiServer } from "@/lib/gateway/node-server";
import { issueCustomerToken } from "@/lib/gateway/oauth/customer-tokens";
import { createRateLimiter } from "@/lib/gateway/rate-limit";
import { demoCompany, demoCompanyId, demoUserId, seedDemoData } from "@/lib/gateway/seed";
import { captureResponse, closeServer, createBaselineServer, listenLoopback, type CannedResponse } from "../lib/http";
import { round } from "../lib/load";
import { benchPostgres } from "../lib/postgres";
import { alternatingRounds, medianRatio, ROUNDS } from "../lib/rounds";
import { check, defineSuite, type BenchOptions, type Check, type Comparison, type Row } from "../lib/suite";

// The cost of the API stack: the gateway (Hono, bearer lookup, rate limit, validation, PGlite query,
// zod-shaped JSON) against a bare node:http server sending the very same bytes (status, every header
// line, body). Both on loopback, in this process, measured in alternating rounds with the load
// generator in a worker thread; then the same on PostgreSQL (bench/lib/postgres.ts).

const EMPLOYMENTS = 200;
/** Issue 11's goals: gateway/baseline req/s per database (the median of the rounds' ratios). */
const GOALS = { pglite: 0.8, postgres: 0.5 } as const;

/** Demo data, then copies of the demo company's employments until it has EMPLOYMENTS of them. */
async function seedData(db: GatewayDeps["db"]) {
  await seedDemoData(db, { environment: "sandbox", password: `bench-${randomToken(12)}` });
  const company = demoCompany("sandbox");
  const companyId = demoCompanyId("sandbox", company.key);
  const seeded = await db.select().from(employments).where(eq(employments.companyId, companyId));
  if (seeded.length === 0) throw new Error("the demo seed wrote no employment for the demo company");
  const copies: (typeof employments.$inferInsert)[] = [];
  for (let i = seeded.length; i < EMPLOYMENTS; i++) {
    const source = seeded[i % seeded.length]!;
    const [local, domain] = source.personalEmail.split("@");
    copies.push({
      ...source,
      id: randomUUID(),
      shortId: `B${String(i).padStart(5, "0")}`,
      personalEmail: `${local}+b${i}@${domain}`,
      loginEmail: `${local}+b${i}@${domain}`,
      workEmail: `b${i}.${source.workEmail}`,
      userId: null,
      createdAt: new Date(source.createdAt.getTime() - i * 60_000),
    });
  }
  for (let i = 0; i < copies.length; i += 50) await db.insert(employments).values(copies.slice(i, i + 50));
  const token = await issueCustomerToken(db, {
    companyId,
    userId: demoUserId("sandbox", company.key, "owner"),
    environment: "sandbox",
    name: "bench",
  });
  return { companyId, token, firstEmploymentId: seeded[0]!.id };
}

/** One database: seed, serve, capture the bytes, measure baseline then gateway for each path. */
async function measureOn(database: Database, kind: "pglite" | "postgres", options: BenchOptions) {
  const started: Server[] = [];
  try {
    options.log(`seeding ${kind} (demo data, ${EMPLOYMENTS} employments in the demo company)`);
    const data = await seedData(database.db);
    const deps: GatewayDeps = {
      config: { ...DEFAULT_GATEWAY_CONFIG, environment: "sandbox", baseUrl: "http://127.0.0.1" },
      db: database.db,
      clock: systemClock,
      // The limiter runs as in production (memory store), with limits no run can reach.
      rateLimiter: createRateLimiter({ config: { perClient: 1e9, perCompany: 1e9 }, keyPrefix: `bench-${kind}` }),
      logger: silentLogger,
      forms: await getDefaultFormRegistry(),
    };
    const app = createGatewayApp(deps);
    // As lib/gateway/server.ts serves it: its node:http server, hot cached GETs answered ahead of Hono.
    // Counted: requests the hot path declined to the full stack (a token's or an answer's first use,
    // the refresh once a second per answer), reported per path in the gateway row's notes.
    const hot = createHotReadPath(deps);
    const declined = { count: 0 };
    const hotReads: Pick<HotReadPath, "serve"> = {
      serve(req, res) {
        const served = hot.serve(req, res);
        if (served === false) declined.count++;
        else if (served !== true) void served.then((done) => (done ? undefined : declined.count++));
        return served;
      },
    };
    const gatewayServer = createApiServer(app.fetch, { hotReads }).server;
    started.push(gatewayServer);
    const gatewayUrl = await listenLoopback(gatewayServer);

    const headers = { authorization: `Bearer ${data.token}` };
    const paths = [`/v1/employments`, `/v1/employments/${data.firstEmploymentId}`];
    const canned = new Map<string, CannedResponse>();
    for (const path of paths) {
      const response = await captureResponse(`${gatewayUrl}${path}`, headers);
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${response.body.toString().slice(0, 200)}`);
      canned.set(path, response);
    }
    const baselineServer = createBaselineServer(canned);
    started.push(baselineServer);
    const baselineUrl = await listenLoopback(baselineServer);

    // PGlite keeps the targets of earlier runs ("baseline", "gateway"); PostgreSQL's are suffixed.
    const suffix = kind === "pglite" ? "" : ` (${kind})`;
    const rows: Row[] = [];
    const comparisons: Comparison[] = [];
    const checks: Check[] = [];
    for (const path of paths) {
      const name = `GET ${path.replace(data.firstEmploymentId, "{id}")}`;
      options.log(`${name}${suffix}: baseline and gateway, ${ROUNDS} alternating rounds`);
      declined.count = 0;
      const { baseline, gateway } = await alternatingRounds(
        { baseline: `${baselineUrl}${path}`, gateway: `${gatewayUrl}${path}` },
        options,
        headers,
      );
      const bytes = canned.get(path)!.body.length;
      rows.push({ name, target: `baseline${suffix}`, metrics: baseline.metrics, notes: { ...baseline.notes, bodyBytes: bytes } });
      rows.push({
        name,
        target: `gateway${suffix}`,
        metrics: gateway.metrics,
        notes: { ...gateway.notes, bodyBytes: bytes, toFullStack: declined.count },
      });
      for (const [target, r] of [
        ["baseline", baseline],
        ["gateway", gateway],
      ] as const) {
        if (r.notes.errors > 0 || r.notes.non2xx > 0 || r.notes.timeouts > 0) {
          throw new Error(
            `${name} on ${target}${suffix}: ${r.notes.errors} errors, ${r.notes.non2xx} non-2xx, ${r.notes.timeouts} timeouts`,
          );
        }
      }
      const median = medianRatio(gateway, baseline);
      comparisons.push({
        name: `${name}${suffix}`,
        ratios: {
          "throughput gateway/baseline": round(gateway.metrics["req/s"].value / baseline.metrics["req/s"].value, 3),
          "throughput gateway/baseline, median of rounds": median,
          "p99 gateway/baseline (baseline floored at 1 ms)": round(gateway.metrics.p99.value / Math.max(baseline.metrics.p99.value, 1), 2),
          // Load-independent cross-check: requests per CPU second of the servers' thread (PGlite runs
          // in it; PostgreSQL's own processes do not).
          "requests per server-thread CPU s gateway/baseline": round(
            gateway.notes.requestsPerServerCpuSecond / Math.max(1, baseline.notes.requestsPerServerCpuSecond),
            3,
          ),
        },
      });
      checks.push(check(`${name}${suffix} req/s gateway/baseline (median of rounds)`, median, "min", GOALS[kind], "×"));
    }
    return { rows, comparisons, checks };
  } finally {
    await Promise.all(started.map(closeServer));
  }
}

/** DATABASE_URL's server, database <name>_bench_overhead, emptied first. */
async function openPostgres(url: string): Promise<Database> {
  const u = new URL(url);
  u.pathname = `/${decodeURIComponent(u.pathname.replace(/^\//, "")) || "roster"}_bench_overhead`;
  const first = await openDatabase({ kind: "postgres", url: u.toString() });
  await truncateAll(first.db);
  return first;
}

export default defineSuite({
  name: "api-overhead",
  description:
    "Gateway vs a bare node:http server sending the same bytes: GET /v1/employments and GET /v1/employments/{id} (PGlite, and PostgreSQL: DATABASE_URL or the local server); goals ≥ 0.8 / ≥ 0.5",
  async run(options) {
    const rows: Row[] = [];
    const comparisons: Comparison[] = [];
    const checks: Check[] = [];
    const pglite = await openDatabase({ kind: "pglite" });
    try {
      const r = await measureOn(pglite, "pglite", options);
      rows.push(...r.rows);
      comparisons.push(...r.comparisons);
      checks.push(...r.checks);
    } finally {
      await pglite.close();
    }
    const postgres = await benchPostgres();
    if (postgres) {
      const pg = await openPostgres(postgres.url);
      try {
        const r = await measureOn(pg, "postgres", options);
        rows.push(...r.rows);
        comparisons.push(...r.comparisons);
        checks.push(...r.checks);
      } finally {
        await pg.close();
      }
    } else options.log("api-overhead: no PostgreSQL (DATABASE_URL unset, none at 127.0.0.1:5432, or BENCH_POSTGRES=0): PGlite only");
    return {
      rows,
      comparisons,
      checks,
      context: {
        database: postgres ? `pglite (in memory) and postgres (${postgres.source}, <name>_bench_overhead)` : "pglite (in memory)",
        employmentsInCompany: EMPLOYMENTS,
        rounds: `${ROUNDS} alternating rounds per path (baseline first in even rounds); req/s = requests / time over all rounds, p50 = median of rounds, p99 = worst round`,
        listPageSize: 20,
        rateLimiter: "memory",
        logger: "silent",
        readCache: "tokens and answers (docs/decisions/api-read-path-cache.md)",
        hotReadPath: "node:http listener ahead of Hono (docs/decisions/api-hot-read-fast-path.md)",
      },
    };
  },
});
