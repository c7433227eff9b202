import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ConsoleSession } from "../../session-types";
import { openConsoleDatabase, type ConsoleDatabase } from "../db/client";
import { READMODEL_PG_URL, openPostgresConsoleDatabase } from "@/test-support/console/readmodel-postgres";
import { csvStream } from "./csv";
import { partnerEmploymentsExport } from "./lists/employments";
import { partnerEmploymentsList } from "@/lib/console/partner/list";
import { selectColumns } from "./columns";

// Measures the partner's full export from the read model (1,000 companies × 100 employments, every
// column) on PostgreSQL and PGlite: `EXPORT_MEASURE=1 npx vitest run lib/console/server/export/measure.test.ts`.
// Not part of the default run; the figures are in docs/decisions/console-csv-export.md.

const enabled = process.env.EXPORT_MEASURE === "1";

async function seed({ db }: ConsoleDatabase) {
  await db.execute(sql`TRUNCATE partner_grants, readmodel_employments`);
  await db.execute(sql`
    INSERT INTO partner_grants (id, environment, company_id, company_name, client_id, access_token_enc, refresh_token_enc, scopes, consented_at, status, status_changed_at, created_at, updated_at)
    SELECT 'g' || c, 'sandbox', 'company-' || lpad(c::text, 4, '0'), 'Company ' || c, 'client', 'x', 'x', '[]'::jsonb, now(), 'active', now(), now(), now()
    FROM generate_series(1, 1000) AS c`);
  await db.execute(sql`
    INSERT INTO readmodel_employments (environment, company_id, employment_id, company_name, short_id, full_name, job_title, personal_email, login_email, work_email, status, type, employment_model, lifecycle_stage, country_code, country_name, department, external_id, item, sync_run, synced_at)
    SELECT 'sandbox', 'company-' || lpad(c::text, 4, '0'), md5(c || ':' || i), 'Company ' || c, 'S' || i, n, 'Engineer',
      'p' || c || '.' || i || '@mail.example', 'p' || c || '.' || i || '@mail.example', NULL, 'active', 'employee', 'eor', 'onboarding',
      'PRT', 'Portugal', 'Dept ' || (i % 9), 'EXT-' || c || '-' || i,
      jsonb_build_object('id', md5(c || ':' || i), 'full_name', n, 'personal_email', 'p' || c || '.' || i || '@mail.example',
        'job_title', 'Engineer', 'department', 'Dept ' || (i % 9), 'country', jsonb_build_object('code', 'PRT', 'alpha_2_code', 'PT', 'name', 'Portugal'),
        'type', 'employee', 'employment_model', 'eor', 'status', 'active', 'employment_lifecycle_stage', 'onboarding', 'external_id', 'EXT-' || c || '-' || i),
      'run', now()
    FROM generate_series(1, 1000) AS c, generate_series(1, 100) AS i, LATERAL (SELECT 'Zoë Ångström ' || c || '-' || i AS n) AS names`);
  await db.execute(sql`ANALYZE readmodel_employments`);
}

const operator: ConsoleSession = {
  id: "s",
  kind: "operator",
  operatorId: "op",
  environment: "sandbox",
  environments: ["sandbox"],
  user: { id: "op", name: "Op", email: "op@example.test" },
  company: null,
};

async function measure(label: string, database: ConsoleDatabase) {
  await seed(database);
  const start = performance.now();
  const state = partnerEmploymentsList.parse(new URLSearchParams());
  const source = await partnerEmploymentsExport.source({
    api: null,
    session: operator,
    db: database.db,
    state,
    signal: new AbortController().signal,
  });
  let bytes = 0;
  let lines = 0;
  const reader = csvStream({
    columns: selectColumns(partnerEmploymentsExport.columns, null),
    context: undefined,
    batches: source.batches,
  }).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const b of value) if (b === 10) lines++;
  }
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `${label}: ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s; heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`,
  );
  expect(lines - 1).toBe(source.total);
  await database.db.execute(sql`TRUNCATE partner_grants, readmodel_employments`);
}

describe.skipIf(!enabled)("the partner's full export on 100k rows", () => {
  it("PostgreSQL", async (ctx) => {
    const url = new URL(READMODEL_PG_URL);
    url.pathname = "/roster_console_export_measure";
    const database = await openPostgresConsoleDatabase(url.toString());
    if (!database) return ctx.skip("no PostgreSQL");
    try {
      await measure("PostgreSQL", database);
    } finally {
      await database.close();
    }
  }, 900_000);

  it("PGlite", async () => {
    const database = await openConsoleDatabase({ kind: "pglite" });
    try {
      await measure("PGlite", database);
    } finally {
      await database.close();
    }
  }, 900_000);
});
