import { randomUUID } from "node:crypto";
import { createServer, request as httpRequest, Agent, type Server } from "node:http";
import { WebhookPayloadSchemas } from "@/lib/contract";
import { createAdaptorServer } from "@hono/node-server";
import { systemClock } from "@/lib/gateway/clock";
import { createGatewayApp } from "@/lib/gateway/app";
import { DEFAULT_GATEWAY_CONFIG, type GatewayDeps } from "@/lib/gateway/context";
import { randomToken } from "@/lib/gateway/crypto";
import { openDatabase } from "@/lib/gateway/db/client";
import { getDefaultFormRegistry } from "@/lib/gateway/forms";
import { silentLogger } from "@/lib/logger";
import { createRateLimiter } from "@/lib/gateway/rate-limit";
import { outboxEvents } from "@/lib/gateway/db/schema";
import { buildSandboxPayload } from "@/lib/gateway/services/webhooks-trigger";
import { makeEmployment, makeTenant } from "@/test-support/gateway/factories";
import { createDispatcher } from "@/lib/gateway/webhooks/dispatcher";
import { setGatewaySecret } from "@/lib/gateway/webhooks/signing-key-cipher";
import { closeServer, listenLoopback } from "../lib/http";
import { round } from "../lib/load";
import { check, defineSuite, type Row } from "../lib/suite";

// Webhook deliveries to a local receiver on 127.0.0.1 (docs/decisions/bench-api-scale.md): the real
// dispatcher (outbox fan-out, claims, signed POSTs over node:http, attempt rows) on PGlite.
//   - burst: BURST events already in the outbox, the dispatcher started: deliveries/s until the last.
//   - steady: events emitted at RATE/s for the run's duration (batches every 20 ms, each in one
//     transaction as a write would): lag from emit to receipt, p50/p99.
//   - baseline: the same bodies POSTed straight to the receiver by a plain node:http client (same
//     concurrency): the ceiling of this machine.
// Bounded: every wait has a deadline.

const BURST = 2_000;
const RATE = 500;
const CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 32);
const POLL_MS = 50;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function receiver() {
  const received = new Map<string, number>();
  let waiter: { count: number; resolve: () => void } | null = null;
  const mark = (id: string) => {
    if (id && !received.has(id)) received.set(id, performance.now());
    if (waiter && received.size >= waiter.count) {
      waiter.resolve();
      waiter = null;
    }
  };
  const server = createServer((req, res) => {
    const id = String(req.headers["x-service-event-id"] ?? "");
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
      mark(id);
    });
  });
  const until = (count: number, timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      if (received.size >= count) return resolve(true);
      const timer = setTimeout(() => {
        waiter = null;
        resolve(false);
      }, timeoutMs);
      waiter = {
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
    });
  return { server, received, until, mark };
}

export default defineSuite({
  name: "webhooks",
  description: `Webhook deliveries to a local receiver: burst of ${BURST} (deliveries/s) and ${RATE}/s steady (lag p99), vs plain POSTs`,
  async run(options) {
    const database = await openDatabase({ kind: "pglite" });
    const started: Server[] = [];
    const sink = receiver();
    started.push(sink.server);
    const receiverUrl = await listenLoopback(sink.server);
    const dispatchers: Array<{ stop(): Promise<void> }> = [];
    try {
      const deps: GatewayDeps = {
        config: { ...DEFAULT_GATEWAY_CONFIG, environment: "sandbox", baseUrl: "http://127.0.0.1", mode: "local" },
        db: database.db,
        clock: systemClock,
        rateLimiter: createRateLimiter({ config: { perClient: 1e9, perCompany: 1e9 }, keyPrefix: "bench-webhooks" }),
        logger: silentLogger,
        forms: await getDefaultFormRegistry(),
      };
      setGatewaySecret(deps, randomToken(32));
      const app = createGatewayApp(deps);
      const api = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server;
      started.push(api);
      const apiUrl = await listenLoopback(api);
      const tenant = await makeTenant(database.db, "sandbox");
      const employment = await makeEmployment(database.db, tenant.company.id);
      const registered = await fetch(`${apiUrl}/v1/webhook-callbacks`, {
        method: "POST",
        headers: { authorization: `Bearer ${tenant.tokens.owner}`, "content-type": "application/json" },
        body: JSON.stringify({ url: `${receiverUrl}/hook`, subscribe_to_all_events: true }),
      });
      if (!registered.ok) throw new Error(`callback registration answered ${registered.status}: ${await registered.text()}`);
      const emitted = new Map<string, number>();
      // Events as emitEvent writes them (payload validated once), many per INSERT: the producer
      // stands for API writes and should cost the dispatcher's database little.
      const payload = WebhookPayloadSchemas["employment.details.updated"].parse({
        event_type: "employment.details.updated",
        ...(await buildSandboxPayload(database.db, "employment.details.updated", employment)),
      }) as Record<string, unknown>;
      const emit = async (count: number) => {
        const now = systemClock.now();
        const values = Array.from({ length: count }, () => ({
          id: randomUUID(),
          companyId: tenant.company.id,
          eventType: "employment.details.updated",
          payload,
          createdAt: now,
        }));
        await database.db.insert(outboxEvents).values(values);
        const at = performance.now();
        for (const v of values) emitted.set(v.id, at);
      };
      const rows: Row[] = [];

      // Burst.
      options.log(`webhooks: emitting a burst of ${BURST} events`);
      for (let i = 0; i < BURST; i += 500) await emit(Math.min(500, BURST - i));
      const dispatcher = createDispatcher(deps, { pollIntervalMs: POLL_MS, concurrency: CONCURRENCY, logger: silentLogger });
      dispatchers.push(dispatcher);
      const t0 = performance.now();
      dispatcher.start();
      const burstDone = await sink.until(BURST, 60_000);
      const burstMs = performance.now() - t0;
      if (!burstDone) throw new Error(`burst: ${sink.received.size} of ${BURST} delivered within 60 s`);
      rows.push({
        name: `webhook deliveries (burst of ${BURST})`,
        target: "dispatcher",
        metrics: { "deliveries/s": { value: round((BURST / burstMs) * 1000), unit: "deliveries/s", better: "higher" } },
        notes: { ms: Math.round(burstMs), concurrency: CONCURRENCY, pollIntervalMs: POLL_MS },
      });

      // Steady rate.
      const seconds = Math.max(2, options.duration);
      const total = Math.round(RATE * seconds);
      options.log(`webhooks: ${RATE}/s for ${seconds} s`);
      const before = sink.received.size;
      const steadyIds: string[] = [];
      const batch = Math.max(1, Math.round(RATE / 50));
      const tStart = performance.now();
      for (let sent = 0; sent < total;) {
        const n = Math.min(batch, total - sent);
        const known = emitted.size;
        await emit(n);
        steadyIds.push(...[...emitted.keys()].slice(known));
        sent += n;
        const due = tStart + (sent / RATE) * 1000;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      const steadyDone = await sink.until(before + total, 30_000);
      const steadyMs = performance.now() - tStart;
      const lags = steadyIds.map((id) => (sink.received.get(id) ?? performance.now()) - emitted.get(id)!);
      rows.push({
        name: `webhook deliveries at ${RATE}/s (steady)`,
        target: "dispatcher",
        metrics: {
          "deliveries/s": { value: round((total / steadyMs) * 1000), unit: "deliveries/s", better: "higher" },
          "lag p50": { value: round(percentile(lags, 50)), unit: "ms", better: "lower" },
          "lag p99": { value: round(percentile(lags, 99)), unit: "ms", better: "lower" },
        },
        notes: { events: total, allDelivered: steadyDone ? 1 : 0 },
      });
      await dispatcher.stop();

      // Baseline: plain POSTs of a delivery-sized body, same concurrency.
      const body = JSON.stringify({
        event_type: "employment.details.updated",
        employment_id: employment.id,
        company_id: tenant.company.id,
      });
      const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
      const target = new URL(`${receiverUrl}/hook`);
      const post = (i: number) =>
        new Promise<void>((resolve, reject) => {
          const req = httpRequest(
            {
              host: target.hostname,
              port: target.port,
              path: target.pathname,
              method: "POST",
              agent,
              headers: { "content-type": "application/json", "x-service-event-id": `baseline-${i}` },
            },
            (res) => {
              res.resume();
              res.on("end", () => resolve());
            },
          );
          req.on("error", reject);
          req.end(body);
        });
      let next = 0;
      const tb = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < BURST) await post(next++);
        }),
      );
      const baselineMs = performance.now() - tb;
      agent.destroy();
      rows.push({
        name: `webhook deliveries (burst of ${BURST})`,
        target: "baseline",
        metrics: { "deliveries/s": { value: round((BURST / baselineMs) * 1000), unit: "deliveries/s", better: "higher" } },
        notes: { ms: Math.round(baselineMs) },
      });
      const burst = rows[0]!.metrics["deliveries/s"]!.value;
      const base = rows[2]!.metrics["deliveries/s"]!.value;
      const steadyLagP99 = rows[1]!.metrics["lag p99"]!.value;
      return {
        rows,
        // Issue 11: ≥ 500 deliveries/s (the burst), lag p99 < 1 s (at 500/s offered, steady).
        checks: [
          check("webhook deliveries/s (burst)", burst, "min", 500, "deliveries/s"),
          check("webhook lag p99 at 500/s (steady), < 1 s", steadyLagP99, "max", 999.9, "ms"),
        ],
        comparisons: [
          {
            name: "webhook deliveries",
            ratios: {
              "burst dispatcher/baseline": round(burst / base, 3),
              "burst deliveries/s vs goal 500": round(burst / 500, 2),
              "steady lag p99 (ms) vs goal 1000": rows[1]!.metrics["lag p99"]!.value,
            },
          },
        ],
        context: {
          database: "pglite (in memory)",
          receiver: "node:http on 127.0.0.1",
          burst: BURST,
          rate: RATE,
          concurrency: CONCURRENCY,
          pollIntervalMs: POLL_MS,
        },
      };
    } finally {
      await Promise.allSettled(dispatchers.map((d) => d.stop()));
      await Promise.all(started.map(closeServer));
      await database.close();
    }
  },
});
