import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "../db/client";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { openPostgresConsoleDatabase, READMODEL_PG_URL } from "@/test-support/console/readmodel-postgres";
import { bossDbOf, JOB_SCHEMA, startJobQueue, stopJobQueue } from "./job-queue";
import { fetchUnblockedSql, workStatelyQueue } from "./queue-worker";

// The read model's queue workers (./queue-worker.ts) on a `stately` queue keyed by company: a company
// queued again while its re-read runs waits for that re-read, and does not hold back the companies
// queued after it (pg-boss 10's own fetch takes nothing at all in that state: checked here too, so
// this test fails should the workers go back to `boss.work`). On PGlite and on PostgreSQL.

const waitFor = async (check: () => boolean, ms = 15_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
};

async function companyQueuedWhileRunning(database: ConsoleDatabase) {
  const boss = await startJobQueue(database, { supervise: false });
  const queue = `stately-workers-${Date.now()}`;
  await boss.createQueue(queue, { name: queue, policy: "stately", retryLimit: 0 });
  const ids: string[] = [];
  const send = async (key: string, n: number) => {
    const id = await boss.send(queue, { key, n }, { singletonKey: key });
    expect(id).toBeTruthy();
    ids.push(id!);
  };
  let releaseFirst!: () => void;
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  const started: string[] = [];
  const running = new Set<string>();
  let overlapped = false;
  const handler = async (job: PgBoss.Job<{ key: string; n: number }>) => {
    if (running.has(job.data.key)) overlapped = true;
    running.add(job.data.key);
    started.push(`${job.data.key}:${job.data.n}`);
    if (job.data.key === "x" && job.data.n === 1) await firstHeld;
    running.delete(job.data.key);
  };
  const workers = [1, 2].map(() => workStatelyQueue(boss, queue, { pollingIntervalSeconds: 0.2 }, handler));
  try {
    await send("x", 1);
    await waitFor(() => started.includes("x:1"));
    // Company x queued again while its job runs (stately: one queued, one running), then company y.
    await send("x", 2);
    await send("y", 1);
    // pg-boss's own fetch: the oldest queued job is x's, whose key is running: nothing for anyone.
    expect(await boss.fetch(queue, { batchSize: 1, ignoreStartAfter: true })).toEqual([]);
    // These workers take y while x's first job still runs, and x's second only after it.
    await waitFor(() => started.includes("y:1"));
    expect(started).not.toContain("x:2");
    releaseFirst();
    await waitFor(() => started.includes("x:2"));
    expect(started).toEqual(["x:1", "y:1", "x:2"]);
    expect(overlapped).toBe(false);
    // Completed once each handler has returned (the worker completes the job after its handler).
    const states = async () => Promise.all(ids.map(async (id) => (await boss.getJobById(queue, id))?.state));
    const until = Date.now() + 10_000;
    while ((await states()).some((state) => state !== "completed") && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(await states()).toEqual(["completed", "completed", "completed"]);
  } finally {
    releaseFirst();
    await Promise.all(workers.map((worker) => worker.stop(1000)));
    await boss.deleteJob(queue, ids).catch(() => undefined);
    await boss.deleteQueue(queue).catch(() => undefined);
    await stopJobQueue(boss, 1000);
  }
}

type PlanNode = { "Relation Name"?: string; "Actual Loops"?: number; Plans?: PlanNode[] };
const scansOf = (node: PlanNode): PlanNode[] => [
  ...(node["Relation Name"] ? [node] : []),
  ...(node.Plans ?? []).flatMap((child) => scansOf(child)),
];

// The fetch runs on the console's one PGlite connection, by every worker, between every two jobs: a
// statement whose cost grows with the queued jobs times the queue's rows held the first sync of
// 1,000 companies at ~1 s per fetch (the correlated NOT EXISTS planned as a nested loop over the
// queue's table per queued job). Each table scan of the fetch must run once.
async function fetchScansOnce(database: ConsoleDatabase) {
  const boss = await startJobQueue(database, { supervise: false });
  const queue = `stately-fetch-plan-${Date.now()}`;
  await boss.createQueue(queue, { name: queue, policy: "stately", retryLimit: 0 });
  const db = bossDbOf(database);
  try {
    await boss.insert(Array.from({ length: 200 }, (_, i) => ({ name: queue, data: { i }, singletonKey: `company-${i}` })));
    // Past their start_after (PGlite's now() has millisecond resolution).
    await new Promise((r) => setTimeout(r, 20));
    // Three companies running, as workers take them.
    for (let i = 0; i < 3; i++) expect((await db.executeSql(fetchUnblockedSql(JOB_SCHEMA), [queue])).rows).toHaveLength(1);
    const [row] = (await db.executeSql(`EXPLAIN (ANALYZE, FORMAT JSON) ${fetchUnblockedSql(JOB_SCHEMA)}`, [queue])).rows as {
      "QUERY PLAN": unknown;
    }[];
    const json = row!["QUERY PLAN"];
    const plan = (typeof json === "string" ? JSON.parse(json) : json) as { Plan: PlanNode }[];
    const scans = scansOf(plan[0]!.Plan);
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.map((scan) => [scan["Relation Name"], scan["Actual Loops"]])).toEqual(scans.map((scan) => [scan["Relation Name"], 1]));
    // It took a fourth company, none of the running ones.
    const running = (await db.executeSql(`SELECT singleton_key FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state = 'active'`, [queue]))
      .rows as { singleton_key: string }[];
    expect(new Set(running.map((r) => r.singleton_key)).size).toBe(4);
  } finally {
    await db.executeSql(`DELETE FROM ${JOB_SCHEMA}.job WHERE name = $1`, [queue]).catch(() => undefined);
    await boss.deleteQueue(queue).catch(() => undefined);
    await stopJobQueue(boss, 1000);
  }
}

describe("the read model's queue workers", () => {
  // Opened here (180 s) rather than in the first test (30 s): PGlite starts slowly on a loaded machine.
  beforeAll(async () => {
    await getConsoleTestDatabase({ keepData: true });
  }, 180_000);

  it("on PGlite: a company queued while its job runs waits for it and holds back no other company", async () => {
    const { db, kind, close } = await getConsoleTestDatabase({ keepData: true });
    await companyQueuedWhileRunning({ db, kind, close });
  });

  let pgDatabase: ConsoleDatabase | null = null;
  afterAll(async () => pgDatabase?.close());

  it("on PostgreSQL (skipped when none answers)", async (ctx) => {
    pgDatabase = await openPostgresConsoleDatabase();
    if (!pgDatabase) return ctx.skip(`no PostgreSQL at ${READMODEL_PG_URL}`);
    await companyQueuedWhileRunning(pgDatabase);
  });

  it("on PGlite: the fetch reads the queue once, not once per queued job", async () => {
    const { db, kind, close } = await getConsoleTestDatabase({ keepData: true });
    await fetchScansOnce({ db, kind, close });
  });

  it("on PostgreSQL: the fetch reads the queue once, not once per queued job (skipped when none answers)", async (ctx) => {
    pgDatabase ??= await openPostgresConsoleDatabase();
    if (!pgDatabase) return ctx.skip(`no PostgreSQL at ${READMODEL_PG_URL}`);
    await fetchScansOnce(pgDatabase);
  });
});
