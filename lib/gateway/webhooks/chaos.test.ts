import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fork, type ChildProcess } from "node:child_process";
import type { IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { count, eq, isNull } from "drizzle-orm";
import { verifyWebhookRequest } from "@/lib/webhooks-verify";
import { systemClock } from "../clock";
import { outboxEvents, webhookDeliveries, webhookDeliveryAttempts } from "../db/schema";
import { emitEvent } from "../services/outbox";
import { TEST_DB_KIND, createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { createDispatcher, type Dispatcher } from "./dispatcher";
import { hashSeed } from "../seed/prng";
import { makeWebhookWorld, registerCallback } from "@/test-support/gateway/webhooks";

// Chaos, bounded and on loopback: 1,000 events to a receiver (node:http on 127.0.0.1:0, in a child
// process: chaos-receiver.mjs) that answers 500 to 30 % of attempts and stalls on 5 % past the
// sender's timeout (seeded PRNG), while the dispatcher is killed mid-batch (attempts in flight
// aborted, their claims left behind) and restarted 3 times. Expected: nothing lost, every event
// acknowledged at least once, duplicates identified by their event id, every signature valid.
// PGlite by default; PostgreSQL with TEST_DB=postgres. Real time, compressed: 200 ms timeout, 1 s
// lease, backoff in milliseconds.

const EVENTS = 1000;
const FAIL_RATE = 0.3;
const STALL_RATE = 0.05;
const TIMEOUT_MS = 200;
const STALL_MS = TIMEOUT_MS + 150;
const LEASE_MS = 1000;
const SCHEDULE = [0, 10, 20, 50, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100];
const KILL_AFTER_ACKS = [150, 400, 700];
const DEADLINE_MS = 45_000;

interface ReceivedRequest {
  outcome: "ok" | "fail" | "stall";
  headers: IncomingHttpHeaders;
  body: string;
}

let gw: TestGateway;
let world: Awaited<ReturnType<typeof makeWebhookWorld>>;
let receiver: ChildProcess;
let receiverUrl: string;
let onRequest: (r: ReceivedRequest) => void = () => undefined;

beforeAll(async () => {
  gw = await createTestGateway({ clock: systemClock, config: { mode: "local" } });
  world = await makeWebhookWorld(gw);
  receiver = fork(
    path.join(import.meta.dirname, "chaos-receiver.mjs"),
    [String(hashSeed("webhook-chaos")), String(FAIL_RATE), String(STALL_RATE), String(STALL_MS)],
    {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    receiver.once("error", reject);
    receiver.on("message", (m: { type: string; port?: number } & ReceivedRequest) => {
      if (m.type === "listening") resolve(m.port!);
      else if (m.type === "request") onRequest(m);
    });
  });
  receiverUrl = `http://127.0.0.1:${port}/hooks/roster`;
});

afterAll(() => {
  if (receiver.connected) receiver.send("stop");
});

describe(`webhook chaos (${TEST_DB_KIND})`, () => {
  it(`delivers ${EVENTS} events through failures, stalls and 3 dispatcher kills`, { timeout: 60_000 }, async () => {
    const { signingKey } = await registerCallback(gw, world.a.tokens.admin, { url: receiverUrl, subscribe_to_all_events: true });
    await new Promise((r) => setTimeout(r, 2)); // events strictly after the registration

    const stats = { requests: 0, failuresInjected: 0, stallsInjected: 0, badSignatures: 0 };
    const acknowledged = new Map<string, number>();
    const bodies = new Map<string, Set<string>>();
    const started = performance.now();
    const dispatchers: Dispatcher[] = [];
    const kills: { afterAcks: number; inFlight: number; atMs: number }[] = [];
    const startOne = () => {
      const d = createDispatcher(gw.deps, {
        id: `chaos-${dispatchers.length + 1}`,
        timeoutMs: TIMEOUT_MS,
        leaseMs: LEASE_MS,
        schedule: SCHEDULE,
        pollIntervalMs: 20,
        concurrency: 24,
        fanOutBatchSize: 100,
      });
      d.start();
      dispatchers.push(d);
      return d;
    };
    let current = startOne();
    const pendingKills = [...KILL_AFTER_ACKS];
    let killing: Promise<void> = Promise.resolve();

    onRequest = ({ outcome, headers, body }) => {
      stats.requests++;
      const verified = verifyWebhookRequest({ headers, rawBody: body, signingKey });
      if (!verified.ok || !verified.eventId) {
        stats.badSignatures++;
        return;
      }
      const copies = bodies.get(verified.eventId) ?? new Set<string>();
      copies.add(body);
      bodies.set(verified.eventId, copies);
      if (outcome === "fail") stats.failuresInjected++;
      else {
        // Answered 200: at once ("ok"), or after the sender's deadline ("stall": the sender normally
        // gives up and retries, a duplicate; on a stalled event loop it may still read the late 200).
        if (outcome === "stall") stats.stallsInjected++;
        acknowledged.set(verified.eventId, (acknowledged.get(verified.eventId) ?? 0) + 1);
      }
      // Kill mid-batch: only while the dispatcher has attempts in flight (claimed, not recorded).
      const victim = current;
      if (pendingKills.length > 0 && acknowledged.size >= pendingKills[0]! && victim.inFlight > 0) {
        pendingKills.shift();
        kills.push({ afterAcks: acknowledged.size, inFlight: victim.inFlight, atMs: Math.round(performance.now() - started) });
        killing = killing.then(async () => {
          await victim.kill();
          current = startOne();
        });
      }
    };

    // Events arrive while the dispatcher works (and dies): 10 transactions of 100.
    const emitted: string[] = [];
    const { employmentA, a } = world;
    for (let batch = 0; batch < EVENTS / 100; batch++) {
      await gw.deps.db.transaction(async (tx) => {
        for (let i = 0; i < 100; i++) {
          emitted.push(
            await emitEvent(tx, gw.deps.clock.now(), "employment.details.updated", {
              employment_id: employmentA.id,
              company_id: a.company.id,
            }),
          );
        }
      });
      await new Promise((r) => setTimeout(r, 50));
    }

    const deadline = performance.now() + DEADLINE_MS;
    const deliveredRows = async () =>
      Number((await gw.deps.db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.status, "delivered")))[0]?.n ?? 0);
    while ((acknowledged.size < EVENTS || (await deliveredRows()) < EVENTS) && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await killing;
    await current.stop();
    const elapsed = Math.round(performance.now() - started);

    const deliveries = await gw.deps.db.select().from(webhookDeliveries);
    const [recorded] = await gw.deps.db.select({ n: count() }).from(webhookDeliveryAttempts);
    const [undispatched] = await gw.deps.db.select({ n: count() }).from(outboxEvents).where(isNull(outboxEvents.dispatchedAt));
    const figures = {
      database: TEST_DB_KIND,
      events: EVENTS,
      attempts: stats.requests,
      attemptsRecorded: Number(recorded?.n ?? 0),
      acknowledged: acknowledged.size,
      /** Attempts beyond the first of each event (retries after failures, stalls and kills). */
      resends: stats.requests - bodies.size,
      /** Events the receiver processed and answered 200 more than once: the duplicates it must drop. */
      duplicates: [...acknowledged.values()].filter((c) => c > 1).length,
      failuresInjected: stats.failuresInjected,
      stallsInjected: stats.stallsInjected,
      kills,
      dispatchers: dispatchers.map((d) => d.id),
      badSignatures: stats.badSignatures,
      timeMs: elapsed,
    };
    console.log(`webhook chaos figures: ${JSON.stringify(figures)}`);

    expect(kills).toHaveLength(3);
    expect(dispatchers).toHaveLength(4);
    expect(stats.badSignatures).toBe(0);
    expect(stats.failuresInjected).toBeGreaterThan(0);
    expect(stats.stallsInjected).toBeGreaterThan(0);
    // Nothing lost: every event fanned out, every delivery delivered, every event acknowledged.
    expect(Number(undispatched?.n ?? 0)).toBe(0);
    expect(deliveries).toHaveLength(EVENTS);
    expect(deliveries.filter((d) => d.status !== "delivered")).toEqual([]);
    expect(new Set(deliveries.map((d) => d.eventId))).toEqual(new Set(emitted));
    expect([...acknowledged.keys()].sort()).toEqual([...emitted].sort());
    // Duplicates share their event id: every copy of an event has the same id and the same body.
    expect(bodies.size).toBe(EVENTS);
    for (const copies of bodies.values()) expect(copies.size).toBe(1);
    // Attempts cut short by a kill are not recorded (the process "died"); every other one is.
    expect(figures.attemptsRecorded).toBeLessThanOrEqual(stats.requests);
    expect(figures.attemptsRecorded).toBeGreaterThanOrEqual(stats.requests - kills.length * 24);
    expect(elapsed).toBeLessThan(60_000);
  });
});
