import { randomUUID } from "node:crypto";
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebhookDeliveryListResponseSchema, type WebhookDelivery } from "@/lib/contract";
import { openDatabase as openKitDatabase, runMigrations } from "@/lib/db-kit";
import { API_MIGRATIONS, MIGRATIONS_DIR } from "../../db/client";
import * as schema from "../../db/schema";
import { webhookDeliveries } from "../../db/schema";
import { createDispatcher } from "../../webhooks/dispatcher";
import { makeEmployment } from "@/test-support/gateway/factories";
import { createTestGateway, TEST_DB_KIND, type TestGateway } from "@/test-support/gateway/harness";
import { emitTestEvent, makeWebhookWorld, recordingSender, registerCallback } from "@/test-support/gateway/webhooks";

// GET /v1/webhook-deliveries?employment_id= (Roster-only) reads webhook_deliveries.employment_id
// (migration 0009: generated from the payload's employment_id or employment_slug, indexed): exactly
// the deliveries whose payload names the employment, in the unfiltered list's order, with another
// company's deliveries present; the column is filled for rows that existed before the migration; and
// on a log of realistic size the lookup reads the index, not every delivery.

let gw: TestGateway;
let w: Awaited<ReturnType<typeof makeWebhookWorld>>;
let a2: Awaited<ReturnType<typeof makeEmployment>>;

async function list(token: string, query: string): Promise<{ items: WebhookDelivery[]; total: number }> {
  const res = await gw.call("GET", `/v1/webhook-deliveries${query}`, { token });
  expect(res.status, query).toBe(200);
  const data = WebhookDeliveryListResponseSchema.parse(await res.json()).data;
  return { items: data.webhook_events, total: data.total_count };
}

const names = (d: WebhookDelivery, id: string) => {
  const p = d.payload as Record<string, unknown>;
  return p.employment_id === id || p.employment_slug === id;
};

beforeAll(async () => {
  gw = await createTestGateway();
  w = await makeWebhookWorld(gw);
  a2 = await makeEmployment(gw.deps.db, w.a.company.id);
  const all = { subscribe_to_all_events: true };
  await registerCallback(gw, w.a.tokens.admin, { url: "https://a.example.com/one", ...all });
  await registerCallback(gw, w.a.tokens.admin, { url: "https://a.example.com/two", ...all });
  await registerCallback(gw, w.b.tokens.admin, { url: "https://b.example.com/h", ...all });
  for (const type of ["employment.details.updated", "employment.administrative_details.updated", "payslip.released"] as const) {
    for (const e of [w.employmentA, a2, w.employmentB]) {
      gw.clock.advance(1000);
      await emitTestEvent(gw, e, type);
    }
  }
  await createDispatcher(gw.deps, { sender: recordingSender().sender }).drain();
}, 120_000);

describe("GET /v1/webhook-deliveries?employment_id=", () => {
  it("the deliveries naming the employment (employment_id or employment_slug), in the unfiltered order", async () => {
    const everything = (await list(w.a.tokens.admin, "?page_size=100")).items;
    const expected = everything.filter((d) => names(d, w.employmentA.id));
    // Two callbacks of company A × (details.updated with employment_id, administrative_details.updated with employment_slug).
    expect(expected.map((d) => d.event_type).sort()).toEqual([
      "employment.administrative_details.updated",
      "employment.administrative_details.updated",
      "employment.details.updated",
      "employment.details.updated",
    ]);
    const filtered = await list(w.a.tokens.admin, `?employment_id=${w.employmentA.id}&page_size=100`);
    expect(filtered.items).toEqual(expected);
    expect(filtered.total).toBe(4);
    // Pagination over the filter: the same pages as the filtered whole.
    const pages = [];
    for (const page of [1, 2, 3])
      pages.push(...(await list(w.a.tokens.admin, `?employment_id=${w.employmentA.id}&page_size=3&page=${page}`)).items);
    expect(pages).toEqual(expected);
    // Ordered by first triggered time both ways, as without the filter.
    for (const order of ["asc", "desc"]) {
      const ordered = (await list(w.a.tokens.admin, `?order=${order}&page_size=100`)).items.filter((d) => names(d, w.employmentA.id));
      expect((await list(w.a.tokens.admin, `?employment_id=${w.employmentA.id}&order=${order}&page_size=100`)).items).toEqual(ordered);
    }
  });

  it("with the other company's deliveries present: only the caller's, never another company's", async () => {
    const b = await list(w.b.tokens.admin, `?employment_id=${w.employmentB.id}&page_size=100`);
    expect(b.items).toHaveLength(2);
    expect(b.items.every((d) => d.company_id === w.b.company.id && names(d, w.employmentB.id))).toBe(true);
    expect((await list(w.a.tokens.admin, `?employment_id=${w.employmentB.id}`)).items).toEqual([]);
    expect((await list(w.b.tokens.admin, `?employment_id=${w.employmentA.id}`)).items).toEqual([]);
    expect((await list(w.a.tokens.admin, `?employment_id=${randomUUID()}`)).items).toEqual([]);
  });

  it("webhook_deliveries.employment_id is the payload's employment, null when it names none", async () => {
    const rows = await gw.deps.db.select().from(webhookDeliveries);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const named = (r.payload.employment_id ?? r.payload.employment_slug ?? null) as string | null;
      expect(r.employmentId, r.eventType).toBe(named);
    }
    expect(rows.filter((r) => r.eventType === "payslip.released").every((r) => r.employmentId === null)).toBe(true);
  });

  it.runIf(TEST_DB_KIND === "postgres")("reads the employment index on 20,000 deliveries of one callback (PostgreSQL)", async () => {
    const db = gw.deps.db;
    const [cb] = await db.select().from(schema.webhookCallbacks).where(eq(schema.webhookCallbacks.companyId, w.a.company.id)).limit(1);
    await db.execute(sql`
      INSERT INTO webhook_deliveries (id, event_id, callback_id, company_id, event_type, payload, status, created_at, updated_at)
      SELECT gen_random_uuid(), gen_random_uuid(), ${cb!.id}, ${w.a.company.id}, 'employment.details.updated',
        jsonb_build_object('employment_id', gen_random_uuid()::text, 'company_id', ${w.a.company.id}::text), 'delivered',
        now() - g * interval '1 second', now()
      FROM generate_series(1, 20000) AS g`);
    await db.execute(sql`VACUUM ANALYZE webhook_deliveries`);
    // The route's query (lib/gateway/services/webhooks-events.ts listWebhookEvents): visible callbacks, the filter, newest first.
    const res = (await db.execute(sql`EXPLAIN SELECT * FROM webhook_deliveries
      WHERE callback_id IN (SELECT id FROM webhook_callbacks WHERE company_id = ${w.a.company.id} AND deleted_at IS NULL)
        AND employment_id = ${w.employmentA.id}
      ORDER BY created_at DESC, id ASC LIMIT 50`)) as unknown as { rows: Record<string, string>[] };
    const plan = res.rows.map((r) => Object.values(r)[0]).join("\n");
    expect(plan).toContain("webhook_deliveries_employment_idx");
    expect(plan).not.toMatch(/Seq Scan on webhook_deliveries/);
    expect((await list(w.a.tokens.admin, `?employment_id=${w.employmentA.id}`)).total).toBe(4);
  });
});

describe("migration 0009 on existing deliveries", () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "roster-0009-"));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it("fills employment_id from the payloads of the rows written before it", async () => {
    for (const f of readdirSync(MIGRATIONS_DIR).filter((f) => /^000[0-8]_.*\.sql$/.test(f)))
      copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(tmp, f));
    const database = await openKitDatabase({ kind: "pglite" }, { schema, migrations: { ...API_MIGRATIONS, dir: tmp } });
    try {
      const db = database.db;
      const [callback, company, e1, e2] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await db.execute(sql`INSERT INTO webhook_callbacks (id, url, subscribed_events, signing_key_encrypted, created_at, updated_at)
        VALUES (${callback}, 'https://x.example.com/h', '[]'::jsonb, 'k', now(), now())`);
      const payloads = [{ employment_id: e1 }, { employment_slug: e2 }, { payslip_id: randomUUID() }];
      for (const p of payloads)
        await db.execute(sql`INSERT INTO webhook_deliveries (id, event_id, callback_id, company_id, event_type, payload, status, created_at, updated_at)
          VALUES (gen_random_uuid(), gen_random_uuid(), ${callback}, ${company}, 'x', ${JSON.stringify(p)}::jsonb, 'delivered', now(), now())`);
      expect(await runMigrations(db, API_MIGRATIONS)).toContain("0009_delivery_employment.sql");
      const rows = await db
        .select({ payload: webhookDeliveries.payload, employmentId: webhookDeliveries.employmentId })
        .from(webhookDeliveries);
      expect(new Set(rows.map((r) => r.employmentId))).toEqual(new Set([e1, e2, null]));
    } finally {
      await database.close();
    }
  });
});
