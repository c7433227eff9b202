import { randomUUID } from "node:crypto";
import { and, desc, eq, like, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "@/lib/console/server/partner/audit";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { openPostgresConsoleDatabase, READMODEL_PG_URL } from "@/test-support/console/readmodel-postgres";
import type { ConsoleDatabase, ConsoleDb } from "../db/client";
import { consoleAuditLog } from "../db/schema";
import { employmentAuditQuery, listEmploymentAudit } from "./audit";

// The audit entries of one employment (migration 0007: GIN over the path's segments), on PGlite and on
// PostgreSQL: the same entries as the LIKE '%/{id}' / '%/{id}/%' query it replaced, and a plan that
// uses the index on a log of realistic size (one company with 20,000 entries: the company index alone
// would walk them all).

const E = randomUUID();
const OTHER = randomUUID();

/** Today's (before migration 0007) query, the reference the indexed one must agree with. */
function likeOnly(db: ConsoleDb, companyId: string, employmentId: string) {
  const id = employmentId.replace(/[\\%_]/g, (c) => `\\${c}`);
  const a = consoleAuditLog;
  return db
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.environment, "sandbox"), eq(a.companyId, companyId), or(like(a.path, `%/${id}`), like(a.path, `%/${id}/%`))))
    .orderBy(desc(a.at), desc(a.id));
}

const entry = (db: ConsoleDb, companyId: string, path: string, at: number, environment: "sandbox" | "production" = "sandbox") =>
  recordAudit(db, {
    id: `${String(at).padStart(4, "0")}-${path}`,
    environment,
    company: { id: companyId, name: "Company" },
    actor: { kind: "company_user", id: "u1", name: "Ada Admin", email: "ada@example.test" },
    method: "PATCH",
    path,
    status: 200,
    requestId: null,
    at: new Date(Date.UTC(2026, 0, 1) + at * 60_000),
  });

/** The plan of a query built by drizzle, its parameters inlined (test-only: they are ours). */
async function plan(db: ConsoleDb, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const inlined = text.replace(/\$(\d+)/g, (_, n: string) => {
    const v = params[Number(n) - 1];
    return typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
  const res = (await db.execute(sql.raw(`EXPLAIN ${inlined}`))) as unknown as { rows: Record<string, string>[] };
  return res.rows.map((r) => Object.values(r)[0]).join("\n");
}

const kinds: { name: string; open: () => Promise<ConsoleDatabase | null> }[] = [
  { name: "PGlite", open: () => getConsoleTestDatabase() },
  { name: "PostgreSQL", open: () => openPostgresConsoleDatabase() },
];

describe.each(kinds)("the audit entries of one employment ($name)", ({ name, open }) => {
  let database: ConsoleDatabase | null = null;
  const company = randomUUID();
  const paths = {
    // Named by a segment after a '/': found.
    found: [
      `v2/employments/${E}`,
      `v1/employments/${E}/invite`,
      `v1/employments/${E}/onboarding-tasks/address/reopen`,
      `v1/custom-fields/${randomUUID()}/values/${E}`,
    ],
    // Not found: ids of which E is a suffix or a prefix, another employment, E as the first segment.
    notFound: [`v2/employments/1${E}`, `v2/employments/${E}1`, `v1/employments/${E}1/invite`, `v2/employments/${OTHER}`, `${E}/x`],
  };

  beforeAll(async () => {
    database = await open();
    if (!database) return;
    const db = database.db;
    let at = 0;
    for (const p of [...paths.found, ...paths.notFound]) await entry(db, company, p, at++);
    // The same employment in another company and in the other environment: never found.
    await entry(db, randomUUID(), `v2/employments/${E}`, at++);
    await entry(db, company, `v2/employments/${E}`, at++, "production");
  }, 120_000);

  afterAll(async () => {
    if (database?.kind === "postgres") {
      await database.db.delete(consoleAuditLog).where(eq(consoleAuditLog.companyId, company));
      await database.close();
    }
  });

  it("finds exactly the entries naming the id as a segment, as the LIKE query did, newest first", async (ctx) => {
    if (!database) return ctx.skip(`${name}: no PostgreSQL answers at ${READMODEL_PG_URL}`);
    const db = database.db;
    const found = await listEmploymentAudit(db, { environment: "sandbox", companyId: company, employmentId: E, limit: 50 });
    expect(found.map((r) => r.path)).toEqual([...paths.found].reverse());
    expect(found.map((r) => r.id)).toEqual((await likeOnly(db, company, E)).map((r) => r.id));
    for (const [id, n] of [
      [`1${E}`, 1],
      [`${E}1`, 2],
      [OTHER, 1],
    ] as const) {
      const mine = await listEmploymentAudit(db, { environment: "sandbox", companyId: company, employmentId: id, limit: 50 });
      expect(
        mine.map((r) => r.id),
        id,
      ).toEqual((await likeOnly(db, company, id)).map((r) => r.id));
      expect(mine, id).toHaveLength(n);
    }
    // A part of an id, LIKE's wildcards, or an id with a '/': nothing.
    for (const id of [E.slice(1), E.slice(0, -1), "%", "_", `employments/${E}`]) {
      expect(await listEmploymentAudit(db, { environment: "sandbox", companyId: company, employmentId: id, limit: 50 }), id).toEqual([]);
    }
  });

  it("reads the path index, not the whole log, on 20,000 entries of one company", async (ctx) => {
    if (!database) return ctx.skip(`${name}: no PostgreSQL answers at ${READMODEL_PG_URL}`);
    const db = database.db;
    await db.execute(sql`
      INSERT INTO console_audit_log (id, at, environment, company_id, company_name, actor, method, path, status)
      SELECT 'bulk-' || g, now() - g * interval '1 minute', 'sandbox', ${company}, 'Company', '{"kind":"company_user","id":"u1"}'::jsonb,
        'PATCH', CASE WHEN g % 2 = 0 THEN 'v2/employments/' || gen_random_uuid() ELSE 'v1/employments/' || gen_random_uuid() || '/invite' END, 200
      FROM generate_series(1, 20000) AS g`);
    // As autovacuum leaves it (VACUUM also moves GIN's pending entries into the index proper).
    await db.execute(sql`VACUUM ANALYZE console_audit_log`);
    const text = await plan(db, employmentAuditQuery(db, { environment: "sandbox", companyId: company, employmentId: E, limit: 50 }));
    expect(text).toContain("console_audit_log_path_segments_idx");
    expect(text).not.toMatch(/Seq Scan/);
    // The same answer with the bulk rows present.
    const found = await listEmploymentAudit(db, { environment: "sandbox", companyId: company, employmentId: E, limit: 50 });
    expect(found.map((r) => r.path)).toEqual([...paths.found].reverse());
  });
});
