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
import { SYNC_QUEUE } from "@/lib/console/server/readmodel/jobs";
import { analyzeReadModel } from "@/lib/console/server/readmodel/store";
import { startReadModel, type ReadModelRuntime } from "@/lib/console/server/readmodel/runtime";
import { handleReadModelWebhook } from "@/lib/console/server/readmodel/webhooks";
import { randomToken } from "@/lib/gateway/crypto";
import { createLogger, silentLogger } from "@/lib/logger";
import { closeServer, listenLoopback } from "./http";
import { CLIENT_ID, startBenchApi, type BenchApi, type BenchApiOptions, type SeededCompany } from "./partner-scale-api";
import { startBenchApiWorker } from "./partner-scale-api-worker-client";
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
  /** Run the API in this thread (tests under vitest) instead of a worker thread. */
  apiInThisThread?: boolean;
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

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
  let api: BenchApi | undefined;
  let consoleDb: ConsoleDatabase | undefined;
  let consoleOpening: Promise<ConsoleDatabase> | undefined;
  let runtime: ReadModelRuntime | undefined;
  try {
    // The API (in a worker thread unless told otherwise).
    const apiOptions: BenchApiOptions = {
      companies: options.companies,
      employmentsPerCompany: options.employmentsPerCompany,
      freshChanges: options.freshChanges,
      limits: BENCH_API_LIMITS,
    };
    // The console's database opens (PGlite, migrations) while the API's thread seeds: two cores.
    consoleOpening = openConsoleDatabase({ kind: "pglite" });
    // A failure is thrown where it is awaited below (or ignored in `finally` if the API failed first).
    void consoleOpening.catch(() => undefined);
    api = options.apiInThisThread ? await startBenchApi(apiOptions, log) : await startBenchApiWorker(apiOptions, log);
    const { companies, url: apiUrl, seedMs: seedApiMs } = api;
    log(`partner-scale: API seeded with ${options.companies} companies × ${options.employmentsPerCompany} in ${Math.round(seedApiMs)} ms`);

    // The console.
    consoleDb = await consoleOpening;
    const database = consoleDb;
    let enqueueEvent: ReadModelRuntime["enqueueEvent"] = () => Promise.reject(new Error("not started"));
    const late: { cipher?: ReturnType<typeof createAuthDeps>["cipher"] } = {};
    const receiver = receiverServer((req, params) =>
      handleReadModelWebhook(req, params, { db: database.db, cipher: late.cipher!, enqueue: (job) => enqueueEvent(job) }),
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
      adminClients: {
        sandbox: { clientId: CLIENT_ID, clientSecret: "unused" },
        production: { clientId: CLIENT_ID, clientSecret: "unused" },
      },
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
    const auth = createAuthDeps({
      config,
      db: database.db,
      logger: silentLogger,
      fetch: countingFetch,
      resolveBaseUrl: async () => apiUrl,
    });
    late.cipher = auth.cipher;
    await seedConsole(database, auth.cipher, companies);

    // The read model: scheduler ticks every second (50 companies a tick), 8 full re-reads and 2 event
    // re-reads at once, workers polling every second (a job sent by this process wakes them at once).
    const syncStart = performance.now();
    runtime = await startReadModel({
      database,
      auth,
      intervalMs: 60 * 60_000,
      limits: BENCH_SYNC_LIMITS,
      schedulerTickMs: 1000,
      schedulerBatch: 50,
      syncConcurrency: 8,
      eventConcurrency: 2,
      pollingIntervalSeconds: 1,
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
        log(
          `partner-scale: ${done}/${options.companies} companies synced after ${Math.round((performance.now() - syncStart) / 1000)} s, ${calls.total} API calls`,
        );
      }
      await sleep(250);
    }
    const syncSeconds = (performance.now() - syncStart) / 1000;
    // Past the deadline, the first round's remaining re-reads stop (the event re-reads go on): the
    // list, the export and freshness are measured on a read model in its steady state, not during
    // the first-sync storm, which a deployment goes through once.
    if (done < options.companies) await runtime.stopWorkers(SYNC_QUEUE);
    // The runtime refreshes the statistics every minute on PGlite; the measures start with fresh ones.
    await analyzeReadModel(database.db);
    const states = (
      (await database.db.execute(
        sql`SELECT coalesce(behind_reason, failing_error, 'ok') AS state, count(*)::int AS n FROM readmodel_sync_state GROUP BY 1 ORDER BY 2 DESC`,
      )) as unknown as { rows: { state: string; n: number }[] }
    ).rows;
    log(`partner-scale: sync states ${states.map((r) => `${r.state}: ${r.n}`).join("; ")}`);
    const rowsSynced = Number(
      ((await database.db.execute(sql`SELECT count(*)::int AS n FROM readmodel_employments`)) as unknown as { rows: { n: number }[] })
        .rows[0]!.n,
    );
    const onboarding = (
      (await database.db.execute(
        sql`SELECT count(*) FILTER (WHERE onboarding_total IS NOT NULL)::int AS known,
          count(*) FILTER (WHERE status IN ('created', 'initiated', 'invited', 'pending', 'review', 'job_title_review', 'pending_post_self_enrollment_actions'))::int AS onboarding
          FROM readmodel_employments`,
      )) as unknown as { rows: { known: number; onboarding: number }[] }
    ).rows[0]!;
    const syncCalls = calls.total;
    log(
      `partner-scale: ${done}/${options.companies} companies (${rowsSynced} rows) synced in ${round(syncSeconds, 1)} s, ${syncCalls} API calls, ${calls.by429} answered 429`,
    );

    // Freshness: a change at the API (an employment moved to the other department: PATCH
    // /v2/employments/{id}, event employment.details.updated), timed until the read model shows it.
    const fresh: number[] = [];
    let freshMissed = 0;
    const freshOne = async (k: number) => {
      const target = targets[k]!;
      const company = companies[target.company]!;
      const employmentId = target.employmentId;
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
    // Changes in companies whose first sync completed (their callback is registered and their rows
    // are there; a company still waiting for its first re-read has no webhook to measure yet).
    const syncedIds = new Set(
      (
        (await database.db.execute(sql`SELECT company_id FROM readmodel_sync_state WHERE last_synced_at IS NOT NULL`)) as unknown as {
          rows: { company_id: string }[];
        }
      ).rows.map((r) => r.company_id),
    );
    const targets = api.freshTargets.filter((t) => syncedIds.has(companies[t.company]!.id)).slice(0, options.freshChanges);
    log(`partner-scale: freshness, ${targets.length} changes at the API`);
    const pending: Promise<void>[] = [];
    const freshErrors: string[] = [];
    for (let k = 0; k < targets.length; k++) {
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
    const listOnce = (q: ReadModelQuery) =>
      Promise.all([listReadModelEmployments(database.db, scope, q), getReadModelFreshness(database.db, scope)]);
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
    for await (const batch of iterateReadModelEmployments(database.db, scope, { sort: "full_name", order: "asc" })) {
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
          states: states.map((r) => `${r.state}: ${r.n}`).join("; "),
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
        notes: { changes: targets.length, seen: fresh.length, missed: freshMissed, errors: freshErrors.slice(0, 3).join(" | ") },
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
    await Promise.all(started.map(closeServer));
    // Opened while the API seeded: closed even if the API's start failed before it was awaited.
    const openedDb = consoleDb ?? (await consoleOpening?.catch(() => undefined));
    await openedDb?.close().catch(() => undefined);
    await api?.stop().catch(() => undefined);
  }
}
