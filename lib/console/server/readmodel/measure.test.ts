import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "../db/client";
import { openConsoleDatabase } from "../db/client";
import { listReadModelEmployments, type ReadModelQuery, type ReadModelScope } from "../readmodel/query";
import { openPostgresConsoleDatabase } from "@/test-support/console/readmodel-postgres";

// Measures the query layer on 100k rows (1,000 companies × 100 employments), on PGlite and, when it
// answers, PostgreSQL: `READMODEL_MEASURE=1 npx vitest run lib/console/server/readmodel/measure.test.ts`.
// Not part of the default run (seeding takes a while); the figures are in
// docs/decisions/console-readmodel.md.

const enabled = process.env.READMODEL_MEASURE === "1";

async function seed(database: ConsoleDatabase) {
  const { db } = database;
  await db.execute(sql`TRUNCATE partner_grants, readmodel_employments`);
  await db.execute(sql`
    INSERT INTO partner_grants (id, environment, company_id, company_name, client_id, access_token_enc, refresh_token_enc, scopes, consented_at, status, status_changed_at, created_at, updated_at)
    SELECT 'g' || c, 'sandbox', 'company-' || lpad(c::text, 4, '0'), 'Company ' || c, 'client', 'x', 'x', '[]'::jsonb, now(), 'active', now(), now(), now()
    FROM generate_series(1, 1000) AS c`);
  const names = sql.raw(`ARRAY['Ana','Bruno','Chloé','Dmitri','Eve','Farah','Gus','Hana','Ivo','Jun','Kai','Lea']`);
  const lasts = sql.raw(`ARRAY['Silva','Meyer','Okafor','Ng','Zimmer','Alves','Brown','Costa','Novak','Sato']`);
  const statuses = sql.raw(`ARRAY['active','created','invited','pending','archived','offboarding']`);
  const titles = sql.raw(`ARRAY['Engineer','Designer','Accountant','Sales Lead','Nurse','Teacher','Analyst']`);
  const countries = sql.raw(`ARRAY['PRT','DEU','BRA','USA','FRA']`);
  await db.execute(sql`
    INSERT INTO readmodel_employments (environment, company_id, employment_id, company_name, short_id, full_name, job_title, personal_email, login_email, work_email, status, type, employment_model, lifecycle_stage, country_code, country_name, department, external_id, item, sync_run, synced_at)
    SELECT 'sandbox', 'company-' || lpad(c::text, 4, '0'), md5(c || ':' || i), 'Company ' || c, 'S' || i,
      (${names})[1 + (c * 7 + i) % 12] || ' ' || (${lasts})[1 + (c + i * 3) % 10] || ' ' || c || '-' || i,
      (${titles})[1 + (c + i) % 7],
      'p' || c || '.' || i || '@mail.example', 'p' || c || '.' || i || '@mail.example', NULL,
      (${statuses})[1 + (c + i) % 6], 'employee', 'eor', 'onboarding',
      (${countries})[1 + i % 5], (${countries})[1 + i % 5], 'Dept ' || (i % 9), 'EXT-' || c || '-' || i,
      '{}'::jsonb, 'run', now()
    FROM generate_series(1, 1000) AS c, generate_series(1, 100) AS i`);
  await db.execute(sql`ANALYZE readmodel_employments`);
  await db.execute(sql`ANALYZE partner_grants`);
}

async function time(database: ConsoleDatabase, scope: ReadModelScope, query: ReadModelQuery, runs = 7) {
  const samples: number[] = [];
  let total = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const page = await listReadModelEmployments(database.db, scope, query);
    samples.push(performance.now() - start);
    total = page.total_count;
  }
  samples.sort((a, b) => a - b);
  return { median: Math.round(samples[Math.floor(runs / 2)]!), max: Math.round(samples[runs - 1]!), total };
}

const CASES: [string, ReadModelScope, ReadModelQuery][] = [
  ["partner, by name, page 1", { kind: "partner", environment: "sandbox" }, { page: 1, page_size: 50, sort: "full_name" }],
  [
    "partner, by name desc, page 200",
    { kind: "partner", environment: "sandbox" },
    { page: 200, page_size: 50, sort: "full_name", order: "desc" },
  ],
  [
    "partner, by company, status filter",
    { kind: "partner", environment: "sandbox" },
    { page: 1, page_size: 50, sort: "company", status: ["active", "invited"] },
  ],
  [
    "partner, search 'okafor' + sort by job title",
    { kind: "partner", environment: "sandbox" },
    { page: 1, page_size: 50, sort: "job_title", search: "okafor" },
  ],
  ["partner, search e-mail 'p512.4'", { kind: "partner", environment: "sandbox" }, { page: 1, page_size: 50, search: "p512.4" }],
  [
    "partner, search + filters + sort",
    { kind: "partner", environment: "sandbox" },
    { page: 1, page_size: 50, sort: "country", order: "desc", status: ["active"], country: ["PRT", "DEU"], search: "ana" },
  ],
  [
    "company, by email",
    { kind: "company", environment: "sandbox", companyId: "company-0512" },
    { page: 1, page_size: 50, sort: "personal_email" },
  ],
];

async function measure(label: string, database: ConsoleDatabase) {
  const seedStart = performance.now();
  await seed(database);
  const lines = [`${label}: seeded 100k rows in ${Math.round(performance.now() - seedStart)} ms`];
  for (const [name, scope, query] of CASES) {
    const r = await time(database, scope, query);
    lines.push(`  ${name}: median ${r.median} ms, max ${r.max} ms (${r.total} rows)`);
  }
  console.log(lines.join("\n"));
  if (process.env.READMODEL_KEEP !== "1") await database.db.execute(sql`TRUNCATE partner_grants, readmodel_employments`);
}

describe.skipIf(!enabled)("read model queries on 100k rows", () => {
  it("PGlite", async () => {
    const database = await openConsoleDatabase({ kind: "pglite" });
    try {
      await measure("PGlite", database);
    } finally {
      await database.close();
    }
  }, 600_000);

  it("PostgreSQL", async (ctx) => {
    const database = await openPostgresConsoleDatabase();
    if (!database) return ctx.skip("no PostgreSQL");
    try {
      await measure("PostgreSQL", database);
    } finally {
      await database.close();
    }
    expect(true).toBe(true);
  }, 600_000);
});
