import { beforeAll, describe, expect, it } from "vitest";
import type { ConsoleDb } from "../db/client";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { iterateReadModelEmployments, listReadModelEmployments, READMODEL_SORTS, type ReadModelQuery, type ReadModelScope } from "./query";
import { upsertEmployments, whileConsented, type CompanyRef } from "./store";
import { insertGrant, listItem } from "@/test-support/console/readmodel-fixtures";

// The export's iteration (keyset batches) yields exactly the rows of the list's pages, in the same
// order, for every sort column and both directions: nulls last, ties broken by company and id, no row
// twice, none missing, another company's or environment's rows never.

const A = { id: "company-a", name: "Acme Robotics" };
const B = { id: "company-b", name: "Globex Logistics" };
const ref = (company: { id: string; name: string }, environment: "sandbox" | "production" = "sandbox"): CompanyRef => ({
  environment,
  company,
});

let db: ConsoleDb;

beforeAll(async () => {
  ({ db } = await getConsoleTestDatabase());
  await insertGrant(db, "sandbox", A);
  await insertGrant(db, "sandbox", B);
  await insertGrant(db, "production", A);
  for (const [target, tag, n] of [
    [ref(A), "a", 45],
    [ref(B), "b", 38],
    [ref(A, "production"), "pa", 12],
  ] as const) {
    // Duplicated sort values across companies (same names and titles), nulls in the nullable columns.
    const items = Array.from({ length: n }, (_, i) => ({ ...listItem(i, tag), full_name: `Person ${i % 9}` }));
    expect(
      await whileConsented(db, target, (tx) =>
        upsertEmployments(
          tx,
          target,
          items.map((item) => ({ item })),
          "run-1",
          new Date(),
        ),
      ),
    ).toBe(true);
  }
});

async function pages(scope: ReadModelScope, query: Omit<ReadModelQuery, "page" | "page_size">): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; ; page++) {
    const r = await listReadModelEmployments(db, scope, { ...query, page, page_size: 10 });
    out.push(...r.employments.map((e) => e.id));
    if (page >= r.total_pages) return out;
  }
}

async function iterated(scope: ReadModelScope, query: Omit<ReadModelQuery, "page" | "page_size">, batch: number): Promise<string[]> {
  const out: string[] = [];
  for await (const rows of iterateReadModelEmployments(db, scope, query, batch)) out.push(...rows.map((e) => e.id));
  return out;
}

describe("iterating the read model for an export", () => {
  it("yields the list's rows in the list's order, for every sort and direction", async () => {
    const partner: ReadModelScope = { kind: "partner", environment: "sandbox" };
    for (const sort of READMODEL_SORTS) {
      for (const order of ["asc", "desc"] as const) {
        const expected = await pages(partner, { sort, order });
        expect(expected).toHaveLength(83);
        const got = await iterated(partner, { sort, order }, 7);
        expect({ sort, order, got }).toEqual({ sort, order, got: expected });
      }
    }
  });

  it("keeps the filters, the search and the scope", async () => {
    const cases: [ReadModelScope, Omit<ReadModelQuery, "page" | "page_size">][] = [
      [
        { kind: "partner", environment: "sandbox" },
        { status: ["active", "invited", "created"], sort: "job_title", order: "desc" },
      ],
      [
        { kind: "partner", environment: "sandbox" },
        { search: "mail.example", type: ["employee"], sort: "country" },
      ],
      [
        { kind: "company", environment: "sandbox", companyId: B.id },
        { sort: "external_id", order: "desc" },
      ],
      [{ kind: "partner", environment: "production" }, { sort: "onboarding" }],
    ];
    for (const [scope, query] of cases) {
      const expected = await pages(scope, query);
      expect(expected.length).toBeGreaterThan(0);
      expect(await iterated(scope, query, 4)).toEqual(expected);
      expect(await iterated(scope, query, 1000)).toEqual(expected);
    }
  });
});
