import { beforeAll, describe, expect, it } from "vitest";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { companyBudgetKey, createRequestBudget, type BudgetLimits } from "./budget";
import { interactiveFetch, type InteractiveTake } from "./interactive";

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
});
