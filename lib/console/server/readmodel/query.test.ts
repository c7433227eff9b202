import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { LIFECYCLE_LABELS, STATUS_LABELS } from "@/lib/console/employments/labels";
import type { EmploymentListItem } from "@/lib/contract";
import type { ConsoleDb } from "../db/client";
import { partnerGrants, readmodelCallbacks, readmodelEmployments, readmodelPendingItems, readmodelSyncState } from "../db/schema";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { countStatements } from "@/test-support/console/statements";
import {
  countReadModelEmployments,
  getReadModelFreshness,
  iterateReadModelEmployments,
  listReadModelEmployments,
  listReadModelPendingItems,
  READMODEL_SORTS,
  type ReadModelScope,
  type ReadModelSort,
} from "./query";
import { upsertEmployments, upsertPendingItems, whileConsented, type CompanyRef } from "./store";
import { insertGrant, listItem } from "@/test-support/console/readmodel-fixtures";

// The read model's query layer: the scope is the only way in, so one company's rows never reach
// another company's view (nor the other environment's), a revoked consent leaves no row, and every
// list column sorts and searches the same way on every page.

const A = { id: "company-a", name: "Acme Robotics" };
const B = { id: "company-b", name: "Globex Logistics" };
const C = { id: "company-c", name: "Cyberdyne" };
const ref = (company: { id: string; name: string }, environment: "sandbox" | "production" = "sandbox"): CompanyRef => ({
  environment,
  company,
});

let db: ConsoleDb;
const items: Record<string, EmploymentListItem[]> = {};

async function seed(target: CompanyRef, tag: string, n: number) {
  const list = Array.from({ length: n }, (_, i) => listItem(i, tag));
  const wrote = await whileConsented(db, target, (tx) =>
    upsertEmployments(
      tx,
      target,
      list.map((item) => ({ item })),
      "run-1",
      new Date(),
    ),
  );
  expect(wrote).toBe(true);
  items[`${target.environment}:${target.company.id}`] = list;
  return list;
}

const ids = (page: { employments: { id: string }[] }) => page.employments.map((e) => e.id).sort();
const idsOf = (list: EmploymentListItem[]) => list.map((e) => e.id).sort();

beforeEach(async () => {
  ({ db } = await getConsoleTestDatabase());
  await insertGrant(db, "sandbox", A);
  await insertGrant(db, "sandbox", B);
  await insertGrant(db, "sandbox", C);
  await insertGrant(db, "production", A);
  await seed(ref(A), "a", 30);
  await seed(ref(B), "b", 25);
  await seed(ref(C), "c", 5);
  await seed(ref(A, "production"), "ap", 7);
});

describe("isolation: the scope is the only way in", () => {
  it("a company scope returns that company's rows only, in its environment only", async () => {
    for (const [scope, key] of [
      [{ kind: "company", environment: "sandbox", companyId: A.id }, "sandbox:company-a"],
      [{ kind: "company", environment: "sandbox", companyId: B.id }, "sandbox:company-b"],
      [{ kind: "company", environment: "production", companyId: A.id }, "production:company-a"],
    ] as [ReadModelScope, string][]) {
      const page = await listReadModelEmployments(db, scope, { page: 1, page_size: 500 });
      expect(ids(page)).toEqual(idsOf(items[key]!));
      expect(page.total_count).toBe(items[key]!.length);
    }
    // An unknown company sees nothing, whatever its search or filters.
    const none = await listReadModelEmployments(
      db,
      { kind: "company", environment: "sandbox", companyId: "company-z" },
      { page: 1, page_size: 500, search: "a" },
    );
    expect(none.employments).toEqual([]);
    expect(none.total_count).toBe(0);
  });

  it("a company's search matching another company's rows returns none of them", async () => {
    const page = await listReadModelEmployments(
      db,
      { kind: "company", environment: "sandbox", companyId: A.id },
      { page: 1, page_size: 500, search: "b.example" },
    );
    expect(page.employments).toEqual([]);
    const other = await listReadModelEmployments(
      db,
      { kind: "company", environment: "sandbox", companyId: A.id },
      { page: 1, page_size: 500, search: "p3.b@" },
    );
    expect(other.employments).toEqual([]);
  });

  it("the partner scope reads the companies with a live grant in its environment; a subset narrows it", async () => {
    const all = await listReadModelEmployments(db, { kind: "partner", environment: "sandbox" }, { page: 1, page_size: 500 });
    expect(ids(all)).toEqual(idsOf([...items["sandbox:company-a"]!, ...items["sandbox:company-b"]!, ...items["sandbox:company-c"]!]));
    const subset = await listReadModelEmployments(
      db,
      { kind: "partner", environment: "sandbox", companyIds: [B.id] },
      { page: 1, page_size: 500 },
    );
    expect(ids(subset)).toEqual(idsOf(items["sandbox:company-b"]!));
    expect(subset.employments.every((e) => e.company.id === B.id && e.company.name === B.name)).toBe(true);
    const empty = await listReadModelEmployments(
      db,
      { kind: "partner", environment: "sandbox", companyIds: [] },
      { page: 1, page_size: 500 },
    );
    expect(empty.total_count).toBe(0);
    const production = await listReadModelEmployments(db, { kind: "partner", environment: "production" }, { page: 1, page_size: 500 });
    expect(ids(production)).toEqual(idsOf(items["production:company-a"]!));
  });

  it("rows of a company without a live grant are never served to the partner scope", async () => {
    // Written behind the store's back (no grant for company-x at all).
    const stray = listItem(1, "x");
    await upsertEmployments(db, ref({ id: "company-x", name: "Stray" }), [{ item: stray }], "run-x", new Date());
    const all = await listReadModelEmployments(
      db,
      { kind: "partner", environment: "sandbox", companyIds: ["company-x", A.id] },
      { page: 1, page_size: 500 },
    );
    expect(all.employments.map((e) => e.id)).not.toContain(stray.id);
    expect(all.employments.every((e) => e.company.id === A.id)).toBe(true);
  });
});

describe("revoked consent leaves no row of that company", () => {
  it("revoking a grant deletes that company's employments, pending items, sync state and callback, and only those", async () => {
    const target = ref(B);
    await whileConsented(db, target, (tx) =>
      upsertPendingItems(tx, target, "expense", [{ id: "x1", employment_id: null }], "run-1", new Date()),
    );
    await whileConsented(db, ref(A), (tx) =>
      upsertPendingItems(tx, ref(A), "expense", [{ id: "x2", employment_id: null }], "run-1", new Date()),
    );
    for (const company of [A, B]) {
      await db
        .insert(readmodelSyncState)
        .values({ environment: "sandbox", companyId: company.id, updatedAt: new Date(), lastSyncedAt: new Date() });
      await db.insert(readmodelCallbacks).values({
        id: randomUUID(),
        environment: "sandbox",
        companyId: company.id,
        callbackId: "cb",
        url: "http://127.0.0.1/x",
        signingKeyEnc: "sealed",
        createdAt: new Date(),
      });
    }

    await db
      .update(partnerGrants)
      .set({ status: "revoked" })
      .where(and(eq(partnerGrants.environment, "sandbox"), eq(partnerGrants.companyId, B.id)));

    const countOf = async (
      table: typeof readmodelEmployments | typeof readmodelPendingItems | typeof readmodelSyncState | typeof readmodelCallbacks,
      companyId: string,
    ) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(and(eq(table.environment, "sandbox"), eq(table.companyId, companyId)))
      )[0]!.n;
    for (const table of [readmodelEmployments, readmodelPendingItems, readmodelSyncState, readmodelCallbacks]) {
      expect(await countOf(table, B.id)).toBe(0);
      expect(await countOf(table, A.id)).toBeGreaterThan(0);
    }
    // The same company in the other environment keeps its rows (its consent there stands).
    const production = await listReadModelEmployments(
      db,
      { kind: "company", environment: "production", companyId: A.id },
      { page: 1, page_size: 500 },
    );
    expect(production.total_count).toBe(7);
  });

  it("a sync finishing after the revocation writes nothing", async () => {
    await db
      .update(partnerGrants)
      .set({ status: "revoked" })
      .where(and(eq(partnerGrants.environment, "sandbox"), eq(partnerGrants.companyId, C.id)));
    const late = await whileConsented(db, ref(C), (tx) =>
      upsertEmployments(tx, ref(C), [{ item: listItem(99, "c") }], "run-2", new Date()),
    );
    expect(late).toBe(false);
    const rows = await db.select().from(readmodelEmployments).where(eq(readmodelEmployments.companyId, C.id));
    expect(rows).toEqual([]);
  });

  it("deleting a grant row deletes the company's rows too", async () => {
    await db.delete(partnerGrants).where(and(eq(partnerGrants.environment, "sandbox"), eq(partnerGrants.companyId, A.id)));
    const rows = await db
      .select()
      .from(readmodelEmployments)
      .where(and(eq(readmodelEmployments.environment, "sandbox"), eq(readmodelEmployments.companyId, A.id)));
    expect(rows).toEqual([]);
  });
});

// The expected order of a sort, computed here: lower-cased, byte-wise, nulls last, ties by company then id;
// status and lifecycle stage in the order of the labels the table shows.
const labelRank = (labels: Record<string, string>) => {
  const codes = Object.keys(labels).sort((a, b) => labels[a]!.localeCompare(labels[b]!, "en", { sensitivity: "base" }) || (a < b ? -1 : 1));
  return (code: string | null | undefined) =>
    code == null ? null : codes.indexOf(code) === -1 ? codes.length + 1 : codes.indexOf(code) + 1;
};
const statusRank = labelRank(STATUS_LABELS);
const lifecycleRank = labelRank(LIFECYCLE_LABELS);
const SORT_KEYS: Record<ReadModelSort, (e: EmploymentListItem & { company: { name: string } }) => string | number | null> = {
  full_name: (e) => e.full_name.toLowerCase(),
  company: (e) => e.company.name.toLowerCase(),
  job_title: (e) => e.job_title?.toLowerCase() ?? null,
  personal_email: (e) => e.personal_email.toLowerCase(),
  status: (e) => statusRank(e.status),
  type: (e) => e.type,
  country: (e) => e.country?.name.toLowerCase() ?? null,
  department: (e) => e.department?.toLowerCase() ?? null,
  external_id: (e) => e.external_id?.toLowerCase() ?? null,
  lifecycle_stage: (e) => lifecycleRank(e.employment_lifecycle_stage),
  onboarding: () => null,
};
const cmp = (a: string | number | null, b: string | number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

describe("sorting, filters and search", () => {
  const partner: ReadModelScope = { kind: "partner", environment: "sandbox" };

  it.each(READMODEL_SORTS.map((s) => [s] as const))("sorting by %s: pages in order, none overlapping, nulls last", async (sort) => {
    const all = [
      ...items["sandbox:company-a"]!.map((e) => ({ ...e, company: A })),
      ...items["sandbox:company-b"]!.map((e) => ({ ...e, company: B })),
      ...items["sandbox:company-c"]!.map((e) => ({ ...e, company: C })),
    ];
    for (const order of ["asc", "desc"] as const) {
      const sign = order === "asc" ? 1 : -1;
      const expected = [...all].sort((x, y) => {
        const kx = SORT_KEYS[sort](x);
        const ky = SORT_KEYS[sort](y);
        // Nulls last whichever the direction (as the query orders them).
        if (kx === null || ky === null) {
          if (kx !== ky) return kx === null ? 1 : -1;
        } else if (kx !== ky) return sign * cmp(kx, ky);
        return sign * (cmp(x.company.id, y.company.id) || cmp(x.id, y.id));
      });
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const result = await listReadModelEmployments(db, partner, { page, page_size: 25, sort, order });
        seen.push(...result.employments.map((e) => e.id));
        expect(result.total_count).toBe(60);
      }
      expect(seen).toEqual(expected.map((e) => e.id));
    }
  });

  it("search matches a part of the name, an e-mail, the job title or the external id, case-insensitively", async () => {
    const a = items["sandbox:company-a"]!;
    const scope: ReadModelScope = { kind: "company", environment: "sandbox", companyId: A.id };
    const find = async (search: string) => ids(await listReadModelEmployments(db, scope, { page: 1, page_size: 500, search }));
    expect(await find("CHLOÉ")).toEqual(idsOf(a.filter((e) => e.full_name.toLowerCase().includes("chloé"))));
    expect(await find("p7.a@mail")).toEqual(idsOf(a.filter((e) => e.personal_email.startsWith("p7.a@"))));
    expect(await find("w5.a@work")).toEqual(idsOf(a.filter((e) => e.work_email?.startsWith("w5.a@"))));
    expect(await find("sales lead")).toEqual(idsOf(a.filter((e) => e.job_title === "Sales Lead")));
    expect(await find("ext-a-13")).toEqual(idsOf(a.filter((e) => e.external_id === "EXT-a-13")));
    // LIKE's own characters are literal.
    expect(await find("%")).toEqual([]);
    expect(await find("p_.a")).toEqual([]);
  });

  it("filters by status, type and country combine with the search and the scope", async () => {
    const scope: ReadModelScope = { kind: "partner", environment: "sandbox", companyIds: [A.id, B.id] };
    const page = await listReadModelEmployments(db, scope, {
      page: 1,
      page_size: 500,
      status: ["active", "created"],
      type: ["employee"],
      country: ["PRT"],
    });
    const expected = [...items["sandbox:company-a"]!, ...items["sandbox:company-b"]!].filter(
      (e) => ["active", "created"].includes(e.status) && e.type === "employee" && e.country?.code === "PRT",
    );
    expect(ids(page)).toEqual(idsOf(expected));
  });

  it("freshness is read within the scope only", async () => {
    await db.insert(readmodelSyncState).values([
      { environment: "sandbox", companyId: A.id, updatedAt: new Date(), lastSyncedAt: new Date() },
      { environment: "sandbox", companyId: B.id, updatedAt: new Date(), behindReason: "rate limited", retryAt: new Date() },
    ]);
    const a = await getReadModelFreshness(db, { kind: "company", environment: "sandbox", companyId: A.id });
    expect(a.map((f) => [f.companyId, f.state])).toEqual([[A.id, "fresh"]]);
    const all = await getReadModelFreshness(db, { kind: "partner", environment: "sandbox" });
    expect(all.map((f) => [f.companyId, f.state])).toEqual([
      [A.id, "fresh"],
      [B.id, "behind"],
    ]);
  });

  it("a company's kept freshness follows every write to its sync state, by any writer, and a deleted one", async () => {
    const scope = { kind: "company", environment: "sandbox", companyId: A.id } as const;
    await db
      .insert(readmodelSyncState)
      .values({ environment: "sandbox", companyId: A.id, updatedAt: new Date(), lastSyncedAt: new Date() });
    const first = await getReadModelFreshness(db, scope);
    expect(first.map((f) => f.state)).toEqual(["fresh"]);
    // Kept: the second read is the same array (only the row's version was read).
    expect(await getReadModelFreshness(db, scope)).toBe(first);
    // A write by another path (a sync failing on another instance: plain SQL here).
    await db.execute(sql`UPDATE readmodel_sync_state SET failing_error = 'boom', failing_since = now() WHERE company_id = ${A.id}`);
    expect((await getReadModelFreshness(db, scope)).map((f) => f.state)).toEqual(["failing"]);
    await db.delete(readmodelSyncState).where(eq(readmodelSyncState.companyId, A.id));
    expect(await getReadModelFreshness(db, scope)).toEqual([]);
    // Written again (a first sync starting over): not the copy kept before the delete.
    await db.insert(readmodelSyncState).values({ environment: "sandbox", companyId: A.id, updatedAt: new Date() });
    expect((await getReadModelFreshness(db, scope)).map((f) => f.state)).toEqual(["never_synced"]);
  });

  it("on PGlite a company's page is kept until its employments or counts are written, by any path", async () => {
    const scope = { kind: "company", environment: "sandbox", companyId: A.id } as const;
    const query = { page: 1, page_size: 20, sort: "full_name" } as const;
    const first = await listReadModelEmployments(db, scope, query);
    expect(first.total_count).toBe(30);
    const again = await countStatements(() => listReadModelEmployments(db, scope, query));
    expect(again.statements).toBe(0);
    expect(again.result).toBe(first);
    // Another company's rows written (its sync running): this company's page stays kept.
    await seed(ref(B), "b2", 3);
    expect((await countStatements(() => listReadModelEmployments(db, scope, query))).statements).toBe(0);
    // Another query is its own page.
    expect((await listReadModelEmployments(db, scope, { ...query, page: 2 })).employments).toHaveLength(10);
    // A row renamed by plain SQL (a webhook's write, another path): the next read sees it.
    const renamed = first.employments[0]!.id;
    await db.execute(
      sql`UPDATE readmodel_employments SET item = jsonb_set(item, '{full_name}', '"Aaron Renamed"') WHERE employment_id = ${renamed}`,
    );
    const after = await listReadModelEmployments(db, scope, query);
    expect(after.employments.find((e) => e.id === renamed)?.full_name).toBe("Aaron Renamed");
    // A row added by the sync: the count and the page follow.
    await seed(ref(A), "a2", 1);
    expect((await listReadModelEmployments(db, scope, query)).total_count).toBe(31);
    // The partner's scope also depends on its grants (not announced): read every time.
    const partner = { kind: "partner", environment: "sandbox" } as const;
    await listReadModelEmployments(db, partner, query);
    expect((await countStatements(() => listReadModelEmployments(db, partner, query))).statements).toBeGreaterThan(0);
  });

  it("counts per company and status, pending items and the export iterator stay within the scope", async () => {
    const counts = await countReadModelEmployments(db, { kind: "partner", environment: "sandbox", companyIds: [A.id, B.id] });
    expect(new Set(counts.map((c) => c.company.id))).toEqual(new Set([A.id, B.id]));
    for (const key of ["sandbox:company-a", "sandbox:company-b"]) {
      const companyId = key.split(":")[1]!;
      const byStatus = new Map<string, number>();
      for (const e of items[key]!) byStatus.set(e.status, (byStatus.get(e.status) ?? 0) + 1);
      expect(new Map(counts.filter((c) => c.company.id === companyId).map((c) => [c.status, c.count]))).toEqual(byStatus);
    }

    await whileConsented(db, ref(A), (tx) =>
      upsertPendingItems(tx, ref(A), "time_off", [{ id: "t-a", employment_id: null }], "run-1", new Date()),
    );
    await whileConsented(db, ref(B), (tx) =>
      upsertPendingItems(tx, ref(B), "time_off", [{ id: "t-b", employment_id: null }], "run-1", new Date()),
    );
    const pendingA = await listReadModelPendingItems(db, { kind: "company", environment: "sandbox", companyId: A.id }, "time_off");
    expect(pendingA.map((p) => p.companyId)).toEqual([A.id]);
    expect(await listReadModelPendingItems(db, { kind: "company", environment: "sandbox", companyId: A.id }, "expense")).toEqual([]);

    const exported: string[] = [];
    for await (const batch of iterateReadModelEmployments(
      db,
      { kind: "company", environment: "sandbox", companyId: B.id },
      { sort: "full_name" },
      7,
    ))
      exported.push(...batch.map((e) => e.id));
    expect(exported.sort()).toEqual(idsOf(items["sandbox:company-b"]!));
  });
});
