import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { localChangeCount, type WatchedTable } from "./local-changes";

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

describe("local changes of the console database (PGlite)", () => {
  it("every write statement to a watched table moves its count before the write resolves; reads and other tables do not", async () => {
    const { db } = await getConsoleTestDatabase();
    const before = Object.fromEntries(TABLES.map((t) => [t, localChangeCount(db, [t])]));
    for (const t of TABLES) expect(before[t]).toEqual(expect.any(Number));

    await db.execute(sql`INSERT INTO readmodel_sync_state (environment, company_id, updated_at) VALUES ('sandbox', 'c-1', now())`);
    expect(localChangeCount(db, ["readmodel_sync_state"])).toBe(before.readmodel_sync_state! + 1);
    // Several rows or statements in one transaction: announced once, at its commit.
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE readmodel_sync_state SET updated_at = now()`);
      await tx.execute(sql`UPDATE readmodel_sync_state SET updated_at = now()`);
      expect(localChangeCount(db, ["readmodel_sync_state"])).toBe(before.readmodel_sync_state! + 1);
    });
    expect(localChangeCount(db, ["readmodel_sync_state"])).toBe(before.readmodel_sync_state! + 2);
    await db.execute(sql`DELETE FROM readmodel_sync_state`);
    expect(localChangeCount(db, ["readmodel_sync_state"])).toBe(before.readmodel_sync_state! + 3);
    // A rolled-back write changed nothing, and says nothing.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO readmodel_sync_state (environment, company_id, updated_at) VALUES ('sandbox', 'c-2', now())`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(localChangeCount(db, ["readmodel_sync_state"])).toBe(before.readmodel_sync_state! + 3);
    // TRUNCATE (what the tests between them do) counts for each table it empties.
    const all = localChangeCount(db, TABLES)!;
    await getConsoleTestDatabase();
    expect(localChangeCount(db, TABLES)).toBeGreaterThanOrEqual(all + TABLES.length);
    // Reads, and writes to tables nobody keeps, leave the counts alone.
    const now = localChangeCount(db, TABLES);
    await db.execute(sql`SELECT count(*) FROM console_sessions`);
    await db.execute(
      sql`INSERT INTO console_saved_views (id, owner, environment, company_id, list, name, href, created_at, updated_at) VALUES ('v', 'o', 'sandbox', 'c-1', 'employments', 'n', '/employments', now(), now())`,
    );
    expect(localChangeCount(db, TABLES)).toBe(now);
  });

  it("a handle this process does not watch has no count (kept copies are then checked against row versions)", () => {
    expect(localChangeCount({}, ["console_sessions"])).toBeUndefined();
  });
});
