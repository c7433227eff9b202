import { afterAll, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "../db/client";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { startJobQueue, stopJobQueue } from "./job-queue";
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

  let pgDatabase: ConsoleDatabase | null = null;
  afterAll(async () => pgDatabase?.close());

  it("runs on PostgreSQL (skipped when none answers)", async (ctx) => {
    pgDatabase = await openPostgresConsoleDatabase();
    if (!pgDatabase) return ctx.skip(`no PostgreSQL at ${READMODEL_PG_URL}`);
    await queueRoundTrip(pgDatabase, `spike-${Date.now()}`);
  });
});
