import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  ReplayWebhookEventsResponseSchema,
  WebhookDeliveryListResponseSchema,
  WebhookEventListResponseSchema,
  WebhookEventResponseSchema,
  type WebhookDelivery,
} from "@/lib/contract";
import { webhookDeliveries } from "../../db/schema";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { createDispatcher } from "../../webhooks/dispatcher";
import { emitTestEvent, makeWebhookWorld, recordingSender, registerCallback } from "@/test-support/gateway/webhooks";

// GET /v1/webhook-events (the provider's fields), GET /v1/webhook-deliveries (Roster-only: with the
// delivery state), GET /v1/webhook-events/{id}, POST /v1/webhook-events/replay: statuses, filters,
// and that nobody sees (or replays) another's deliveries.

let gw: TestGateway;
let w: Awaited<ReturnType<typeof makeWebhookWorld>>;
const ids = { a: "", b: "", partner: "", grantA: "" };
let events: { a: string; b: string; c: string; aPayslip: string };

/** The delivery log with each delivery's state (Roster-only GET /v1/webhook-deliveries). */
async function list(token: string, query = ""): Promise<{ status: number; items: WebhookDelivery[]; body: unknown }> {
  const res = await gw.call("GET", `/v1/webhook-deliveries${query}`, { token });
  const body = await res.json();
  return { status: res.status, items: res.status === 200 ? WebhookDeliveryListResponseSchema.parse(body).data.webhook_events : [], body };
}

beforeAll(async () => {
  gw = await createTestGateway();
  w = await makeWebhookWorld(gw);
  const all = { subscribe_to_all_events: true };
  ids.a = (await registerCallback(gw, w.a.tokens.admin, { url: "https://a.example.com/h", ...all })).id;
  ids.b = (await registerCallback(gw, w.b.tokens.admin, { url: "https://b.example.com/h", ...all })).id;
  ids.partner = (await registerCallback(gw, w.partnerToken, { url: "https://partner.example.com/h", ...all })).id;
  ids.grantA = (await registerCallback(gw, w.grantA.token, { url: "https://partner.example.com/a", ...all })).id;
  gw.clock.advance(1);
  events = {
    a: await emitTestEvent(gw, w.employmentA, "employment.details.updated"),
    b: await emitTestEvent(gw, w.employmentB, "employment.details.updated"),
    c: await emitTestEvent(gw, w.employmentC, "employment.details.updated"),
    aPayslip: await emitTestEvent(gw, w.employmentA, "payslip.released"),
  };
  // b.example.com is down: its deliveries stay pending (retrying).
  const { sender } = recordingSender((req) => (req.url.startsWith("https://b.") ? 503 : 200));
  await createDispatcher(gw.deps, { sender }).drain();
});

describe("GET /v1/webhook-events (the provider's WebhookEvent)", () => {
  it("200: the same log, with the provider's fields only", async () => {
    const res = await gw.call("GET", "/v1/webhook-events", { token: w.a.tokens.admin });
    expect(res.status).toBe(200);
    const page = WebhookEventListResponseSchema.parse(await res.json()).data;
    expect(page).toMatchObject({ current_page: 1, total_count: 4, total_pages: 1 });
    const detailed = (await list(w.a.tokens.admin)).items;
    expect(page.webhook_events.map((e) => e.id)).toEqual(detailed.map((d) => d.id));
    for (const e of page.webhook_events)
      expect(Object.keys(e).sort()).toEqual([
        "company_id",
        "event_type",
        "first_triggered_at",
        "id",
        "last_triggered_at",
        "successfully_delivered",
      ]);
  });

  it("the provider's filters: before / after (first triggered), order by first_triggered_at", async () => {
    const get = async (q: string) => {
      const res = await gw.call("GET", `/v1/webhook-events${q}`, { token: w.a.tokens.admin });
      expect(res.status, q).toBe(200);
      return WebhookEventListResponseSchema.parse(await res.json()).data.webhook_events;
    };
    const all = await get("?order=asc&sort_by=first_triggered_at");
    expect(all).toHaveLength(4);
    const times = all.map((e) => e.first_triggered_at);
    expect([...times].sort()).toEqual(times);
    expect((await get("?order=desc")).map((e) => e.first_triggered_at)).toEqual([...times].reverse());
    const earliest = new Date(Date.parse(times[0]!) - 1000).toISOString();
    const latest = new Date(Date.parse(times[times.length - 1]!) + 1000).toISOString();
    expect(await get(`?before=${earliest}`)).toEqual([]);
    expect(await get(`?after=${latest}`)).toEqual([]);
    expect(await get(`?after=${earliest}&before=${latest}`)).toHaveLength(4);
    for (const q of ["?before=yesterday", "?order=up", "?sort_by=id"])
      expect((await gw.call("GET", `/v1/webhook-events${q}`, { token: w.a.tokens.admin })).status, q).toBe(400);
  });
});

describe("GET /v1/webhook-deliveries (Roster-only: the delivery state for the console's inspector)", () => {
  it("200: the company's deliveries only, with the provider's fields and the delivery state", async () => {
    const a = await list(w.a.tokens.admin);
    expect(a.status).toBe(200);
    // Company A's token: its own callback and the one its partner registered for it (2 events each).
    expect(a.items.map((i) => i.webhook_callback_id).sort()).toEqual([ids.a, ids.a, ids.grantA, ids.grantA].sort());
    const item = a.items.find((i) => i.webhook_callback_id === ids.a && i.event_id === events.a)!;
    expect(item).toMatchObject({
      company_id: w.a.company.id,
      event_type: "employment.details.updated",
      successfully_delivered: true,
      status: "delivered",
      attempts: 1,
      last_status_code: 200,
      payload: { event_type: "employment.details.updated", employment_id: w.employmentA.id, company_id: w.a.company.id },
    });
    expect(item.first_triggered_at).toBe(item.last_triggered_at);
    expect((a.body as { data: Record<string, unknown> }).data).toMatchObject({ current_page: 1, total_count: 4, total_pages: 1 });

    const b = await list(w.b.tokens.admin);
    expect(b.items.map((i) => [i.webhook_callback_id, i.event_id, i.successfully_delivered, i.status])).toEqual([
      [ids.b, events.b, false, "pending"],
    ]);
  });

  it("a partner sees its callbacks' deliveries (consented companies A and C), a user grant only its company's", async () => {
    const partner = await list(w.partnerToken);
    expect(
      partner.items
        .filter((i) => i.webhook_callback_id === ids.partner)
        .map((i) => i.event_id)
        .sort(),
    ).toEqual([events.a, events.c, events.aPayslip].sort());
    expect(partner.items.every((i) => i.company_id !== w.b.company.id)).toBe(true);
    const grant = await list(w.grantA.token);
    expect(grant.items.map((i) => i.webhook_callback_id)).toEqual([ids.grantA, ids.grantA]);
    expect((await list(w.otherPartnerToken)).items).toEqual([]);
    expect((await list(w.c.tokens.admin)).items).toEqual([]);
  });

  it("filters: event_type, successfully_delivered, company_id, pagination", async () => {
    expect((await list(w.a.tokens.admin, "?event_type=payslip.released")).items.map((i) => i.event_id)).toEqual([
      events.aPayslip,
      events.aPayslip,
    ]);
    expect((await list(w.a.tokens.admin, "?successfully_delivered=false")).items).toEqual([]);
    expect((await list(w.b.tokens.admin, "?successfully_delivered=false")).items).toHaveLength(1);
    expect((await list(w.b.tokens.admin, "?successfully_delivered=true")).items).toHaveLength(0);
    expect((await list(w.partnerToken, `?company_id=${w.c.company.id}`)).items.map((i) => i.event_id)).toEqual([events.c]);
    // Another company's id as a filter only narrows what the caller could see anyway.
    expect((await list(w.a.tokens.admin, `?company_id=${w.b.company.id}`)).items).toEqual([]);
    const page2 = await list(w.a.tokens.admin, "?page=2&page_size=3");
    expect(page2.items).toHaveLength(1);
    expect((page2.body as { data: Record<string, unknown> }).data).toMatchObject({ current_page: 2, total_count: 4, total_pages: 2 });
  });

  it("employment_id (Roster-only): the deliveries whose payload names that employment", async () => {
    // Employment A's details event went to A's two callbacks; its payslip event names only the payslip.
    expect((await list(w.a.tokens.admin, `?employment_id=${w.employmentA.id}`)).items.map((i) => i.event_id)).toEqual([events.a, events.a]);
    // Another company's employment: nothing the caller could not see anyway.
    expect((await list(w.a.tokens.admin, `?employment_id=${w.employmentB.id}`)).items).toEqual([]);
    expect((await list(w.b.tokens.admin, `?employment_id=${w.employmentB.id}`)).items.map((i) => i.event_id)).toEqual([events.b]);
    expect((await list(w.a.tokens.admin, "?employment_id=nope")).status).toBe(400);
  });

  it("400 / 401 / 403", async () => {
    // A provider type Roster never emits is a valid filter that matches nothing.
    expect((await list(w.a.tokens.admin, "?event_type=timeoff.approved")).items).toEqual([]);
    for (const q of ["?event_type=timeoff.nope", "?successfully_delivered=maybe", "?company_id=nope", "?page_size=0", "?page=x"]) {
      expect((await list(w.a.tokens.admin, q)).status, q).toBe(400);
    }
    expect((await gw.call("GET", "/v1/webhook-deliveries")).status).toBe(401);
    expect((await gw.call("GET", "/v1/webhook-events")).status).toBe(401);
    expect((await list(w.noWebhookScopeA)).status).toBe(403);
    expect((await list(w.readOnlyA)).status).toBe(200);
  });
});

describe("GET /v1/webhook-events/{id}", () => {
  it("200 with every attempt; 404 for another company's, 401, 403", async () => {
    const [b] = (await list(w.b.tokens.admin)).items;
    const res = await gw.call("GET", `/v1/webhook-events/${b!.id}`, { token: w.b.tokens.admin });
    expect(res.status).toBe(200);
    const shown = WebhookEventResponseSchema.parse(await res.json()).data.webhook_event;
    expect(shown.attempt_log.length).toBeGreaterThanOrEqual(1);
    expect(shown.attempt_log[0]).toMatchObject({ attempt_number: 1, status_code: 503, success: false });
    for (const token of [w.a.tokens.admin, w.partnerToken, w.grantA.token, w.otherPartnerToken]) {
      expect((await gw.call("GET", `/v1/webhook-events/${b!.id}`, { token })).status).toBe(404);
    }
    expect((await gw.call("GET", `/v1/webhook-events/not-a-uuid`, { token: w.b.tokens.admin })).status).toBe(404);
    expect((await gw.call("GET", `/v1/webhook-events/${b!.id}`)).status).toBe(401);
    expect((await gw.call("GET", `/v1/webhook-events/${b!.id}`, { token: w.noWebhookScopeA })).status).toBe(403);
  });
});

describe("POST /v1/webhook-events/replay", () => {
  it("200: queues the deliveries again now, same event id", async () => {
    const items = (await list(w.a.tokens.admin, "?event_type=payslip.released")).items.filter((i) => i.webhook_callback_id === ids.a);
    gw.clock.advance(60_000);
    const res = await gw.call("POST", "/v1/webhook-events/replay", { token: w.a.tokens.admin, body: { ids: items.map((i) => i.id) } });
    expect(res.status).toBe(200);
    // The provider's SuccessResponse; the log shows the delivery pending again, same event id.
    expect(ReplayWebhookEventsResponseSchema.parse(await res.json())).toEqual({ data: { status: "ok" } });
    const replayed = (await list(w.a.tokens.admin, "?event_type=payslip.released")).items.filter((i) => i.id === items[0]!.id);
    expect(replayed.map((i) => [i.id, i.event_id, i.status, i.successfully_delivered])).toEqual([
      [items[0]!.id, events.aPayslip, "pending", false],
    ]);
    const { sender, sent } = recordingSender();
    await createDispatcher(gw.deps, { sender }).drain();
    // (b.example.com's retry is due too by now; only A's callback got the replayed event)
    expect(sent.filter((s) => !s.url.startsWith("https://b.")).map((s) => [s.url, s.headers["X-Service-Event-Id"]])).toEqual([
      ["https://a.example.com/h", events.aPayslip],
    ]);
    const [row] = await gw.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, items[0]!.id));
    expect(row).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("404 for ids the caller cannot see (and nothing is replayed); 400 / 401 / 403 / 422", async () => {
    const [b] = (await list(w.b.tokens.admin)).items;
    const [a] = (await list(w.a.tokens.admin)).items;
    const replay = (token: string, body: unknown) => gw.call("POST", "/v1/webhook-events/replay", { token, body });
    const before = await gw.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, a!.id));
    const mixed = await replay(w.a.tokens.admin, { ids: [a!.id, b!.id] });
    expect(mixed.status).toBe(404);
    expect(JSON.stringify(await mixed.json())).toContain(b!.id);
    const after = await gw.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, a!.id));
    expect(after).toEqual(before);
    expect((await replay(w.partnerToken, { ids: [b!.id] })).status).toBe(404);
    expect((await replay(w.a.tokens.admin, { ids: [crypto.randomUUID()] })).status).toBe(404);
    expect((await replay(w.a.tokens.admin, { ids: ["junk"] })).status).toBe(404);
    expect((await replay(w.a.tokens.admin, { ids: [a!.id], force: true })).status).toBe(400);
    expect((await gw.call("POST", "/v1/webhook-events/replay", { body: { ids: [a!.id] } })).status).toBe(401);
    expect((await replay(w.readOnlyA, { ids: [a!.id] })).status).toBe(403);
    expect((await replay(w.a.tokens.peopleManager, { ids: [a!.id] })).status).toBe(403);
    expect((await replay(w.a.tokens.admin, { ids: [] })).status).toBe(422);
    expect((await replay(w.a.tokens.admin, { ids: Array.from({ length: 101 }, () => crypto.randomUUID()) })).status).toBe(422);
    expect((await replay(w.a.tokens.admin, {})).status).toBe(422);
    // A window needs both ends, and is not mixed with ids.
    expect((await replay(w.a.tokens.admin, { after: "2026-01-01T00:00:00Z" })).status).toBe(422);
    expect((await replay(w.a.tokens.admin, { ids: [a!.id], before: "2026-01-01T00:00:00Z", after: "2025-01-01T00:00:00Z" })).status).toBe(
      422,
    );
  });

  it("the provider's window form: replays the caller's deliveries first triggered between after and before, with the filters", async () => {
    const mine = (await list(w.b.tokens.admin)).items;
    const times = mine.map((i) => Date.parse(i.first_triggered_at));
    const after = new Date(Math.min(...times) - 1000).toISOString();
    const before = new Date(Math.max(...times) + 1000).toISOString();
    await gw.deps.db.update(webhookDeliveries).set({ status: "failed" }).where(eq(webhookDeliveries.id, mine[0]!.id));
    const res = await gw.call("POST", "/v1/webhook-events/replay", {
      token: w.b.tokens.admin,
      body: { after, before, event_type: "employment.details.updated", successfully_delivered: false },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ data: { status: "ok" } });
    expect((await list(w.b.tokens.admin)).items.map((i) => i.status)).toEqual(["pending"]);
    // Only the caller's: company A's deliveries in the same window are untouched.
    const aBefore = (await list(w.a.tokens.admin)).items.map((i) => i.status);
    expect(aBefore.every((s) => s === "delivered" || s === "pending")).toBe(true);
  });
});
