import { eq } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConsoleDb } from "../db/client";
import { readmodelSyncState } from "../db/schema";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { startJobQueue, stopJobQueue } from "./job-queue";
import { createReadModelQueues, enqueueCompanySync, enqueueDueCompanies, SYNC_QUEUE, type SyncJobData } from "./jobs";
import { insertGrant } from "@/test-support/console/readmodel-fixtures";

// The scheduler: it queues the companies whose re-read is due (live grants only, none waiting for a
// Retry-After), a batch per tick, moving each one's next due time an interval on; a company is never
// queued twice.
// What is queued is read with `ignoreStartAfter`: pg-boss fetches only jobs whose start_after is
// strictly before the database's now(), and PGlite's clock has millisecond resolution, so a fetch
// in the same millisecond as the last send missed that job (the flaky "only one of two queued" on
// warm, fast runs: docs/decisions/console-sync-jobs.md, Follow-up). The tests stop the clock, so
// that case is the one they always meet. The queue's jobs are deleted
// at the start and the end, so no job of an earlier file counts here and none of this file stays in
// the shared console test database.

const HOUR = 3_600_000;

describe("read model scheduler", () => {
  let db: ConsoleDb;
  let boss: PgBoss;

  beforeAll(async () => {
    const database = await getConsoleTestDatabase();
    db = database.db;
    boss = await startJobQueue(database, { supervise: false });
    // Whatever an earlier file of this process left in the queues is gone.
    await boss.clearStorage();
    await createReadModelQueues(boss);
  });
  afterAll(async () => {
    if (!boss) return;
    // The jobs this file fetched stay active (nothing completes them): none is left to later files.
    await boss.clearStorage();
    await stopJobQueue(boss, 1000);
  });
  beforeEach(async () => {
    await getConsoleTestDatabase();
    await boss.purgeQueue(SYNC_QUEUE);
    // The worst case, every time: the clock stands still, so each job is sent in the same millisecond
    // as the fetch that reads it (PGlite's now() is this process's Date.now()).
    vi.useFakeTimers({ toFake: ["Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const queued = async () => {
    const jobs = await boss.fetch<SyncJobData>(SYNC_QUEUE, { batchSize: 100, ignoreStartAfter: true });
    return (jobs ?? []).map((j) => j.data.companyId).sort();
  };

  it("queues only due companies with a live grant and no pending Retry-After; the next due time moves on", async () => {
    const now = new Date();
    for (const id of ["due-never-synced", "due-past", "not-due", "waiting-429", "revoked"])
      await insertGrant(db, "sandbox", { id, name: id }, id === "revoked" ? "revoked" : "active");
    await db.insert(readmodelSyncState).values([
      { environment: "sandbox", companyId: "due-past", nextDueAt: new Date(now.getTime() - 1000), updatedAt: now },
      { environment: "sandbox", companyId: "not-due", nextDueAt: new Date(now.getTime() + HOUR), updatedAt: now },
      {
        environment: "sandbox",
        companyId: "waiting-429",
        retryAt: new Date(now.getTime() + 60_000),
        behindReason: "rate limited by the API (429)",
        updatedAt: now,
      },
    ]);
    expect(await enqueueDueCompanies(db, boss, { intervalMs: HOUR, now })).toBe(2);
    expect(await queued()).toEqual(["due-never-synced", "due-past"]);
    const [state] = await db.select().from(readmodelSyncState).where(eq(readmodelSyncState.companyId, "due-past"));
    expect(state!.nextDueAt!.getTime()).toBe(now.getTime() + HOUR);
    // Nothing is due any more.
    expect(await enqueueDueCompanies(db, boss, { intervalMs: HOUR, now })).toBe(0);
  });

  it("takes a batch per tick, oldest due first", async () => {
    const now = new Date();
    for (let i = 0; i < 5; i++) {
      await insertGrant(db, "sandbox", { id: `c${i}`, name: `c${i}` });
      await db
        .insert(readmodelSyncState)
        .values({ environment: "sandbox", companyId: `c${i}`, nextDueAt: new Date(now.getTime() - (i + 1) * 1000), updatedAt: now });
    }
    expect(await enqueueDueCompanies(db, boss, { intervalMs: HOUR, batch: 2, now })).toBe(2);
    expect(await queued()).toEqual(["c3", "c4"]);
  });

  it("a company already queued is not queued again", async () => {
    const data: SyncJobData = { environment: "sandbox", companyId: "c1", companyName: "c1", reason: "scheduled" };
    expect(await enqueueCompanySync(boss, data)).toBeTruthy();
    expect(await enqueueCompanySync(boss, { ...data, reason: "event" })).toBeNull();
    expect(await queued()).toEqual(["c1"]);
  });
});
