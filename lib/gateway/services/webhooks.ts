import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, isNull, or, type SQL } from "drizzle-orm";
import {
  PROVIDER_WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES,
  type CreateWebhookCallbackBody,
  type UpdateWebhookCallbackBody,
  type WebhookCallback,
  type WebhookCallbackDetail,
  type WebhookCallbackWithKey,
} from "@/lib/contract";
import type { GatewayDeps, Principal } from "../context";
import { randomToken } from "../crypto";
import type { DbOrTx } from "../db/client";
import { webhookCallbacks, webhookDeliveries } from "../db/schema";
import { pageWindow, paginate, type ListEnvelope, type PageParams } from "../pagination";
import { fieldErrors, forbidden, notFound } from "../errors";
import { getVisibleCompany } from "../oauth/consented-companies";
import { UUID_RE } from "./employments";
import { getSigningKeyCipher } from "../webhooks/signing-key-cipher";
import { checkCallbackUrl, checkResolvedHost } from "../webhooks/ssrf-guard";

// Webhook callbacks: who owns them, who sees them, and the checks on registration.
//
// Ownership follows the token that registers the callback (docs/decisions/webhooks-ownership-and-urls.md):
//   client-credentials token → the partner's callback (client_id, no company): events of every company
//                              that granted consent to that client, for as long as the consent lasts;
//   user grant (auth code)   → a company callback registered by that client (company_id + client_id):
//                              that company's events, while the company's consent to the client lasts;
//   Customer API token       → a company callback (company_id, no client): that company's events.
// Visibility: a client sees what it registered; a user grant what its client registered for its
// company; a Customer API token every company callback of its company. Everything else is a 404.

export type CallbackRow = typeof webhookCallbacks.$inferSelect;

/** Roles that may manage a company's webhooks (company-wide configuration: not people managers). */
const WEBHOOK_ADMIN_ROLES = new Set(["owner", "admin"]);

/** Writes are for partners (client credentials) and company owners and admins. */
export function assertCanManageWebhooks(principal: Principal): void {
  if (principal.kind === "client") return;
  if (!principal.role || !WEBHOOK_ADMIN_ROLES.has(principal.role)) throw forbidden();
}

/**
 * A callback its partner registered for the company (through a user grant) is visible to the
 * company's Customer API tokens, never theirs to change, delete or replay: 403. The company stops
 * it by withdrawing the partner's consent (docs/decisions/webhooks-partner-callbacks-and-company-tokens.md).
 */
export function assertCanManageCallback(principal: Principal, callback: Pick<CallbackRow, "clientId">): void {
  assertCanManageWebhooks(principal);
  if (principal.kind === "customer" && callback.clientId !== null) throw forbidden();
}

/** The callbacks a principal can see (deleted ones included: their delivery log stays readable). */
export function visibleCallbacksWhere(principal: Principal): SQL {
  if (principal.kind === "client") return eq(webhookCallbacks.clientId, principal.clientId!);
  if (principal.kind === "user_grant")
    return and(eq(webhookCallbacks.companyId, principal.companyId!), eq(webhookCallbacks.clientId, principal.clientId!))!;
  return eq(webhookCallbacks.companyId, principal.companyId!);
}

/** Every type Roster emits when subscribed to all (so the list is also right for types added later); else the provider's names stored. */
function subscribedEvents(row: CallbackRow): string[] {
  if (row.allEvents) return [...WEBHOOK_EVENT_TYPES];
  return row.subscribedEvents.filter((e) => (PROVIDER_WEBHOOK_EVENT_TYPES as readonly string[]).includes(e));
}

/** The provider's WebhookCallback. */
export function serializeCallback(row: CallbackRow): WebhookCallback {
  return {
    id: row.id,
    url: row.url,
    subscribed_events: subscribedEvents(row),
    subscribe_to_all_events: row.allEvents,
  };
}

/** With the company and dates (Roster-only GET /v1/webhook-callbacks). */
export function serializeCallbackDetail(row: CallbackRow): WebhookCallbackDetail {
  return {
    ...serializeCallback(row),
    company_id: row.companyId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * 422 `{errors: {url: [...]}}` unless the URL passes the registration checks of the gateway's mode;
 * in production mode the host name is also resolved, and refused when any address is forbidden
 * (docs/decisions/webhooks-ssrf-at-registration.md). The connection-time guard stays.
 */
export async function assertCallbackUrl(deps: GatewayDeps, url: string): Promise<string> {
  const check = checkCallbackUrl(url, { mode: deps.config.mode });
  if (!check.ok) throw fieldErrors({ url: [check.reason] });
  if (deps.config.mode === "production") {
    const resolved = await checkResolvedHost(check.url, { mode: "production", resolver: deps.resolver });
    if (!resolved.ok) throw fieldErrors({ url: [resolved.reason] });
  }
  return check.url.toString();
}

const uniqueEvents = (events: readonly string[] | undefined) => [...new Set(events ?? [])];

/** POST /v1/webhook-callbacks. The signing key is returned here and never again. */
export async function createWebhookCallback(
  deps: GatewayDeps,
  principal: Principal,
  body: CreateWebhookCallbackBody,
): Promise<WebhookCallbackWithKey> {
  assertCanManageWebhooks(principal);
  const url = await assertCallbackUrl(deps, body.url);
  const now = deps.clock.now();
  const id = randomUUID();
  const signingKey = randomToken(32);
  const row: CallbackRow = {
    id,
    clientId: principal.clientId,
    companyId: principal.kind === "client" ? null : principal.companyId,
    url,
    subscribedEvents: uniqueEvents(body.subscribed_events),
    allEvents: body.subscribe_to_all_events === true,
    signingKeyEncrypted: getSigningKeyCipher(deps).encrypt(id, signingKey),
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  await deps.db.insert(webhookCallbacks).values(row);
  return { ...serializeCallback(row), signing_key: signingKey };
}

async function getCallbackOrThrow(db: DbOrTx, principal: Principal, id: string): Promise<CallbackRow> {
  if (!UUID_RE.test(id)) throw notFound("Webhook callback");
  const [row] = await db
    .select()
    .from(webhookCallbacks)
    .where(and(eq(webhookCallbacks.id, id), isNull(webhookCallbacks.deletedAt), visibleCallbacksWhere(principal)));
  if (!row) throw notFound("Webhook callback");
  return row;
}

/** PATCH /v1/webhook-callbacks/{id}: URL and subscriptions; the signing key stays. */
export async function updateWebhookCallback(
  deps: GatewayDeps,
  principal: Principal,
  id: string,
  body: UpdateWebhookCallbackBody,
): Promise<WebhookCallback> {
  // The URL is resolved before the transaction: no row lock is held across a DNS lookup.
  const row = await getCallbackOrThrow(deps.db, principal, id);
  assertCanManageCallback(principal, row);
  const url = body.url !== undefined ? await assertCallbackUrl(deps, body.url) : undefined;
  return deps.db.transaction(async (tx) => {
    const row = await getCallbackOrThrow(tx, principal, id);
    assertCanManageCallback(principal, row);
    const update: Partial<CallbackRow> = { updatedAt: deps.clock.now() };
    if (url !== undefined) update.url = url;
    if (body.subscribed_events !== undefined) update.subscribedEvents = uniqueEvents(body.subscribed_events);
    if (body.subscribe_to_all_events !== undefined) update.allEvents = body.subscribe_to_all_events;
    const allEvents = update.allEvents ?? row.allEvents;
    const events = update.subscribedEvents ?? row.subscribedEvents;
    if (!allEvents && events.length === 0) {
      throw fieldErrors({ subscribed_events: ["must list at least one event type, or set subscribe_to_all_events to true"] });
    }
    const [saved] = await tx.update(webhookCallbacks).set(update).where(eq(webhookCallbacks.id, row.id)).returning();
    return serializeCallback(saved!);
  });
}

/** DELETE /v1/webhook-callbacks/{id}: no more deliveries; what is pending is cancelled, the log stays. */
export async function deleteWebhookCallback(deps: GatewayDeps, principal: Principal, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await getCallbackOrThrow(tx, principal, id);
    assertCanManageCallback(principal, row);
    const now = deps.clock.now();
    await tx.update(webhookCallbacks).set({ deletedAt: now, updatedAt: now }).where(eq(webhookCallbacks.id, row.id));
    await tx
      .update(webhookDeliveries)
      .set({ status: "cancelled", nextAttemptAt: null, updatedAt: now })
      .where(and(eq(webhookDeliveries.callbackId, row.id), eq(webhookDeliveries.status, "pending")));
  });
}

/** The caller's callbacks that receive a company's events: the token's own company, or (client token) one that consented. */
async function companyCallbacksWhere(deps: GatewayDeps, principal: Principal, companyId: string) {
  const company = await getVisibleCompany(deps.db, {
    companyId,
    clientId: principal.kind === "client" ? principal.clientId : null,
    ownCompanyId: principal.kind === "client" ? null : principal.companyId,
  });
  if (!company) throw notFound("Company");
  return and(
    isNull(webhookCallbacks.deletedAt),
    visibleCallbacksWhere(principal),
    or(eq(webhookCallbacks.companyId, company.id), isNull(webhookCallbacks.companyId)),
  );
}

/** GET /v1/companies/{company_id}/webhook-callbacks: every such callback, oldest first (the provider's bare array). */
export async function listCompanyWebhookCallbacks(deps: GatewayDeps, principal: Principal, companyId: string): Promise<WebhookCallback[]> {
  const where = await companyCallbacksWhere(deps, principal, companyId);
  const rows = await deps.db
    .select()
    .from(webhookCallbacks)
    .where(where)
    .orderBy(asc(webhookCallbacks.createdAt), asc(webhookCallbacks.id));
  return rows.map(serializeCallback);
}

/** GET /v1/webhook-callbacks (Roster-only): a page of such callbacks with their company and dates. */
export async function listWebhookCallbacks(
  deps: GatewayDeps,
  principal: Principal,
  companyId: string,
  page: PageParams,
): Promise<ListEnvelope<"webhook_callbacks", WebhookCallbackDetail>> {
  const where = await companyCallbacksWhere(deps, principal, companyId);
  const [total] = await deps.db.select({ n: count() }).from(webhookCallbacks).where(where);
  const rows = await deps.db
    .select()
    .from(webhookCallbacks)
    .where(where)
    .orderBy(asc(webhookCallbacks.createdAt), asc(webhookCallbacks.id))
    .limit(pageWindow(page).limit)
    .offset(pageWindow(page).offset);
  return paginate("webhook_callbacks", rows.map(serializeCallbackDetail), Number(total?.n ?? 0), page);
}
