import { describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import {
  WebhookDeliveryListResponseSchema,
  WebhookEventResponseSchema,
  WebhookPayloadSchemas,
  type WebhookEventType,
} from "@/lib/contract";
import { verifyWebhookRequest } from "@/lib/webhooks-verify";
import { outboxEvents, webhookDeliveries, webhookDeliveryAttempts } from "../db/schema";
import { withdrawConsent } from "../oauth/grants";
import { createTestGateway } from "@/test-support/gateway/harness";
import { createDispatcher } from "./dispatcher";
import { RETRY_SCHEDULE_MS } from "./retry-schedule";
import { emitTestEvent, makeWebhookWorld, recordingSender, registerCallback } from "@/test-support/gateway/webhooks";

// The dispatcher in simulated time (ManualClock): routing of events to callbacks, what is sent,
// the whole retry schedule, leases after a kill, several dispatchers, deleted callbacks.

const HOOK = (name: string) => `https://hooks.example.com/${name}`;
const noJitter = () => 0.5;

describe("webhook dispatcher", () => {
  it("routes: a partner callback gets consented companies' events only; a company callback only its company's", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    const all = { subscribe_to_all_events: true };
    const companyA = await registerCallback(gw, w.a.tokens.admin, { url: HOOK("a"), ...all });
    const companyB = await registerCallback(gw, w.b.tokens.admin, { url: HOOK("b"), ...all });
    const partner = await registerCallback(gw, w.partnerToken, { url: HOOK("partner"), ...all });
    const partnerForA = await registerCallback(gw, w.grantA.token, { url: HOOK("partner-a"), ...all });
    const otherPartner = await registerCallback(gw, w.otherPartnerToken, { url: HOOK("other"), ...all });
    const onlyPayslips = await registerCallback(gw, w.a.tokens.admin, { url: HOOK("payslips"), subscribed_events: ["payslip.released"] });
    gw.clock.advance(1);

    const eventA = await emitTestEvent(gw, w.employmentA);
    const eventB = await emitTestEvent(gw, w.employmentB);
    const eventC = await emitTestEvent(gw, w.employmentC);
    const { sender, sent } = recordingSender();
    const dispatcher = createDispatcher(gw.deps, { sender, random: noJitter });
    const round = await dispatcher.drain();
    expect(round).toMatchObject({ fannedOut: 3, delivered: 5, failedAttempts: 0 });

    const got = (url: string) =>
      sent
        .filter((s) => s.url === url)
        .map((s) => s.headers["X-Service-Event-Id"])
        .sort();
    expect(got(HOOK("a"))).toEqual([eventA]);
    expect(got(HOOK("b"))).toEqual([eventB]);
    expect(got(HOOK("partner"))).toEqual([eventA, eventC].sort());
    expect(got(HOOK("partner-a"))).toEqual([eventA]);
    expect(got(HOOK("other"))).toEqual([]);
    expect(got(HOOK("payslips"))).toEqual([]);

    // Consent withdrawn: neither the partner's callback nor the one it registered for A hear from A,
    // not even what was already queued for them.
    const { sender: downSender } = recordingSender(() => 503);
    await emitTestEvent(gw, w.employmentA);
    await createDispatcher(gw.deps, { sender: downSender, random: noJitter }).drain();
    await withdrawConsent(gw.deps.db, { clientId: w.partner.id, companyId: w.a.company.id, now: gw.clock.now() });
    gw.clock.advance(10_000);
    sent.length = 0;
    await emitTestEvent(gw, w.employmentA);
    await emitTestEvent(gw, w.employmentA, "payslip.released");
    await dispatcher.drain();
    // A's own callback: the retry of the queued event, and the new one; the payslip subscriber.
    expect(sent.map((s) => s.url).sort()).toEqual([HOOK("a"), HOOK("a"), HOOK("a"), HOOK("payslips")]);
    const cancelled = await gw.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, "cancelled"));
    expect(cancelled.map((d) => [d.callbackId, d.lastError]).sort()).toEqual(
      [
        [partner.id, "consent withdrawn"],
        [partnerForA.id, "consent withdrawn"],
      ].sort(),
    );

    // A callback only hears events that happen after its registration.
    sent.length = 0;
    const earlier = await emitTestEvent(gw, w.employmentB);
    gw.clock.advance(1);
    await registerCallback(gw, w.b.tokens.admin, { url: HOOK("b-late"), ...all });
    await dispatcher.drain();
    expect(sent.map((s) => s.url)).toEqual([HOOK("b")]);
    expect(sent[0]!.headers["X-Service-Event-Id"]).toBe(earlier);
    void [companyA, companyB, partner, partnerForA, otherPartner, onlyPayslips];
  });

  it("sends the flat payload, signed, with the attempt's timestamp and a stable event id", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    const cb = await registerCallback(gw, w.a.tokens.admin, { url: HOOK("signed"), subscribe_to_all_events: true });
    gw.clock.advance(1);
    const eventId = await emitTestEvent(gw, w.employmentA, "employment.details.updated");
    let calls = 0;
    const { sender, sent } = recordingSender(() => (++calls <= 2 ? 500 : 200));
    const dispatcher = createDispatcher(gw.deps, { sender, random: noJitter });
    await dispatcher.drain(); // fails, and fails again at the immediate retry
    gw.clock.advance(5000);
    await dispatcher.drain();
    expect(sent).toHaveLength(3);
    for (const s of sent) {
      expect(s.headers).toMatchObject({ "Content-Type": "application/json", "X-Service-Event-Id": eventId });
      expect(JSON.parse(s.body)).toEqual({
        event_type: "employment.details.updated",
        employment_id: w.employmentA.id,
        company_id: w.a.company.id,
      });
      WebhookPayloadSchemas["employment.details.updated"].parse(JSON.parse(s.body));
      const verified = verifyWebhookRequest({
        headers: s.headers,
        rawBody: s.body,
        signingKey: cb.signingKey,
        now: gw.clock.now().getTime(),
      });
      expect(verified).toEqual({ ok: true, timestamp: Number(s.headers["X-Service-Timestamp"]), eventId });
      expect(
        verifyWebhookRequest({ headers: s.headers, rawBody: s.body, signingKey: "someone-else", now: gw.clock.now().getTime() }).ok,
      ).toBe(false);
      expect(s.timeoutMs).toBe(15_000);
    }
    // Each attempt is signed with its own timestamp.
    expect(Number(sent[2]!.headers["X-Service-Timestamp"]) - Number(sent[0]!.headers["X-Service-Timestamp"])).toBe(5000);
  });

  it("runs the whole retry schedule in simulated time, records every attempt, then marks the delivery failed; replay sends it again", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    await registerCallback(gw, w.a.tokens.admin, { url: HOOK("down"), subscribe_to_all_events: true });
    gw.clock.advance(1);
    const eventId = await emitTestEvent(gw, w.employmentA);
    let up = false;
    const attemptsAt: number[] = [];
    const { sender, sent } = recordingSender(() => {
      attemptsAt.push(gw.clock.now().getTime());
      return up ? 200 : attemptsAt.length % 2 ? 503 : new Error("connect ECONNREFUSED");
    });
    const dispatcher = createDispatcher(gw.deps, { sender, random: noJitter });
    const start = gw.clock.now().getTime();
    await dispatcher.drain(); // the first attempt, then the immediate retry
    expect(sent).toHaveLength(2);
    for (const delay of RETRY_SCHEDULE_MS.slice(1)) {
      gw.clock.advance(delay - 1);
      expect((await dispatcher.drain()).attempted, "nothing before the delay is over").toBe(0);
      gw.clock.advance(1);
      expect((await dispatcher.drain()).attempted).toBe(1);
    }
    gw.clock.advance(48 * 3600_000);
    expect((await dispatcher.drain()).attempted, "no attempt after the last retry").toBe(0);
    expect(sent).toHaveLength(RETRY_SCHEDULE_MS.length + 1);
    const gaps = attemptsAt.slice(1).map((t, i) => t - attemptsAt[i]!);
    expect(gaps).toEqual([...RETRY_SCHEDULE_MS]);
    expect(attemptsAt.at(-1)! - start).toBe(RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0));

    const [delivery] = await gw.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
    expect(delivery).toMatchObject({
      status: "failed",
      attempts: 9,
      nextAttemptAt: null,
      lockedBy: null,
      lastStatusCode: 503,
      lastError: "HTTP 503",
    });
    const attempts = await gw.deps.db.select().from(webhookDeliveryAttempts).where(eq(webhookDeliveryAttempts.deliveryId, delivery!.id));
    expect(attempts.map((a) => a.attemptNumber).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(attempts.every((a) => !a.success && (a.statusCode === 503 || a.error?.includes("ECONNREFUSED")))).toBe(true);

    // The delivery log shows it; replay queues it again with the same event id.
    const log = WebhookDeliveryListResponseSchema.parse(
      await (await gw.call("GET", "/v1/webhook-deliveries?successfully_delivered=false", { token: w.a.tokens.admin })).json(),
    );
    expect(log.data.webhook_events).toHaveLength(1);
    expect(log.data.webhook_events[0]).toMatchObject({
      id: delivery!.id,
      successfully_delivered: false,
      status: "failed",
      attempts: 9,
      event_id: eventId,
    });
    const shown = WebhookEventResponseSchema.parse(
      await (await gw.call("GET", `/v1/webhook-events/${delivery!.id}`, { token: w.a.tokens.admin })).json(),
    );
    expect(shown.data.webhook_event.attempt_log).toHaveLength(9);
    up = true;
    const replay = await gw.call("POST", "/v1/webhook-events/replay", { token: w.a.tokens.admin, body: { ids: [delivery!.id] } });
    expect(replay.status).toBe(200);
    await dispatcher.drain();
    expect(sent).toHaveLength(10);
    expect(sent.at(-1)!.headers["X-Service-Event-Id"]).toBe(eventId);
    const [after] = await gw.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id));
    expect(after).toMatchObject({ status: "delivered", attempts: 10 });
  });

  it("jitter spreads retries by at most ±10 %", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    await registerCallback(gw, w.a.tokens.admin, { url: HOOK("jitter"), subscribe_to_all_events: true });
    gw.clock.advance(1);
    for (let i = 0; i < 20; i++) await emitTestEvent(gw, w.employmentA);
    let r = 0;
    const randoms = [0, 0.999, 0.25, 0.75];
    const { sender } = recordingSender(() => 500);
    const dispatcher = createDispatcher(gw.deps, { sender, random: () => randoms[r++ % randoms.length]! });
    await dispatcher.drain(); // first attempts
    await dispatcher.drain(); // immediate retries
    const rows = await gw.deps.db.select().from(webhookDeliveries);
    const delays = rows.map((d) => d.nextAttemptAt!.getTime() - gw.clock.now().getTime());
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(4500);
    expect(Math.max(...delays)).toBeLessThanOrEqual(5500);
    expect(new Set(delays).size).toBeGreaterThan(1);
  });

  it("a killed dispatcher's claims come back after the lease; the event id stays the same", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    await registerCallback(gw, w.a.tokens.admin, { url: HOOK("lease"), subscribe_to_all_events: true });
    gw.clock.advance(1);
    const eventId = await emitTestEvent(gw, w.employmentA);
    // The first dispatcher's receiver hangs until the dispatcher dies.
    const hang = recordingSender(
      (req) => new Promise<number>((_, reject) => req.signal!.addEventListener("abort", () => reject(new Error("aborted")))),
    );
    const first = createDispatcher(gw.deps, { sender: hang.sender, leaseMs: 60_000, random: noJitter });
    const round = first.runOnce();
    await vi.waitFor(() => expect(hang.sent).toHaveLength(1));
    await first.kill();
    await round;
    const [claimed] = await gw.deps.db.select().from(webhookDeliveries);
    expect(claimed).toMatchObject({ status: "pending", lockedBy: first.id, attempts: 0 });

    const ok = recordingSender();
    const second = createDispatcher(gw.deps, { sender: ok.sender, random: noJitter });
    gw.clock.advance(59_999);
    expect((await second.drain()).attempted).toBe(0);
    gw.clock.advance(1);
    expect((await second.drain()).delivered).toBe(1);
    expect(ok.sent[0]!.headers["X-Service-Event-Id"]).toBe(eventId);
    const [done] = await gw.deps.db.select().from(webhookDeliveries);
    expect(done).toMatchObject({ status: "delivered", attempts: 1, lockedBy: null });
  });

  it(
    "an attempt still in flight when its lease runs out is not claimed again by its own dispatcher: one send, one attempt counted",
    { timeout: 120_000 },
    async () => {
      const gw = await createTestGateway();
      const w = await makeWebhookWorld(gw);
      await registerCallback(gw, w.a.tokens.admin, { url: HOOK("slow"), subscribe_to_all_events: true });
      gw.clock.advance(1);
      await emitTestEvent(gw, w.employmentA);
      // The first send stalls past the lease (a stalled event loop, a slow record), then fails.
      let release: (status: number) => void = () => undefined;
      const slow = recordingSender((_, index) => (index === 0 ? new Promise<number>((r) => (release = r)) : 500));
      const dispatcher = createDispatcher(gw.deps, { sender: slow.sender, leaseMs: 1_000, random: noJitter });
      const first = dispatcher.runOnce();
      await vi.waitFor(() => expect(slow.sent).toHaveLength(1));
      gw.clock.advance(5_000);
      expect((await dispatcher.runOnce()).attempted).toBe(0);
      expect(slow.sent).toHaveLength(1);
      release(500);
      expect(await first).toMatchObject({ attempted: 1, failedAttempts: 1 });
      const [row] = await gw.deps.db.select().from(webhookDeliveries);
      expect(row).toMatchObject({ status: "pending", attempts: 1, retryCount: 1, lockedBy: null });
    },
  );

  it("two dispatchers draining together deliver every event exactly once when receivers answer 2xx", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    await registerCallback(gw, w.a.tokens.admin, { url: HOOK("pair"), subscribe_to_all_events: true });
    gw.clock.advance(1);
    const ids = [];
    for (let i = 0; i < 60; i++) ids.push(await emitTestEvent(gw, w.employmentA));
    const { sender, sent } = recordingSender(async () => {
      await new Promise((r) => setTimeout(r, 1));
      return 200;
    });
    const one = createDispatcher(gw.deps, { sender, concurrency: 7, fanOutBatchSize: 13 });
    const two = createDispatcher(gw.deps, { sender, concurrency: 5, fanOutBatchSize: 11 });
    await Promise.all([one.drain(), two.drain()]);
    await one.drain();
    expect(sent.map((s) => s.headers["X-Service-Event-Id"]).sort()).toEqual(ids.sort());
    const dispatched = await gw.deps.db.select({ at: outboxEvents.dispatchedAt }).from(outboxEvents);
    expect(dispatched.every((d) => d.at !== null)).toBe(true);
  });

  it("a deleted callback gets nothing more: its pending deliveries are cancelled", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    const cb = await registerCallback(gw, w.a.tokens.admin, { url: HOOK("gone"), subscribe_to_all_events: true });
    gw.clock.advance(1);
    await emitTestEvent(gw, w.employmentA);
    const { sender, sent } = recordingSender(() => 500);
    const dispatcher = createDispatcher(gw.deps, { sender, random: noJitter });
    await dispatcher.drain();
    await dispatcher.drain();
    expect(sent).toHaveLength(2);
    expect((await gw.call("DELETE", `/v1/webhook-callbacks/${cb.id}`, { token: w.a.tokens.admin })).status).toBe(200);
    gw.clock.advance(3600_000);
    await emitTestEvent(gw, w.employmentA);
    await dispatcher.drain();
    expect(sent).toHaveLength(2);
    const rows = await gw.deps.db.select().from(webhookDeliveries);
    expect(rows.map((r) => r.status)).toEqual(["cancelled"]);
    // Still in the log, and not replayable.
    const res = await gw.call("POST", "/v1/webhook-events/replay", { token: w.a.tokens.admin, body: { ids: [rows[0]!.id] } });
    expect(res.status).toBe(422);
  });

  it.each(["employment.onboarding_task.completed", "payslip.released", "offboarding.review_started"] as WebhookEventType[])(
    "delivers %s with a payload its schema accepts",
    async (type) => {
      const gw = await createTestGateway();
      const w = await makeWebhookWorld(gw);
      await registerCallback(gw, w.a.tokens.admin, { url: HOOK("types"), subscribed_events: [type] });
      gw.clock.advance(1);
      await emitTestEvent(gw, w.employmentA, type);
      const { sender, sent } = recordingSender();
      await createDispatcher(gw.deps, { sender }).drain();
      expect(sent).toHaveLength(1);
      expect(WebhookPayloadSchemas[type].safeParse(JSON.parse(sent[0]!.body)).success).toBe(true);
    },
  );
});
