import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { employments } from "../db/schema";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeEmployment, makeTenant } from "@/test-support/gateway/factories";
import { ANCHOR_EVERY, ANCHOR_FROM_OFFSET } from "./page-anchors";

// Deep pages from anchors and total_count from employment_counts give the same answers as OFFSET
// and count(*) (docs/decisions/bench-api-scale.md).

const N = ANCHOR_FROM_OFFSET + 3 * ANCHOR_EVERY + 37;
let gw: TestGateway;
let t: Awaited<ReturnType<typeof makeTenant>>;

type ListBody = { data: { employments: { id: string }[]; total_count: number; total_pages: number; current_page: number } };
const list = async (query: string) => {
  const res = await gw.call("GET", `/v1/employments?${query}`, { token: t.tokens.owner });
  expect(res.status).toBe(200);
  return ((await res.json()) as ListBody).data;
};

/** The expected page, by OFFSET over the same order. */
async function expected(where: string, page: number, size: number): Promise<string[]> {
  const result = await gw.deps.db.execute(
    sql.raw(
      `SELECT id::text AS id FROM employments WHERE company_id = '${t.company.id}' AND ${where} ORDER BY created_at, id LIMIT ${size} OFFSET ${(page - 1) * size}`,
    ),
  );
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

beforeAll(async () => {
  gw = await createTestGateway();
  t = await makeTenant(gw.deps.db, "sandbox");
  const source = await makeEmployment(gw.deps.db, t.company.id);
  // Bulk: copies of one row, with ties on created_at (same second for runs of 7) to exercise the id tiebreak.
  await gw.deps.db.execute(sql`
    INSERT INTO employments (id, short_id, company_id, type, employment_model, status, employment_lifecycle_stage, full_name, job_title,
      country_code, department_id, external_id, work_address_details, personal_email, login_email, work_email, onboarding_tasks, created_at, updated_at)
    SELECT gen_random_uuid(), 'T' || g, company_id, CASE WHEN g % 3 = 0 THEN 'contractor' ELSE 'employee' END, employment_model,
      CASE WHEN g % 5 = 0 THEN 'active' WHEN g % 11 = 0 THEN 'deleted' ELSE status END, employment_lifecycle_stage, full_name, job_title,
      country_code, department_id, external_id, work_address_details,
      'p' || g || '@anchors.example', 'p' || g || '@anchors.example', 'w' || g || '@anchors.example', onboarding_tasks,
      created_at + ((g / 7) || ' seconds')::interval, updated_at
    FROM employments, generate_series(1, ${N - 1}) AS g WHERE id = ${source.id}`);
});

describe("GET /v1/employments on a large company", () => {
  it("every page, shallow and deep, is the page OFFSET gives", async () => {
    const size = 50;
    const first = await list(`page=1&page_size=${size}`);
    const total = first.total_count;
    const pages = Math.ceil(total / size);
    expect(first.total_pages).toBe(pages);
    for (const page of [
      1,
      2,
      Math.floor(ANCHOR_FROM_OFFSET / size),
      Math.floor(ANCHOR_FROM_OFFSET / size) + 1,
      pages - 3,
      pages - 1,
      pages,
      pages + 1,
    ]) {
      const got = (await list(`page=${page}&page_size=${size}`)).employments.map((e) => e.id);
      expect(got, `page ${page}`).toEqual(await expected("status <> 'deleted'", page, size));
    }
  });

  it("filters: deep pages and total_count match count(*)", async () => {
    const cases: Array<[string, string]> = [
      ["status=active", "status = 'active'"],
      ["employment_type=contractor", "type = 'contractor' AND status <> 'deleted'"],
      ["status=active,deleted", "status IN ('active', 'deleted')"],
    ];
    for (const [query, where] of cases) {
      const counted = await gw.deps.db.execute(
        sql.raw(`SELECT count(*)::int AS n FROM employments WHERE company_id = '${t.company.id}' AND ${where}`),
      );
      const n = (counted as unknown as { rows: { n: number }[] }).rows[0]!.n;
      const size = 20;
      const first = await list(`${query}&page=1&page_size=${size}`);
      expect(first.total_count, query).toBe(n);
      const last = Math.ceil(n / size);
      for (const page of [last, Math.max(1, last - 1), Math.ceil(last / 2)]) {
        expect(
          (await list(`${query}&page=${page}&page_size=${size}`)).employments.map((e) => e.id),
          `${query} page ${page}`,
        ).toEqual(await expected(where, page, size));
      }
    }
  });

  it("total_count and deep pages follow writes (insert, status change, delete)", async () => {
    const before = (await list("page=1&page_size=10")).total_count;
    const deep = Math.ceil(before / 10);
    await list(`page=${deep}&page_size=10`);
    const added = await makeEmployment(gw.deps.db, t.company.id, { createdAt: new Date("2100-01-01T00:00:00Z") });
    expect((await list("page=1&page_size=10")).total_count).toBe(before + 1);
    const lastPage = Math.ceil((before + 1) / 10);
    expect((await list(`page=${lastPage}&page_size=10`)).employments.map((e) => e.id)).toContain(added.id);
    await gw.deps.db.update(employments).set({ status: "deleted" }).where(eq(employments.id, added.id));
    expect((await list("page=1&page_size=10")).total_count).toBe(before);
    await gw.deps.db.delete(employments).where(eq(employments.id, added.id));
    expect((await list("page=1&page_size=10")).total_count).toBe(before);
    expect((await list(`page=${deep}&page_size=10`)).employments.map((e) => e.id)).toEqual(await expected("status <> 'deleted'", deep, 10));
  });
});
