import { afterAll, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "../db/client";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { acquire, BehindError, createRequestBudget, type BucketLimit } from "./budget";
import { openConsoleDatabase } from "../db/client";
import { postgresAnswers, READMODEL_PG_URL } from "@/test-support/console/readmodel-postgres";

// The request budget shared by console instances: two holders over one database never take more
// than the bucket allows between them, a 429 pauses every holder, and a wait longer than allowed
// makes the company "behind" with the time it retries.

const LIMIT: BucketLimit = { burst: 5, perMinute: 120 }; // 2 a second after a burst of 5

/** Two "instances" hammer the same buckets for `ms`; returns how many requests each was granted. */
async function hammer(a: ConsoleDatabase, b: ConsoleDatabase, ms: number, batch = 0) {
  const holders = [createRequestBudget(a.db), createRequestBudget(b.db)];
  const buckets = [
    { key: "client:sandbox:test-client", limit: { burst: 1000, perMinute: 60_000 } },
    { key: "company:sandbox:c1", limit: LIMIT },
  ];
  const granted = [0, 0];
  const attempts = [0, 0];
  const start = Date.now();
  await Promise.all(
    Array.from({ length: 6 }, async (_, i) => {
      const holder = i % 2;
      while (Date.now() - start < ms) {
        attempts[holder]!++;
        if (batch > 0) {
          // Several requests at once (readmodel/interactive.ts's batches): whatever the buckets hold, up to `batch`.
          const r = await holders[holder]!.takeUpTo(buckets, batch);
          granted[holder]! += r.taken;
          if (r.taken < batch) await new Promise((res) => setTimeout(res, Math.min(r.waitMs, 50)));
          continue;
        }
        const r = await holders[holder]!.take(buckets);
        if (r.ok) granted[holder]!++;
        else await new Promise((res) => setTimeout(res, Math.min(r.waitMs, 50)));
      }
    }),
  );
  return { granted, attempts, seconds: (Date.now() - start) / 1000 };
}

/**
 * The bucket is one for both holders, whatever the order their takes reach the database: what one
 * holder took is gone for the other. (Which holder wins the refills of a run is up to the scheduler,
 * so the runs below check that both holders took part and the total, not a share per holder.)
 */
async function expectOneBucketForBoth(a: ConsoleDatabase, b: ConsoleDatabase, key: string) {
  const slow = [{ key, limit: { burst: 4, perMinute: 1 } }]; // refills one a minute: nothing comes back meanwhile
  const first = createRequestBudget(a.db);
  const second = createRequestBudget(b.db);
  expect((await first.takeUpTo(slow, 3)).taken).toBe(3);
  const rest = await second.takeUpTo(slow, 3);
  expect(rest.taken).toBe(1);
  expect(rest.waitMs).toBeGreaterThan(50_000);
  expect((await first.takeUpTo(slow, 1)).taken).toBe(0);
}

/** Two instances over PostgreSQL: one bucket for both, then 2 s of racing (`batch` > 0: takeUpTo) within burst + rate × time. */
async function expectSharedAcross(a: ConsoleDatabase, b: ConsoleDatabase, key: string, batch: number) {
  await a.db.execute("DELETE FROM readmodel_budgets");
  await expectOneBucketForBoth(a, b, key);
  const { granted, attempts, seconds } = await hammer(a, b, 2000, batch);
  expect(attempts[0]).toBeGreaterThan(1);
  expect(attempts[1]).toBeGreaterThan(1);
  expect(granted[0]! + granted[1]!).toBeGreaterThanOrEqual(LIMIT.burst + 1);
  expect(granted[0]! + granted[1]!).toBeLessThanOrEqual(LIMIT.burst + Math.ceil((LIMIT.perMinute / 60) * seconds));
}

describe("request budget shared through the console database", () => {
  it("on PGlite: two holders never exceed burst + rate × time in total", async () => {
    const database = await getConsoleTestDatabase();
    const { granted, seconds } = await hammer(database, database, 1500);
    const total = granted[0]! + granted[1]!;
    expect(total).toBeGreaterThanOrEqual(LIMIT.burst + 1); // the refill works
    expect(total).toBeLessThanOrEqual(LIMIT.burst + Math.ceil((LIMIT.perMinute / 60) * seconds));
  });

  let a: ConsoleDatabase | undefined;
  let b: ConsoleDatabase | undefined;
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("on PostgreSQL: two instances (two pools) never exceed it in total (skipped without PostgreSQL)", async (ctx) => {
    if (!(await postgresAnswers())) return ctx.skip(`no PostgreSQL at ${READMODEL_PG_URL}`);
    [a, b] = await Promise.all([
      openConsoleDatabase({ kind: "postgres", url: READMODEL_PG_URL }),
      openConsoleDatabase({ kind: "postgres", url: READMODEL_PG_URL }),
    ]);
    await expectSharedAcross(a, b, "company:sandbox:shared-one", 0);
  });

  it("batches (takeUpTo) from two holders never exceed it either, on PGlite and on PostgreSQL (skipped without it)", async (ctx) => {
    const database = await getConsoleTestDatabase();
    await database.db.execute("DELETE FROM readmodel_budgets");
    const local = await hammer(database, database, 1500, 3);
    const localTotal = local.granted[0]! + local.granted[1]!;
    expect(localTotal).toBeGreaterThanOrEqual(LIMIT.burst + 1);
    expect(localTotal).toBeLessThanOrEqual(LIMIT.burst + Math.ceil((LIMIT.perMinute / 60) * local.seconds));
    if (!(await postgresAnswers())) return ctx.skip(`no PostgreSQL at ${READMODEL_PG_URL}`);
    a ??= await openConsoleDatabase({ kind: "postgres", url: READMODEL_PG_URL });
    b ??= await openConsoleDatabase({ kind: "postgres", url: READMODEL_PG_URL });
    await expectSharedAcross(a, b, "company:sandbox:shared-batches", 3);
  });

  it("a 429 pauses every holder until Retry-After, with the reason", async () => {
    const database = await getConsoleTestDatabase();
    const one = createRequestBudget(database.db);
    const other = createRequestBudget(database.db);
    const buckets = [{ key: "company:sandbox:c2", limit: LIMIT }];
    expect(await one.take(buckets)).toEqual({ ok: true });
    await one.pause(["company:sandbox:c2"], 30);
    const refused = await other.take(buckets);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.waitMs).toBeGreaterThan(25_000);
    expect(refused.waitMs).toBeLessThanOrEqual(30_000);
    expect(refused.reason).toMatch(/429/);
  });

  it("a wait longer than allowed throws BehindError with the retry time; a short one waits", async () => {
    const database = await getConsoleTestDatabase();
    const budget = createRequestBudget(database.db);
    const buckets = [{ key: "company:sandbox:c3", limit: { burst: 1, perMinute: 60 } }];
    await acquire(budget, buckets, { maxWaitMs: 0 });
    const started = Date.now();
    await acquire(budget, buckets, { maxWaitMs: 5000 }); // about 1 s for the next token
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    const error = await acquire(budget, buckets, { maxWaitMs: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BehindError);
    expect((error as BehindError).retryAt.getTime()).toBeGreaterThan(Date.now() + 100);
    expect((error as BehindError).reason).toMatch(/company's request budget/);
  });
});
