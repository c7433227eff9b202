import "server-only";
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { ReplayWebhookEventsBody, WebhookAttempt, WebhookDelivery, WebhookEvent, WebhookEventType } from "@/lib/contract";
import type { GatewayDeps, Principal } from "../context";
import { webhookCallbacks, webhookDeliveries, webhookDeliveryAttempts } from "../db/schema";
import { pageWindow, paginate, type PageParams } from "../pagination";
import { actionError, notFound } from "../errors";
import { UUID_RE } from "./employments";
import { assertCanManageCallback, assertCanManageWebhooks, visibleCallbacksWhere } from "./webhooks";

// The delivery log (GET /v1/webhook-events) and replay. An item is one event for one callback; the
// caller sees the deliveries of the callbacks it can see (services/webhooks.ts), nothing else.

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A delivery with its state (Roster-only routes: GET /v1/webhook-deliveries, GET /v1/webhook-events/{id}). */
export function serializeWebhookEvent(row: DeliveryRow): WebhookDelivery {
  const first = row.firstAttemptAt ?? row.createdAt;
  return {
    id: row.id,
    company_id: row.companyId,
    event_type: row.eventType as WebhookEventType,
    first_triggered_at: first.toISOString(),
    last_triggered_at: (row.lastAttemptAt ?? first).toISOString(),
    successfully_delivered: row.status === "delivered",
    event_id: row.eventId,
    webhook_callback_id: row.callbackId,
    status: row.status as WebhookDelivery["status"],
    attempts: row.attempts,
    next_attempt_at: row.status === "pending" && row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    payload: row.payload,
  };
}

/** The provider's WebhookEvent: the delivery's fields without its state (GET /v1/webhook-events). */
export function toWebhookEvent(d: WebhookDelivery): WebhookEvent {
  return {
    id: d.id,
    company_id: d.company_id,
    event_type: d.event_type,
    first_triggered_at: d.first_triggered_at,
    last_triggered_at: d.last_triggered_at,
    successfully_delivered: d.successfully_delivered,
  };
}

export interface ListWebhookEventsInput {
  /** One of the provider's event types. */
  eventType?: string;
  successfullyDelivered?: boolean;
  companyId?: string;
  /** Roster-only: deliveries whose payload names this employment (`employment_id` or `employment_slug`). */
  employmentId?: string;
  /** First triggered strictly before / after (ISO 8601). */
  before?: string;
  after?: string;
  /** By first triggered time; newest first by default. */
  order?: "asc" | "desc";
}

/** When a delivery was first triggered: its first attempt, or its queueing while none was made. */
const firstTriggeredAt = sql`coalesce(${webhookDeliveries.firstAttemptAt}, ${webhookDeliveries.createdAt})`;

function filters(input: Omit<ListWebhookEventsInput, "order">): SQL[] {
  const conditions: SQL[] = [];
  if (input.eventType) conditions.push(eq(webhookDeliveries.eventType, input.eventType));
  if (input.companyId) conditions.push(eq(webhookDeliveries.companyId, input.companyId));
  // The payload's employment, kept in its own indexed column (migration 0009).
  if (input.employmentId) conditions.push(eq(webhookDeliveries.employmentId, input.employmentId));
  if (input.successfullyDelivered !== undefined) {
    conditions.push(
      input.successfullyDelivered
        ? eq(webhookDeliveries.status, "delivered")
        : inArray(webhookDeliveries.status, ["pending", "failed", "cancelled"]),
    );
  }
  if (input.before) conditions.push(lt(firstTriggeredAt, new Date(input.before)));
  if (input.after) conditions.push(gt(firstTriggeredAt, new Date(input.after)));
  return conditions;
}

export async function listWebhookEvents(deps: GatewayDeps, principal: Principal, input: ListWebhookEventsInput, page: PageParams) {
  const { db } = deps;
  const visible = db.select({ id: webhookCallbacks.id }).from(webhookCallbacks).where(visibleCallbacksWhere(principal));
  const where = and(inArray(webhookDeliveries.callbackId, visible), ...filters(input));
  const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(
      ...(input.order === "asc"
        ? [asc(firstTriggeredAt), asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id)]
        : input.order === "desc"
          ? [desc(firstTriggeredAt), desc(webhookDeliveries.createdAt), asc(webhookDeliveries.id)]
          : [desc(webhookDeliveries.createdAt), asc(webhookDeliveries.id)]),
    )
    .limit(pageWindow(page).limit)
    .offset(pageWindow(page).offset);
  return paginate("webhook_events", rows.map(serializeWebhookEvent), Number(total?.n ?? 0), page);
}

async function getVisibleDeliveries(deps: GatewayDeps, principal: Principal, ids: readonly string[]) {
  const wanted = [...new Set(ids)];
  if (wanted.some((id) => !UUID_RE.test(id))) throw notFound("Webhook event");
  const rows = await deps.db
    .select({ delivery: webhookDeliveries, callbackDeletedAt: webhookCallbacks.deletedAt, callbackClientId: webhookCallbacks.clientId })
    .from(webhookDeliveries)
    .innerJoin(webhookCallbacks, eq(webhookCallbacks.id, webhookDeliveries.callbackId))
    .where(and(inArray(webhookDeliveries.id, wanted), visibleCallbacksWhere(principal)));
  // All or nothing: one id the caller cannot see makes the whole request a 404 (and says which).
  if (rows.length !== wanted.length) {
    const found = new Set(rows.map((r) => r.delivery.id));
    const missing = wanted.filter((id) => !found.has(id));
    throw notFound(`Webhook event ${missing.join(", ")}`);
  }
  return rows;
}

/** GET /v1/webhook-events/{id}: one item with every attempt. */
export async function getWebhookEvent(
  deps: GatewayDeps,
  principal: Principal,
  id: string,
): Promise<WebhookDelivery & { attempt_log: WebhookAttempt[] }> {
  const [row] = await getVisibleDeliveries(deps, principal, [id]);
  const attempts = await deps.db
    .select()
    .from(webhookDeliveryAttempts)
    .where(eq(webhookDeliveryAttempts.deliveryId, id))
    .orderBy(asc(webhookDeliveryAttempts.attemptNumber), asc(webhookDeliveryAttempts.startedAt));
  return {
    ...serializeWebhookEvent(row!.delivery),
    attempt_log: attempts.map((a) => ({
      attempt_number: a.attemptNumber,
      started_at: a.startedAt.toISOString(),
      duration_ms: a.durationMs,
      status_code: a.statusCode,
      error: a.error,
      success: a.success,
    })),
  };
}

/** At most this many deliveries are replayed by one window request. */
export const REPLAY_WINDOW_MAX = 1000;

/**
 * POST /v1/webhook-events/replay: queues the deliveries again, now, at the start of the retry
 * schedule. The event id (X-Service-Event-Id) stays the same, so receivers can de-duplicate. Either
 * the ids given (all or nothing), or the deliveries first triggered in the window `after`..`before`
 * with the list's filters (those of deleted callbacks are skipped). Returns the replayed deliveries.
 */
export async function replayWebhookEvents(
  deps: GatewayDeps,
  principal: Principal,
  body: ReplayWebhookEventsBody,
): Promise<WebhookDelivery[]> {
  assertCanManageWebhooks(principal);
  let ids: string[];
  if (body.ids !== undefined) {
    const rows = await getVisibleDeliveries(deps, principal, body.ids);
    for (const r of rows) assertCanManageCallback(principal, { clientId: r.callbackClientId });
    const deleted = rows.filter((r) => r.callbackDeletedAt !== null).map((r) => r.delivery.id);
    if (deleted.length > 0) {
      throw actionError({
        code: "webhook_callback_deleted",
        message: `The callback of ${deleted.join(", ")} was deleted: it cannot be replayed`,
        action: "replay_webhook_events",
      });
    }
    ids = rows.map((r) => r.delivery.id);
  } else {
    const rows = await deps.db
      .select({ id: webhookDeliveries.id, callbackClientId: webhookCallbacks.clientId })
      .from(webhookDeliveries)
      .innerJoin(webhookCallbacks, eq(webhookCallbacks.id, webhookDeliveries.callbackId))
      .where(
        and(
          visibleCallbacksWhere(principal),
          isNull(webhookCallbacks.deletedAt),
          ...filters({
            before: body.before,
            after: body.after,
            companyId: body.company_id,
            eventType: body.event_type,
            successfullyDelivered: body.successfully_delivered,
          }),
        ),
      )
      .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id))
      .limit(REPLAY_WINDOW_MAX);
    for (const r of rows) assertCanManageCallback(principal, { clientId: r.callbackClientId });
    ids = rows.map((r) => r.id);
  }
  if (ids.length === 0) return [];
  const now = deps.clock.now();
  const updated = await deps.db
    .update(webhookDeliveries)
    .set({ status: "pending", retryCount: 0, nextAttemptAt: now, deliveredAt: null, updatedAt: now })
    .where(inArray(webhookDeliveries.id, ids))
    .returning();
  const order = new Map(ids.map((id, i) => [id, i]));
  return updated.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)).map(serializeWebhookEvent);
}
