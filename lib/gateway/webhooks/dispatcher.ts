import "server-only";
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import { and, asc, eq, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { ServerEnv } from "@/lib/env";
import type { GatewayDeps } from "../context";
import type { Db } from "../db/client";
import { oauthGrants, outboxEvents, webhookCallbacks, webhookDeliveries } from "../db/schema";
import type { Logger } from "@/lib/logger";
import { nextRetryDelay, RETRY_SCHEDULE_MS } from "./retry-schedule";
import { createHttpSender, type WebhookSender } from "./sender";
import { buildWebhookHeaders } from "./signer";
import { getSigningKeyCipher } from "./signing-key-cipher";
import type { DnsResolver } from "./ssrf-guard";

// The webhook dispatcher (CONVENTIONS 8). Each round it
//   1. fans out new outbox events: one delivery row per matching callback, in one transaction that
//      also marks the events dispatched (rows locked FOR UPDATE SKIP LOCKED, so dispatchers share);
//   2. claims due deliveries FOR UPDATE SKIP LOCKED and leases them (locked_until): a dispatcher that
//      dies keeps nothing, its claims are taken again once the lease runs out;
//   3. POSTs each one, signed, with a timeout; records the attempt; schedules the retry or the end.
// Delivery is at least once: a receiver de-duplicates on X-Service-Event-Id.
// All times come from deps.clock, so tests run the whole retry schedule in simulated time.

/** What a dispatcher needs of a gateway (the worker builds only this). */
export type DispatcherDeps = Pick<GatewayDeps, "config" | "db" | "clock" | "logger">;

export interface DispatcherOptions {
  /** Names this dispatcher in claims and attempt rows (default: a random id). */
  id?: string;
  /** Sends one attempt (default: node:http(s) with the SSRF guard, in the gateway's mode). */
  sender?: WebhookSender;
  /** DNS resolution for the default sender (tests). */
  resolver?: DnsResolver;
  /** Pause between rounds when nothing is due (real time). Default 500 ms. */
  pollIntervalMs?: number;
  /** Attempts in flight at once. Default 16. */
  concurrency?: number;
  /** Outbox events fanned out per transaction. Default 200. */
  fanOutBatchSize?: number;
  /** Timeout of one attempt. Default 15 s. */
  timeoutMs?: number;
  /** How long a claim holds before another dispatcher may take the delivery. Default timeout + 60 s. */
  leaseMs?: number;
  /** Delays before each retry (default RETRY_SCHEDULE_MS). */
  schedule?: readonly number[];
  /** Jitter source in [0, 1) (default Math.random). */
  random?: () => number;
  logger?: Logger;
}

export interface RoundResult {
  /** Outbox events fanned out. */
  fannedOut: number;
  /** Deliveries claimed and attempted. */
  attempted: number;
  delivered: number;
  /** Attempts that failed (a retry was scheduled, or the delivery failed for good). */
  failedAttempts: number;
}

export interface Dispatcher {
  readonly id: string;
  /** Attempts in flight now. */
  readonly inFlight: number;
  /** One round on the caller's schedule: fan out, claim what is due, attempt it all, record it. */
  runOnce(): Promise<RoundResult>;
  /** Rounds until nothing is left to fan out and nothing is due at the clock's current time. */
  drain(maxRounds?: number): Promise<RoundResult>;
  /** Runs rounds in the background until stop() or kill(). */
  start(): void;
  /** Graceful: no new claims; attempts in flight finish and are recorded. */
  stop(): Promise<void>;
  /**
   * Abrupt, as if the process died: attempts in flight are aborted and nothing more is recorded.
   * Their deliveries stay claimed until the lease runs out, then another dispatcher retries them.
   */
  kill(): Promise<void>;
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type CallbackRow = typeof webhookCallbacks.$inferSelect;

const emptyRound = (): RoundResult => ({ fannedOut: 0, attempted: 0, delivered: 0, failedAttempts: 0 });
const add = (a: RoundResult, b: RoundResult): RoundResult => ({
  fannedOut: a.fannedOut + b.fannedOut,
  attempted: a.attempted + b.attempted,
  delivered: a.delivered + b.delivered,
  failedAttempts: a.failedAttempts + b.failedAttempts,
});

/** Whether a callback takes an event: subscribed to it, and registered before it happened. */
function wants(callback: CallbackRow, eventType: string, at: Date): boolean {
  return (callback.allEvents || callback.subscribedEvents.includes(eventType)) && callback.createdAt.getTime() <= at.getTime();
}

/**
 * Fans out up to `limit` undispatched outbox events into deliveries, in one transaction.
 * Routing: a company's callbacks (those registered through a user grant only while that client
 * still has the company's consent) and the callbacks of every client the company consented to.
 */
export async function fanOutOutbox(db: Db, now: Date, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select()
      .from(outboxEvents)
      .where(isNull(outboxEvents.dispatchedAt))
      .orderBy(asc(outboxEvents.seq))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (events.length === 0) return 0;
    const companyIds = [...new Set(events.map((e) => e.companyId).filter((c): c is string => c !== null))];
    if (companyIds.length > 0) {
      const consents = await tx
        .selectDistinct({ clientId: oauthGrants.clientId, companyId: oauthGrants.companyId })
        .from(oauthGrants)
        .where(and(inArray(oauthGrants.companyId, companyIds), isNull(oauthGrants.revokedAt)));
      const consented = new Set(consents.map((c) => `${c.clientId}|${c.companyId}`));
      const clientIds = [...new Set(consents.map((c) => c.clientId))];
      const companyCallbacks = await tx
        .select()
        .from(webhookCallbacks)
        .where(and(isNull(webhookCallbacks.deletedAt), inArray(webhookCallbacks.companyId, companyIds)));
      const clientCallbacks =
        clientIds.length === 0
          ? []
          : await tx
              .select()
              .from(webhookCallbacks)
              .where(
                and(isNull(webhookCallbacks.deletedAt), isNull(webhookCallbacks.companyId), inArray(webhookCallbacks.clientId, clientIds)),
              );
      const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
      for (const event of events) {
        if (!event.companyId) continue;
        const companyId = event.companyId;
        const targets = [
          ...companyCallbacks.filter(
            (cb) => cb.companyId === companyId && (cb.clientId === null || consented.has(`${cb.clientId}|${companyId}`)),
          ),
          ...clientCallbacks.filter((cb) => consented.has(`${cb.clientId}|${companyId}`)),
        ];
        for (const cb of targets) {
          if (!wants(cb, event.eventType, event.createdAt)) continue;
          rows.push({
            id: randomUUID(),
            eventId: event.id,
            callbackId: cb.id,
            companyId,
            eventType: event.eventType,
            payload: event.payload,
            status: "pending",
            nextAttemptAt: now,
            createdAt: event.createdAt,
            updatedAt: now,
          });
        }
      }
      for (let i = 0; i < rows.length; i += 500) {
        await tx
          .insert(webhookDeliveries)
          .values(rows.slice(i, i + 500))
          .onConflictDoNothing();
      }
    }
    await tx
      .update(outboxEvents)
      .set({ dispatchedAt: now })
      .where(
        inArray(
          outboxEvents.id,
          events.map((e) => e.id),
        ),
      );
    return events.length;
  });
}

/**
 * Claims up to `limit` due deliveries for `dispatcherId` until `now + leaseMs`. `exclude` holds the
 * deliveries the caller still has in flight: their lease may have run out (a stalled event loop, a
 * slow record) but they are not lost, and claiming them again would send them twice.
 */
export async function claimDueDeliveries(
  db: Db,
  input: { now: Date; limit: number; leaseMs: number; dispatcherId: string; exclude?: readonly string[] },
): Promise<DeliveryRow[]> {
  if (input.limit <= 0) return [];
  const { now } = input;
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, now),
        or(isNull(webhookDeliveries.lockedUntil), lte(webhookDeliveries.lockedUntil, now)),
        input.exclude && input.exclude.length > 0 ? notInArray(webhookDeliveries.id, [...input.exclude]) : undefined,
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(input.limit)
    .for("update", { skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({ lockedUntil: new Date(now.getTime() + input.leaseMs), lockedBy: input.dispatcherId })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
}

export function createDispatcher(deps: DispatcherDeps, options: DispatcherOptions = {}): Dispatcher {
  const id = options.id ?? `dispatcher-${randomUUID().slice(0, 8)}`;
  const sender = options.sender ?? createHttpSender({ mode: deps.config.mode, resolver: options.resolver });
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const concurrency = options.concurrency ?? 16;
  const fanOutBatchSize = options.fanOutBatchSize ?? 200;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const leaseMs = options.leaseMs ?? timeoutMs + 60_000;
  const schedule = options.schedule ?? RETRY_SCHEDULE_MS;
  const logger = (options.logger ?? deps.logger).child({ component: "webhook-dispatcher", dispatcher: id });
  const { db, clock } = deps;

  const abort = new AbortController();
  // Every attempt in flight listens to this one signal.
  setMaxListeners(0, abort.signal);
  let killed = false;
  let running = false;
  let loopDone: Promise<void> | null = null;
  const inFlight = new Set<Promise<RoundResult>>();
  /** The deliveries of the attempts in `inFlight`: never claimed again while their attempt runs. */
  const inFlightIds = new Set<string>();
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };

  interface PendingRecord {
    delivery: DeliveryRow;
    startedAt: Date;
    durationMs: number;
    outcome: { statusCode: number | null; error: string | null };
    done: { resolve: (r: RoundResult) => void; reject: (e: unknown) => void };
  }
  let queued: PendingRecord[] = [];
  let flushing = false;
  let flushTimer: NodeJS.Timeout | null = null;
  const RECORD_BATCH = Math.max(1, Math.floor(concurrency / 2));
  const RECORD_WAIT_MS = 5;

  /**
   * Records attempts, many per statement (PGlite runs on the event loop: one statement per attempt
   * was the ceiling of deliveries/s, docs/decisions/bench-api-scale.md). Attempts that finish while a
   * statement runs are recorded together by the next one. An attempt's promise resolves once its row
   * is written.
   */
  function record(
    delivery: DeliveryRow,
    startedAt: Date,
    durationMs: number,
    outcome: { statusCode: number | null; error: string | null },
  ): Promise<RoundResult> {
    return new Promise((resolve, reject) => {
      queued.push({ delivery, startedAt, durationMs, outcome, done: { resolve, reject } });
      if (flushing) return;
      // PGlite blocks the event loop during a statement, so answers arrive one by one between
      // statements: wait a moment for the others in flight (a full batch goes at once).
      if (queued.length >= RECORD_BATCH) {
        if (flushTimer) clearTimeout(flushTimer);
        flushTimer = null;
        void flushRecords();
      } else
        flushTimer ??= setTimeout(() => {
          flushTimer = null;
          void flushRecords();
        }, RECORD_WAIT_MS);
    });
  }

  async function flushRecords(): Promise<void> {
    if (flushing) return;
    flushing = true;
    try {
      while (queued.length > 0) {
        const batch = queued.slice(0, 200);
        queued = queued.slice(batch.length);
        try {
          const results = await recordBatch(batch);
          batch.forEach((r, i) => r.done.resolve(results[i]!));
        } catch (error) {
          for (const r of batch) r.done.reject(error);
        }
      }
    } finally {
      flushing = false;
    }
  }

  /**
   * One statement for a batch: each delivery's counters and outcome, and its schedule when this
   * dispatcher still holds the claim (when the lease ran out and another took over, the schedule is
   * that one's), and one attempt row each. A 2xx is final whoever holds the claim: sending again
   * would only duplicate.
   */
  async function recordBatch(batch: PendingRecord[]): Promise<RoundResult[]> {
    const now = clock.now();
    const nowIso = now.toISOString();
    const prepared = batch.map((r) => {
      const success = r.outcome.statusCode !== null && r.outcome.statusCode >= 200 && r.outcome.statusCode < 300;
      const failures = r.delivery.retryCount + 1;
      const delay = success ? null : nextRetryDelay(failures, { schedule, random: options.random });
      const final = !success && delay === null;
      const next = delay === null ? null : new Date(now.getTime() + delay).toISOString();
      return { ...r, success, failures, final, next };
    });
    const values = sql.join(
      prepared.map(
        (r) =>
          sql`(${r.delivery.id}::uuid, ${randomUUID()}::uuid, ${r.startedAt.toISOString()}::timestamptz, ${Math.max(0, Math.round(r.durationMs))}::int,
            ${r.outcome.statusCode}::int, ${r.outcome.error}::text, ${r.success}::boolean, ${r.final}::boolean, ${r.failures}::int, ${r.next}::timestamptz)`,
      ),
      sql`, `,
    );
    const mine = sql`d.locked_by = ${id} AND d.status = 'pending'`;
    await db.execute(sql`
      WITH input (delivery_id, attempt_id, started, duration_ms, status_code, error, success, final, failures, next) AS (VALUES ${values}),
      updated AS (
        UPDATE webhook_deliveries d SET
          attempts = d.attempts + 1,
          first_attempt_at = coalesce(d.first_attempt_at, i.started),
          last_attempt_at = i.started,
          last_status_code = i.status_code,
          last_error = i.error,
          updated_at = ${nowIso}::timestamptz,
          status = CASE WHEN i.success THEN 'delivered' WHEN i.final AND ${mine} THEN 'failed' ELSE d.status END,
          delivered_at = CASE WHEN i.success THEN ${nowIso}::timestamptz ELSE d.delivered_at END,
          retry_count = CASE WHEN i.success THEN 0 WHEN ${mine} THEN i.failures ELSE d.retry_count END,
          next_attempt_at = CASE WHEN i.success THEN NULL WHEN ${mine} THEN i.next ELSE d.next_attempt_at END,
          locked_until = CASE WHEN i.success OR d.locked_by = ${id} THEN NULL ELSE d.locked_until END,
          locked_by = CASE WHEN i.success OR d.locked_by = ${id} THEN NULL ELSE d.locked_by END
        FROM input i
        WHERE d.id = i.delivery_id
        RETURNING d.id, d.attempts
      )
      INSERT INTO webhook_delivery_attempts (id, delivery_id, attempt_number, started_at, duration_ms, status_code, error, success, dispatcher_id)
      SELECT i.attempt_id, i.delivery_id, updated.attempts, i.started, i.duration_ms, i.status_code, i.error, i.success, ${id}
      FROM updated JOIN input i ON i.delivery_id = updated.id
    `);
    return prepared.map((r) => {
      if (r.final)
        logger.warn(
          { deliveryId: r.delivery.id, callbackId: r.delivery.callbackId, eventId: r.delivery.eventId, attempts: r.delivery.attempts + 1 },
          "webhook delivery failed after its last retry",
        );
      return r.success
        ? { fannedOut: 0, attempted: 1, delivered: 1, failedAttempts: 0 }
        : { fannedOut: 0, attempted: 1, delivered: 0, failedAttempts: 1 };
    });
  }

  async function attempt(delivery: DeliveryRow, callback: CallbackRow | undefined, consented: boolean): Promise<RoundResult> {
    // Deleted callback, or a client whose consent the company withdrew since the fan-out: never sent.
    if (!callback || callback.deletedAt || !consented) {
      await db
        .update(webhookDeliveries)
        .set({
          status: "cancelled",
          nextAttemptAt: null,
          lockedUntil: null,
          lockedBy: null,
          lastError: !callback || callback.deletedAt ? "callback deleted" : "consent withdrawn",
          updatedAt: clock.now(),
        })
        .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, "pending")));
      return emptyRound();
    }
    const startedAt = clock.now();
    const started = performance.now();
    let outcome: { statusCode: number | null; error: string | null };
    try {
      const signingKey = getSigningKeyCipher(deps).decrypt(callback.id, callback.signingKeyEncrypted);
      const rawBody = JSON.stringify(delivery.payload);
      const headers = buildWebhookHeaders({ signingKey, rawBody, timestampMs: startedAt.getTime(), eventId: delivery.eventId });
      const response = await sender({ url: callback.url, body: rawBody, headers, timeoutMs, signal: abort.signal });
      outcome = {
        statusCode: response.statusCode,
        error: response.statusCode >= 200 && response.statusCode < 300 ? null : `HTTP ${response.statusCode}`,
      };
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      outcome = { statusCode: null, error: `${e.code ? `${e.code}: ` : ""}${e.message ?? String(error)}`.slice(0, 500) };
    }
    // Killed: the process is "dead", it records nothing; the lease brings the delivery back.
    if (killed) return emptyRound();
    return record(delivery, startedAt, performance.now() - started, outcome);
  }

  async function claimAndLaunch(limit: number): Promise<Promise<RoundResult>[]> {
    const claimed = await claimDueDeliveries(db, { now: clock.now(), limit, leaseMs, dispatcherId: id, exclude: [...inFlightIds] });
    if (claimed.length === 0 || killed) return [];
    const callbackIds = [...new Set(claimed.map((d) => d.callbackId))];
    const callbacks = await db.select().from(webhookCallbacks).where(inArray(webhookCallbacks.id, callbackIds));
    const byId = new Map(callbacks.map((c) => [c.id, c]));
    // Callbacks registered by a client deliver only while the company's consent to it lasts.
    const clientIds = [...new Set(callbacks.map((c) => c.clientId).filter((c): c is string => c !== null))];
    const consents =
      clientIds.length === 0
        ? []
        : await db
            .selectDistinct({ clientId: oauthGrants.clientId, companyId: oauthGrants.companyId })
            .from(oauthGrants)
            .where(
              and(
                inArray(oauthGrants.clientId, clientIds),
                inArray(oauthGrants.companyId, [...new Set(claimed.map((d) => d.companyId))]),
                isNull(oauthGrants.revokedAt),
              ),
            );
    const consented = new Set(consents.map((c) => `${c.clientId}|${c.companyId}`));
    if (killed) return [];
    return claimed.map((delivery) => {
      const callback = byId.get(delivery.callbackId);
      const allowed = !callback?.clientId || consented.has(`${callback.clientId}|${delivery.companyId}`);
      const p = attempt(delivery, callback, allowed).catch((error: unknown) => {
        if (!killed)
          logger.error({ err: { message: (error as Error).message }, deliveryId: delivery.id }, "recording a webhook attempt failed");
        return emptyRound();
      });
      inFlight.add(p);
      inFlightIds.add(delivery.id);
      void p.finally(() => {
        inFlight.delete(p);
        inFlightIds.delete(delivery.id);
        notify();
      });
      return p;
    });
  }

  async function runOnce(): Promise<RoundResult> {
    const fannedOut = await fanOutOutbox(db, clock.now(), fanOutBatchSize);
    const results = await Promise.all(await claimAndLaunch(concurrency));
    return results.reduce(add, { ...emptyRound(), fannedOut });
  }

  async function drain(maxRounds = 10_000): Promise<RoundResult> {
    let total = emptyRound();
    for (let i = 0; i < maxRounds; i++) {
      const round = await runOnce();
      total = add(total, round);
      if (round.fannedOut === 0 && round.attempted === 0) break;
    }
    return total;
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function loop(): Promise<void> {
    let lastFanOut = 0;
    let lastClaim = 0;
    let fanned = 0;
    while (running) {
      let busy = false;
      try {
        // Fan out at most every half poll interval unless the last batch was full (an attempt
        // finishing wakes the loop, and that alone should not cost a transaction each time).
        if (fanned === fanOutBatchSize || performance.now() - lastFanOut >= pollIntervalMs / 2) {
          lastFanOut = performance.now();
          fanned = await fanOutOutbox(db, clock.now(), fanOutBatchSize);
        } else fanned = 0;
        if (!running) break;
        // Refill in batches (a quarter of the pool at least, or when idle): one claim per freed slot
        // would cost three queries per attempt.
        const free = concurrency - inFlight.size;
        const refill =
          free > 0 &&
          (free >= Math.max(1, Math.floor(concurrency / 4)) || inFlight.size === 0 || performance.now() - lastClaim >= pollIntervalMs);
        if (refill) lastClaim = performance.now();
        const launched = refill ? await claimAndLaunch(free) : [];
        busy = fanned === fanOutBatchSize || (refill && launched.length === free);
      } catch (error) {
        if (!running) break;
        logger.error({ err: { message: (error as Error).message } }, "webhook dispatcher round failed");
      }
      if (!running) break;
      // Nothing due: wait for the poll interval, or for an attempt to finish (a slot frees up).
      if (!busy) await sleep(pollIntervalMs);
      else await new Promise((r) => setImmediate(r));
    }
  }

  return {
    id,
    get inFlight() {
      return inFlight.size;
    },
    runOnce,
    drain,
    start() {
      if (running || killed) return;
      running = true;
      loopDone = loop();
    },
    async stop() {
      running = false;
      notify();
      await loopDone;
      await Promise.allSettled([...inFlight]);
    },
    async kill() {
      running = false;
      killed = true;
      abort.abort(new Error("dispatcher killed"));
      notify();
      await loopDone?.catch(() => undefined);
    },
  };
}

/** The dispatcher options set by configuration (GATEWAY_WEBHOOK_RETRY_SCHEDULE, _TIMEOUT_MS, _LEASE_MS, _POLL_INTERVAL_MS). */
export function dispatcherTiming(env: Pick<ServerEnv, "resolved">): DispatcherOptions {
  const w = env.resolved.webhooks;
  return { schedule: w.schedule, timeoutMs: w.timeoutMs, leaseMs: w.leaseMs, pollIntervalMs: w.pollIntervalMs };
}

/**
 * Starts a dispatcher in the background for one gateway (one environment). The API process starts
 * one per environment by default; `npm run gateway:worker` runs them alone; several may run against
 * one PostgreSQL database. Call stop() on shutdown, before closing the database.
 */
export function startDispatcher(deps: DispatcherDeps, options: DispatcherOptions = {}): Dispatcher {
  const dispatcher = createDispatcher(deps, options);
  dispatcher.start();
  return dispatcher;
}
