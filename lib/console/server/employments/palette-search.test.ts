import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EmploymentListItem } from "@/lib/contract";
import { createApiClient } from "@/lib/console/server/api-client";
import { exampleSection } from "@/lib/gateway/forms";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { makeEmployment, makeTenant } from "@/test-support/gateway/factories";
import { createTestGateway, getSharedTestDatabase, type TestGateway } from "@/test-support/gateway/harness";
import type { ConsoleDb } from "../db/client";
import { readmodelSyncState } from "../db/schema";
import { listReadModelEmployments } from "../readmodel/query";
import { upsertEmployments } from "../readmodel/store";
import { listEmployments } from "./api";
import { PALETTE_MATCH_LIMIT, searchEmploymentsForPalette } from "./palette-search";

// The command palette's employment search against a real API instance: a company of more than 100
// employments (the palette's old directory ended at the first 100), found by name or e-mail from the
// read model when the company is synced, else from the API; never a row of another company.

let gw: TestGateway;
let db: ConsoleDb;
let calls: string[];
let a: Awaited<ReturnType<typeof makeTenant>>;
let b: Awaited<ReturnType<typeof makeTenant>>;
/** An employment of A that is not on the API's first page of 100. */
let far: EmploymentListItem;

const SEED = 130;

const clientFor = (token: string) =>
  createApiClient({
    baseUrl: "http://127.0.0.1:4010",
    environment: "sandbox",
    getToken: async () => token,
    sleep: async () => {},
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      calls.push(`${url.pathname}${url.search}`);
      return gw.app.request(url.pathname + url.search, init);
    }) as typeof fetch,
  });

const search = (text: string, company = a) =>
  searchEmploymentsForPalette({ api: clientFor(company.tokens.admin), db, environment: "sandbox", companyId: company.company.id }, text);

async function allOf(token: string): Promise<EmploymentListItem[]> {
  const out: EmploymentListItem[] = [];
  for (let page = 1; ; page++) {
    const r = await listEmployments(clientFor(token), { page, page_size: 100 });
    out.push(...r.employments);
    if (page >= r.total_pages) return out;
  }
}

/** The read model as a completed re-read leaves it: every employment the API answers now, and the sync state. */
async function syncReadModel(t: typeof a) {
  const items = await allOf(t.tokens.admin);
  const ref = { environment: "sandbox" as const, company: { id: t.company.id, name: t.company.name } };
  await upsertEmployments(
    db,
    ref,
    items.map((item) => ({ item })),
    "run-1",
    new Date(),
  );
  await db
    .insert(readmodelSyncState)
    .values({ environment: "sandbox", companyId: t.company.id, lastSyncedAt: new Date(), updatedAt: new Date() });
}

beforeAll(async () => {
  // Opened here (180 s) rather than in the first beforeEach (60 s): PGlite starts slowly on a loaded machine.
  await getConsoleTestDatabase();
  await getSharedTestDatabase("sandbox");
  gw = await createTestGateway();
  a = await makeTenant(gw.deps.db, "sandbox");
  b = await makeTenant(gw.deps.db, "sandbox");
  for (let i = 0; i < SEED; i++) await makeEmployment(gw.deps.db, a.company.id);
  // Another company has an employment of the very same name.
  await makeEmployment(gw.deps.db, b.company.id, { fullName: "Zelda Faraway", personalEmail: "zelda.b@example.test" });
  calls = [];
  const first = await listEmployments(clientFor(a.tokens.admin), { page: 1, page_size: 100 });
  const all = await allOf(a.tokens.admin);
  expect(all).toHaveLength(SEED);
  const target = all.find((e) => !first.employments.some((f) => f.id === e.id))!;
  const { employments } = await import("@/lib/gateway/db/schema");
  const { eq } = await import("drizzle-orm");
  await gw.deps.db
    .update(employments)
    .set({ fullName: "Zelda Faraway", personalEmail: "zelda.far@example.test" })
    .where(eq(employments.id, target.id));
  far = { ...target, full_name: "Zelda Faraway", personal_email: "zelda.far@example.test" };
}, 180_000);

beforeEach(async () => {
  db = (await getConsoleTestDatabase()).db;
  calls = [];
});

describe("palette employment search", { timeout: 120_000 }, () => {
  it("not synced: finds an employment beyond the API's first 100 by name, walking the API's pages", async () => {
    const r = await search("zelda far");
    expect(r).toMatchObject({ source: "api", complete: true, syncedAt: null });
    expect(r.matches).toEqual([
      { id: far.id, full_name: "Zelda Faraway", job_title: far.job_title ?? null, email: "zelda.far@example.test" },
    ]);
    // Bounded: pages of 100 until the last one (2 here), the company's own token.
    expect(calls.map((c) => new URL(c, "http://x").searchParams.get("page"))).toEqual(["1", "2"]);
  });

  it("not synced: an exact e-mail is found through the API's own filter", async () => {
    const r = await search("ZELDA.FAR@example.test");
    expect(r.matches.map((m) => m.id)).toEqual([far.id]);
    expect(calls[0]).toContain("email=ZELDA.FAR%40example.test");
  });

  it("many matches: answers the limit and says the answer is incomplete", async () => {
    const r = await search("worker");
    expect(r.matches).toHaveLength(PALETTE_MATCH_LIMIT);
    expect(r.complete).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it("synced: answers from the read model (no API call), the company's rows only", async () => {
    for (const t of [a, b]) await syncReadModel(t);
    calls = [];
    const r = await search("Zelda");
    expect(r.source).toBe("readmodel");
    expect(r.syncedAt).not.toBeNull();
    expect(r.matches.map((m) => m.id)).toEqual([far.id]);
    expect((await search("zelda.far@example")).matches.map((m) => m.id)).toEqual([far.id]);
    // An exact e-mail the read model holds: answered there too.
    expect(await search("Zelda.Far@example.test")).toMatchObject({ source: "readmodel", matches: [{ id: far.id }] });
    expect(calls).toEqual([]);
    // Company B sees its own Zelda, never A's.
    const other = await search("zelda", b);
    expect(other.matches.map((m) => m.email)).toEqual(["zelda.b@example.test"]);
  });

  it("synced, then an employment created at the API (no event tells the read model): found by its e-mail and by its name", async () => {
    await syncReadModel(a);
    // Created at the API by another client after the re-read: the read model cannot hold it until the
    // company's next re-read (the provider sends no event for a creation).
    const res = await gw.call("POST", "/v1/employments", {
      token: a.tokens.admin,
      body: {
        country_code: "PRT",
        type: "employee",
        basic_information: {
          ...exampleSection("PRT", "employment_basic_information", 0),
          name: "Quintana Newcomer",
          email: "quintana.newcomer@example.test",
        },
      },
    });
    expect(res.status).toBe(200);
    const { id } = ((await res.json()) as { data: { employment: { id: string } } }).data.employment;
    const scope = { kind: "company" as const, environment: "sandbox" as const, companyId: a.company.id };
    expect((await listReadModelEmployments(db, scope, { page: 1, page_size: 20, search: "quintana" })).total_count).toBe(0);

    // The exact e-mail: the read model has no row of it, so the API's `email` filter is asked (one request).
    calls = [];
    const byEmail = await search("Quintana.Newcomer@example.test");
    expect(byEmail).toMatchObject({ source: "readmodel+api", complete: true });
    expect(byEmail.syncedAt).not.toBeNull();
    expect(byEmail.matches).toEqual([
      { id, full_name: "Quintana Newcomer", job_title: expect.any(String), email: "quintana.newcomer@example.test" },
    ]);
    expect(calls).toEqual(["/v1/employments?page=1&page_size=100&email=Quintana.Newcomer%40example.test"]);

    // A part of the name, no match in the read model: the API's pages, bounded (2 here: 131 employments).
    calls = [];
    const byName = await search("newcomer");
    expect(byName).toMatchObject({ source: "readmodel+api", complete: true });
    expect(byName.matches.map((m) => m.id)).toEqual([id]);
    expect(calls.map((c) => new URL(c, "http://x").searchParams.get("page"))).toEqual(["1", "2"]);

    // Nothing anywhere: the same bounded walk, and an honest empty answer.
    calls = [];
    expect(await search("nobody-by-this-name")).toMatchObject({ matches: [], source: "readmodel+api", complete: true });
    expect(calls).toHaveLength(2);

    // A search the read model answers costs no API call, even while it lacks the newcomer.
    calls = [];
    expect(await search("zelda")).toMatchObject({ source: "readmodel", matches: [{ id: far.id }] });
    expect(calls).toEqual([]);

    // Another company's session never finds it (the read model's scope and the API's token are B's).
    await syncReadModel(b);
    expect((await search("quintana.newcomer@example.test", b)).matches).toEqual([]);
    expect((await search("newcomer", b)).matches).toEqual([]);
  });

  it("nothing typed: nothing read", async () => {
    expect(await search("   ")).toEqual({ matches: [], source: "none", complete: true, syncedAt: null });
    expect(calls).toEqual([]);
  });
});
