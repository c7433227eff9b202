import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { EmploymentListItem } from "@/lib/contract";
import type { ConsoleDb } from "../db/client";
import { partnerGrants, readmodelEmployments } from "../db/schema";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { countReadModelEmployments, listReadModelEmployments, type ReadModelQuery, type ReadModelScope } from "./query";
import {
  createReadModelAnalyzer,
  deleteEmployment,
  deleteEmploymentsNotIn,
  upsertEmployments,
  whileConsented,
  type CompanyRef,
} from "./store";
import { insertGrant, listItem } from "@/test-support/console/readmodel-fixtures";

// The counts kept per company, status and type (migration 0004) must always equal a count(*) of the
// rows, whatever wrote them: inserts, upserts that change a status or a type or nothing, deletes of a
// re-read, a single delete, the revocation trigger, TRUNCATE. And every list total (from the counts
// or from a scan) equals the exact count of its query.

const A = { id: "company-a", name: "Acme Robotics" };
const B = { id: "company-b", name: "Globex Logistics" };
const ref = (company: { id: string; name: string }, environment: "sandbox" | "production" = "sandbox"): CompanyRef => ({
  environment,
  company,
});

let db: ConsoleDb;

type CountRow = { environment: string; company_id: string; status: string; type: string; n: number };
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function expectCountsExact() {
  const kept = rowsOf<CountRow>(
    await db.execute(sql`SELECT environment, company_id, status, type, n::int AS n FROM readmodel_employment_counts ORDER BY 1, 2, 3, 4`),
  );
  const exact = rowsOf<CountRow>(
    await db.execute(
      sql`SELECT environment, company_id, status, type, count(*)::int AS n FROM readmodel_employments GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    ),
  );
  expect(kept).toEqual(exact);
  return kept;
}

const write = (target: CompanyRef, items: EmploymentListItem[], run: string, at = new Date()) =>
  whileConsented(db, target, (tx) =>
    upsertEmployments(
      tx,
      target,
      items.map((item) => ({ item })),
      run,
      at,
    ),
  );

beforeEach(async () => {
  ({ db } = await getConsoleTestDatabase());
  await insertGrant(db, "sandbox", A);
  await insertGrant(db, "sandbox", B);
  await insertGrant(db, "production", A);
});

describe("counts per company, status and type", () => {
  it("equal count(*) after inserts, updates, status and type changes, deletes, revocation and truncate", async () => {
    const a = Array.from({ length: 40 }, (_, i) => listItem(i, "a"));
    const b = Array.from({ length: 25 }, (_, i) => listItem(i, "b"));
    const prodA = Array.from({ length: 7 }, (_, i) => listItem(i, "pa"));
    expect(await write(ref(A), a, "run-1")).toBe(true);
    expect(await write(ref(B), b, "run-1")).toBe(true);
    expect(await write(ref(A, "production"), prodA, "run-1")).toBe(true);
    const first = await expectCountsExact();
    expect(first.reduce((sum, r) => sum + r.n, 0)).toBe(72);

    // A re-read that changes nothing keeps the counts (and writes none).
    await write(ref(A), a, "run-2");
    await expectCountsExact();

    // Status and type changes, in one upsert with unchanged rows and a new row.
    const changed = a.map((item, i): EmploymentListItem =>
      i % 3 === 0 ? { ...item, status: "archived" } : i % 5 === 0 ? { ...item, type: "contractor", status: "active" } : item,
    );
    await write(ref(A), [...changed, listItem(99, "a")], "run-3");
    await expectCountsExact();

    // A full re-read that no longer sees some rows deletes them.
    const startedAt = new Date(Date.now() + 1000);
    await write(ref(A), changed.slice(0, 30), "run-4", startedAt);
    await whileConsented(db, ref(A), (tx) => deleteEmploymentsNotIn(tx, ref(A), "run-4", startedAt));
    expect((await db.select().from(readmodelEmployments).where(eq(readmodelEmployments.companyId, A.id))).length).toBe(30 + 7);
    await expectCountsExact();

    // One employment deleted (a webhook's re-read found it gone).
    await whileConsented(db, ref(B), (tx) => deleteEmployment(tx, ref(B), b[0]!.id));
    await expectCountsExact();

    // A plain UPDATE outside the sync (any path) is counted too.
    await db.execute(sql`UPDATE readmodel_employments SET status = 'offboarding' WHERE company_id = ${B.id} AND status = 'active'`);
    await expectCountsExact();

    // Consent revoked: the trigger of 0002 deletes the company's rows, and its counts go with them.
    await db
      .update(partnerGrants)
      .set({ status: "revoked" })
      .where(sql`${partnerGrants.environment} = 'sandbox' AND ${partnerGrants.companyId} = ${B.id}`);
    const afterRevoke = await expectCountsExact();
    expect(afterRevoke.some((r) => r.company_id === B.id && r.environment === "sandbox")).toBe(false);

    // The grant row removed (the other path of the trigger).
    await db.delete(partnerGrants).where(sql`${partnerGrants.environment} = 'production'`);
    const afterDelete = await expectCountsExact();
    expect(afterDelete.every((r) => r.environment === "sandbox" && r.company_id === A.id)).toBe(true);

    await db.execute(sql`TRUNCATE readmodel_employments`);
    expect(await expectCountsExact()).toEqual([]);
  });

  it("counts per company and status, and every list total, equal exact counts of the same query", async () => {
    await write(
      ref(A),
      Array.from({ length: 60 }, (_, i) => listItem(i, "a")),
      "run-1",
    );
    await write(
      ref(B),
      Array.from({ length: 33 }, (_, i) => listItem(i, "b")),
      "run-1",
    );
    await write(
      ref(A, "production"),
      Array.from({ length: 9 }, (_, i) => listItem(i, "pa")),
      "run-1",
    );
    const partner: ReadModelScope = { kind: "partner", environment: "sandbox" };
    const counts = await countReadModelEmployments(db, partner);
    const exact = rowsOf<{ company_id: string; company_name: string; status: string; n: number }>(
      await db.execute(
        sql`SELECT company_id, company_name, status, count(*)::int AS n FROM readmodel_employments WHERE environment = 'sandbox' GROUP BY 1, 2, 3`,
      ),
    );
    expect(counts.map((c) => `${c.company.id}|${c.company.name}|${c.status}|${c.count}`).sort()).toEqual(
      exact.map((r) => `${r.company_id}|${r.company_name}|${r.status}|${r.n}`).sort(),
    );

    const scopes: ReadModelScope[] = [
      partner,
      { kind: "partner", environment: "sandbox", companyIds: [B.id] },
      { kind: "partner", environment: "production" },
      { kind: "company", environment: "sandbox", companyId: A.id },
    ];
    const queries: ReadModelQuery[] = [
      { page: 1, page_size: 10 },
      { page: 2, page_size: 10, status: ["active", "invited"] },
      { page: 1, page_size: 10, status: ["active"], type: ["contractor"] },
      { page: 1, page_size: 10, country: ["PRT"] },
      { page: 1, page_size: 5, search: "silva", sort: "job_title", order: "desc" },
      { page: 3, page_size: 5, search: "mail.example", status: ["active", "created", "invited"] },
      // A page past the end still says how many there are.
      { page: 50, page_size: 5, search: "mail.example" },
    ];
    for (const scope of scopes) {
      for (const query of queries) {
        const page = await listReadModelEmployments(db, scope, query);
        const companyCond =
          scope.kind === "company"
            ? sql`company_id = ${scope.companyId}`
            : scope.companyIds
              ? sql`company_id = ${scope.companyIds[0]}`
              : sql`true`;
        const [row] = rowsOf<{ n: number }>(
          await db.execute(sql`SELECT count(*)::int AS n FROM readmodel_employments WHERE environment = ${scope.environment} AND ${companyCond}
            AND (${
              query.status
                ? sql`status IN (${sql.join(
                    query.status.map((s) => sql`${s}`),
                    sql`, `,
                  )})`
                : sql`true`
            })
            AND (${
              query.type
                ? sql`type IN (${sql.join(
                    query.type.map((s) => sql`${s}`),
                    sql`, `,
                  )})`
                : sql`true`
            })
            AND (${query.country ? sql`country_code = ${query.country[0]}` : sql`true`})
            AND (${query.search ? sql`search_text LIKE ${`%${query.search}%`}` : sql`true`})`),
        );
        expect({ scope, query, total: page.total_count }).toEqual({ scope, query, total: row!.n });
      }
    }
  });

  it("statistics are refreshed after a large change of the read model's size, not on every check", async () => {
    const analyzer = createReadModelAnalyzer(db);
    const analyzedAt = async () =>
      rowsOf<{ t: string | null }>(
        await db.execute(sql`SELECT last_analyze::text AS t FROM pg_stat_user_tables WHERE relname = 'readmodel_employments'`),
      )[0]?.t ?? null;
    expect(await analyzer.maybeAnalyze()).toBe(false); // empty: nothing to learn
    await write(
      ref(A),
      Array.from({ length: 150 }, (_, i) => listItem(i, "a")),
      "run-1",
    );
    expect(await analyzer.maybeAnalyze()).toBe(true);
    const first = await analyzedAt();
    expect(first).not.toBeNull();
    await write(
      ref(B),
      Array.from({ length: 20 }, (_, i) => listItem(i, "b")),
      "run-1",
    );
    expect(await analyzer.maybeAnalyze()).toBe(false); // 20 more rows: below the threshold
    await write(
      ref(B),
      Array.from({ length: 200 }, (_, i) => listItem(i + 20, "b")),
      "run-1",
    );
    expect(await analyzer.maybeAnalyze()).toBe(true);
  });
});
