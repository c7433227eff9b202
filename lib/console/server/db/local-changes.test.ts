import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { localChangeCount, type WatchedTable } from "./local-changes";
import type * as LocalChanges from "./local-changes";

// Migration 0009 announces every write statement to the tables whose rows are kept between renders;
// on PGlite this process counts them, before the write resolves (a kept copy is exact while its count
// has not moved).

const TABLES: WatchedTable[] = [
  "console_sessions",
  "console_connections",
  "readmodel_sync_state",
  "readmodel_employments",
  "readmodel_employment_counts",
];

const C1 = { environment: "sandbox", companyId: "c-1" };
const C2 = { environment: "sandbox", companyId: "c-2" };

describe("local changes of the console database (PGlite)", () => {
  it("every write statement to a company's read-model rows moves that company's count before it resolves, not another's", async () => {
    const { db } = await getConsoleTestDatabase();
    const sync = () => localChangeCount(db, ["readmodel_sync_state"], C1)!;
    const other = () => localChangeCount(db, ["readmodel_sync_state"], C2)!;
    const [before, otherBefore] = [sync(), other()];
    expect(before).toEqual(expect.any(Number));

    await db.execute(sql`INSERT INTO readmodel_sync_state (environment, company_id, updated_at) VALUES ('sandbox', 'c-1', now())`);
    expect(sync()).toBe(before + 1);
    // Several statements in one transaction: announced once, at its commit.
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE readmodel_sync_state SET updated_at = now()`);
      await tx.execute(sql`UPDATE readmodel_sync_state SET updated_at = now()`);
      expect(sync()).toBe(before + 1);
    });
    expect(sync()).toBe(before + 2);
    await db.execute(sql`DELETE FROM readmodel_sync_state`);
    expect(sync()).toBe(before + 3);
    // A rolled-back write changed nothing, and says nothing.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO readmodel_sync_state (environment, company_id, updated_at) VALUES ('sandbox', 'c-1', now())`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(sync()).toBe(before + 3);
    // None of these touched the other company's rows.
    expect(other()).toBe(otherBefore);
    await db.execute(sql`INSERT INTO readmodel_sync_state (environment, company_id, updated_at) VALUES ('sandbox', 'c-2', now())`);
    expect(other()).toBe(otherBefore + 1);
    expect(sync()).toBe(before + 3);
  });

  it("sessions and connections count per table; a TRUNCATE counts for every company; reads and other tables count nothing", async () => {
    const { db } = await getConsoleTestDatabase();
    const sessions = localChangeCount(db, ["console_sessions", "console_connections"])!;
    await db.execute(
      sql`INSERT INTO console_sessions (id, kind, environment, created_at, updated_at, expires_at) VALUES ('s-1', 'oauth', 'sandbox', now(), now(), now() + interval '1 day')`,
    );
    expect(localChangeCount(db, ["console_sessions", "console_connections"])).toBe(sessions + 1);

    const emptied: WatchedTable[] = ["console_sessions", "console_connections", "readmodel_sync_state", "readmodel_employments"];
    const all = emptied.map((t) => localChangeCount(db, [t], C1)!);
    await getConsoleTestDatabase(); // one TRUNCATE of the console's tables
    expect(emptied.map((t) => localChangeCount(db, [t], C1))).toEqual(all.map((n) => n + 1));

    const now = localChangeCount(db, TABLES, C1);
    await db.execute(sql`SELECT count(*) FROM readmodel_employments`);
    await db.execute(
      sql`INSERT INTO console_saved_views (id, owner, environment, company_id, list, name, href, created_at, updated_at) VALUES ('v', 'o', 'sandbox', 'c-1', 'employments', 'n', '/employments', now(), now())`,
    );
    expect(localChangeCount(db, TABLES, C1)).toBe(now);
  });

  it("another copy of this module (Next.js bundles server code into several chunks) sees the same counts", async () => {
    const { db } = await getConsoleTestDatabase();
    vi.resetModules();
    // @ts-expect-error -- the query string loads a second copy of the module, as a second chunk would.
    const copy = (await import("./local-changes?copy")) as typeof LocalChanges;
    expect(copy.localChangeCount).not.toBe(localChangeCount);
    const before = copy.localChangeCount(db, ["readmodel_sync_state"], C1);
    expect(before).toEqual(expect.any(Number));
    await db.execute(sql`INSERT INTO readmodel_sync_state (environment, company_id, updated_at) VALUES ('sandbox', 'c-1', now())`);
    expect(copy.localChangeCount(db, ["readmodel_sync_state"], C1)).toBe(before! + 1);
  });

  it("a handle this process does not watch has no count (kept copies are then checked against row versions)", () => {
    expect(localChangeCount({}, ["console_sessions"])).toBeUndefined();
  });
});
