import { beforeAll, describe, expect, it } from "vitest";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { sql } from "drizzle-orm";
import { companyBudgetKey, createRequestBudget, type BudgetLimits, type RequestBudget } from "./budget";
import { interactiveFetch, interactiveKey, type InteractiveTake } from "./interactive";

// People's calls take from the interactive share of the shared budget; past it they borrow the sync's
// share (so the sync waits for them), and past both they still reach the API: the console never
// refuses a person's call on its own. A 429 from the API pauses the sync's bucket of that company.

const SMALL: BudgetLimits = { client: { burst: 100, perMinute: 1 }, company: { burst: 3, perMinute: 1 } };
const scope = { environment: "sandbox" as const, clientId: "client-1", companyId: "company-1" };

describe("interactive share of the request budget", () => {
  // Opening PGlite (and migrating it) takes a while on a busy machine.
  beforeAll(() => getConsoleTestDatabase().then(() => undefined), 120_000);

  it("interactive calls take from the interactive share, then borrow the sync's, and are never refused", async () => {
    const { db } = await getConsoleTestDatabase();
    const budget = createRequestBudget(db);
    const takes: InteractiveTake[] = [];
    let calls = 0;
    const fetch = interactiveFetch(budget, async () => (calls++, new Response("{}")), scope, {
      limits: SMALL,
      syncLimits: SMALL,
      onTake: (t) => takes.push(t),
    });
    for (let i = 0; i < 8; i++) expect((await fetch("http://api.test/v1/employments")).status).toBe(200);
    expect(calls).toBe(8);
    expect(takes).toEqual(["interactive", "interactive", "interactive", "borrowed", "borrowed", "borrowed", "over", "over"]);
    // The sync finds its company bucket used up by people: it waits.
    const sync = await budget.take([{ key: companyBudgetKey("sandbox", "company-1"), limit: SMALL.company }]);
    expect(sync.ok).toBe(false);
  });

  it("a 429 from the API pauses the sync's bucket of the company until Retry-After", async () => {
    const { db } = await getConsoleTestDatabase();
    const budget = createRequestBudget(db);
    const fetch = interactiveFetch(budget, async () => new Response("{}", { status: 429, headers: { "retry-after": "30" } }), scope);
    expect((await fetch("http://api.test/v1/employments")).status).toBe(429);
    const sync = await budget.take([{ key: companyBudgetKey("sandbox", "company-1"), limit: { burst: 10, perMinute: 60 } }]);
    expect(sync).toMatchObject({ ok: false, reason: "rate limited by the API (429)" });
    if (!sync.ok) expect(sync.waitMs).toBeGreaterThan(25_000);
  });

  /** The budget, counting its transactions (takeUpTo) and what each asked for. */
  function counting(budget: RequestBudget) {
    const asked: number[] = [];
    const counted: RequestBudget = {
      ...budget,
      takeUpTo: (buckets, max) => (asked.push(max), budget.takeUpTo(buckets, max)),
    };
    return { budget: counted, asked };
  }

  it("calls made at once are taken together: one transaction per batch, exactly one request each", async () => {
    const { db } = await getConsoleTestDatabase();
    const { budget, asked } = counting(createRequestBudget(db));
    const wide: BudgetLimits = { client: { burst: 100, perMinute: 1 }, company: { burst: 50, perMinute: 1 } };
    const takes: InteractiveTake[] = [];
    const own = { ...scope, companyId: "company-batch" };
    const fetch = interactiveFetch(budget, async () => new Response("{}"), own, { limits: wide, onTake: (t) => takes.push(t) });
    const answers = await Promise.all(Array.from({ length: 12 }, () => fetch("http://api.test/v1/employments")));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(takes).toEqual(Array(12).fill("interactive"));
    // The first call's transaction alone, then the eleven that asked while it ran, together.
    expect(asked).toEqual([1, 11]);
    // Exactly twelve were taken from the shared bucket (1 a minute refills nothing that counts here).
    const key = interactiveKey(companyBudgetKey("sandbox", "company-batch"));
    const row = (await db.execute(sql`SELECT tokens FROM readmodel_budgets WHERE key = ${key}`)) as unknown as {
      rows: { tokens: number }[];
    };
    expect(Number(row.rows[0]!.tokens)).toBeGreaterThanOrEqual(50 - 12);
    expect(Number(row.rows[0]!.tokens)).toBeLessThan(50 - 12 + 0.5);
  });

  it("a batch larger than the bucket takes what it holds; the rest borrow; an empty bucket is not asked again before it refills", async () => {
    const { db } = await getConsoleTestDatabase();
    const { budget, asked } = counting(createRequestBudget(db));
    const takes: InteractiveTake[] = [];
    const own = { ...scope, companyId: "company-short" };
    const fetch = interactiveFetch(budget, async () => new Response("{}"), own, {
      limits: SMALL,
      syncLimits: SMALL,
      onTake: (t) => takes.push(t),
    });
    await Promise.all(Array.from({ length: 6 }, () => fetch("http://api.test/v1/employments")));
    // 1 alone, then 5 at once of which 2 fit the interactive share (3 in all); the other 3 borrow the sync's 3.
    expect(takes.filter((t) => t === "interactive")).toHaveLength(3);
    expect(takes.filter((t) => t === "borrowed")).toHaveLength(3);
    // The interactive share is known empty (its batch came up short); the sync's is found empty by
    // the next call, and both are then known empty for about a minute: no transaction at all.
    const before = asked.length;
    await fetch("http://api.test/v1/employments");
    expect(asked.length).toBe(before + 1);
    for (let i = 0; i < 4; i++) await fetch("http://api.test/v1/employments");
    expect(takes.slice(6)).toEqual(Array(5).fill("over"));
    expect(asked.length).toBe(before + 1);
    // Known empty only in this process's memory: the database agrees (nothing refilled either share).
    const sync = await budget.take([{ key: companyBudgetKey("sandbox", "company-short"), limit: SMALL.company }]);
    expect(sync.ok).toBe(false);
  });

  it("a budget that cannot be read lets the calls through, and the next call asks it again", async () => {
    const { db } = await getConsoleTestDatabase();
    const real = createRequestBudget(db);
    let failing = true;
    let asked = 0;
    const budget: RequestBudget = {
      ...real,
      takeUpTo: async (buckets, max) => {
        asked++;
        if (failing) throw new Error("database unavailable");
        return real.takeUpTo(buckets, max);
      },
    };
    const takes: InteractiveTake[] = [];
    const fetch = interactiveFetch(
      budget,
      async () => new Response("{}"),
      { ...scope, companyId: "company-fail" },
      { onTake: (t) => takes.push(t) },
    );
    expect((await fetch("http://api.test/v1/employments")).status).toBe(200);
    failing = false;
    expect((await fetch("http://api.test/v1/employments")).status).toBe(200);
    expect(takes).toEqual(["over", "interactive"]);
    expect(asked).toBe(2);
  });
});
