import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "../db/client";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { bossDbOf, startJobQueue, stopJobQueue } from "./job-queue";
import { openPostgresConsoleDatabase, READMODEL_PG_URL } from "@/test-support/console/readmodel-postgres";

// The spike that chose pg-boss (docs/decisions/console-sync-jobs.md): the same queue runs on the
// console's embedded PGlite and on PostgreSQL, through the console database's own connection.

const waitFor = async (check: () => boolean, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
};

async function queueRoundTrip(database: ConsoleDatabase, queue: string) {
  const boss = await startJobQueue(database, { supervise: false });
  try {
    // stately: at most one queued and one running job per key: a company is never queued twice.
    await boss.createQueue(queue, { name: queue, policy: "stately", retryLimit: 2, retryDelay: 1 });
    const first = await boss.send(queue, { company: "c1" }, { singletonKey: "sandbox:c1" });
    const duplicate = await boss.send(queue, { company: "c1" }, { singletonKey: "sandbox:c1" });
    const other = await boss.send(queue, { company: "c2" }, { singletonKey: "sandbox:c2" });
    expect(first).toBeTruthy();
    expect(duplicate).toBeNull();
    expect(other).toBeTruthy();
    const seen: string[] = [];
    let failedOnce = false;
    await boss.work<{ company: string }>(queue, { pollingIntervalSeconds: 0.5, batchSize: 4 }, async (jobs) => {
      for (const job of jobs) {
        if (job.data.company === "c2" && !failedOnce) {
          failedOnce = true;
          throw new Error("first attempt fails");
        }
        seen.push(job.data.company);
      }
    });
    await waitFor(() => seen.includes("c1") && seen.includes("c2"));
    // pg-boss completes a job after its handler returned: wait for that, not only for the handler.
    let state: string | undefined;
    const until = Date.now() + 10_000;
    while ((state = (await boss.getJobById(queue, first!))?.state) !== "completed" && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    expect(state).toBe("completed");
    expect(failedOnce).toBe(true);
  } finally {
    await boss.deleteQueue(queue).catch(() => undefined);
    await stopJobQueue(boss, 1000);
  }
}

describe("pg-boss on the console database", () => {
  it("runs on the embedded PGlite: a key is queued once, a job is retried after a failure", async () => {
    const { db, kind, close } = await getConsoleTestDatabase();
    expect(kind).toBe("pglite");
    await queueRoundTrip({ db, kind, close }, `spike-${Date.now()}`);
    // The console's own tables still answer on the shared connection afterwards.
    await expect(db.execute("SELECT 1")).resolves.toBeTruthy();
  });

  it("the adapter reads timestamps as Date on PGlite, with and without parameters, while drizzle on the same connection reads text", async () => {
    // lib/db-kit/pglite-for-drizzle.ts: drizzle's text parsers sit in the instance's table; pg-boss
    // compares and returns its timestamps as Date (PGlite's own parsing).
    const database = await getConsoleTestDatabase();
    const adapter = bossDbOf(database);
    const at = new Date("2026-01-02T03:04:05.678Z");
    const [withValues] = (
      await adapter.executeSql("SELECT $1::timestamptz AS at, ARRAY[$1::timestamptz] AS ats, $2::date AS day", [at, "2026-01-02"])
    ).rows as Array<{ at: unknown; ats: unknown[]; day: unknown }>;
    expect(withValues).toEqual({ at, ats: [at], day: new Date("2026-01-02") });
    const [withoutValues] = (await adapter.executeSql("SELECT '2026-01-02 03:04:05.678+00'::timestamptz AS at, now()::timestamp AS local"))
      .rows as Array<{ at: unknown; local: unknown }>;
    expect(withoutValues!.at).toEqual(at);
    expect(withoutValues!.local).toBeInstanceOf(Date);
    const drizzleRead = (await database.db.execute(sql`SELECT '2026-01-02 03:04:05.678+00'::timestamptz AS at`)) as unknown as {
      rows: Array<{ at: unknown }>;
    };
    expect(drizzleRead.rows[0]!.at).toBe("2026-01-02 03:04:05.678+00");
  });

  let pgDatabase: ConsoleDatabase | null = null;
  afterAll(async () => pgDatabase?.close());

  it("runs on PostgreSQL (skipped when none answers)", async (ctx) => {
    pgDatabase = await openPostgresConsoleDatabase();
    if (!pgDatabase) return ctx.skip(`no PostgreSQL at ${READMODEL_PG_URL}`);
    await queueRoundTrip(pgDatabase, `spike-${Date.now()}`);
  });
});
