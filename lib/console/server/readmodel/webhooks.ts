import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Environment } from "@/lib/contract";
import { EVENT_ID_HEADER, verifyWebhookRequest } from "@/lib/webhooks-verify";
import { ApiRequestError } from "../../api-errors";
import type { ApiClient } from "../api-client";
import type { TokenCipher } from "../crypto";
import type { ConsoleDb } from "../db/client";
import { readmodelCallbacks, readmodelCallbacksRetired, readmodelWebhookEvents } from "../db/schema";
import { createWebhookCallback, deleteWebhookCallback } from "../webhooks/api";
import type { EventJobData } from "./jobs";
import { sourceOf } from "./sources";
import type { CompanyRef } from "./store";

// The console's own webhook callback per company: registered at the API with the console's receiver
// URL (`${CONSOLE_URL}/api/webhooks/<environment>/<receiver id>`), its signing key sealed at rest as
// refresh tokens are (lib/console/server/crypto.ts). A delivery is verified with that key, de-duplicated on
// its event id, and turned into the re-read of what it names (payloads carry ids only).
// Unlike the callbacks people register on the webhooks pages (whose key is shown once and kept
// nowhere: docs/decisions/console-webhooks-signing-key.md), the console must keep this key to verify.

/** Events that can change what the read model holds. */
export const READMODEL_EVENTS = [
  "employment.account.updated",
  "employment.administrative_details.updated",
  "employment.details.updated",
  "employment.onboarding.completed",
  "employment.onboarding_task.completed",
  "employment.user_status.activated",
  "employment.user_status.deactivated",
  "employment.personal_information.updated",
  "contract_amendment.done",
  "expense.approved",
  "expense.declined",
  "expense.updated",
  "expense.deleted",
  "offboarding.submitted",
  "offboarding.review_started",
  "offboarding.deleted",
] as const;

const aad = (id: string) => `readmodel_callbacks:${id}:signing_key`;

export const receiverPath = (environment: Environment, id: string) => `/api/webhooks/${environment}/${id}`;

export interface CallbackDeps {
  db: ConsoleDb;
  cipher: TokenCipher;
  /** The console's public origin (CONSOLE_URL): the API must reach it. */
  consoleUrl: string;
}

/**
 * Registers the console's callback for a company at the API, once: an existing registration is kept.
 * Two instances racing register twice at most; the loser deletes its own at the API.
 */
export async function ensureCompanyCallback(deps: CallbackDeps, api: ApiClient, ref: CompanyRef): Promise<"created" | "exists"> {
  const c = readmodelCallbacks;
  const [existing] = await deps.db
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.environment, ref.environment), eq(c.companyId, ref.company.id)))
    .limit(1);
  if (existing) return "exists";
  const id = randomBytes(18).toString("base64url");
  const url = new URL(receiverPath(ref.environment, id), deps.consoleUrl).toString();
  const created = await createWebhookCallback(api, { url, subscribed_events: [...READMODEL_EVENTS] });
  const inserted = await deps.db
    .insert(c)
    .values({
      id,
      environment: ref.environment,
      companyId: ref.company.id,
      callbackId: created.id,
      url,
      signingKeyEnc: deps.cipher.seal(created.signing_key, aad(id)),
      createdAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: c.id });
  if (inserted.length === 0) {
    await deleteWebhookCallback(api, created.id).catch(() => undefined);
    return "exists";
  }
  return "created";
}

// A callback that leaves readmodel_callbacks (whatever deletes the row: a source ending, the partner
// grant's trigger, the scheduler's sweep) is recorded in readmodel_callbacks_retired by a trigger
// (migration 0006), in the same transaction. The record goes once the API confirms the callback is
// gone; until then it says why not, and `retryRetiredCallbacks` tries again with the next working
// token for the company (docs/decisions/console-readmodel-sources.md).

/** Why a deletion at the API did not happen, for the record (never a token: the API's message and status). */
function refusalOf(error: unknown): string {
  if (error instanceof ApiRequestError)
    return `the API refused the deletion (HTTP ${error.status}${error.payload.requestId ? `, request ${error.payload.requestId}` : ""}): ${error.message}`;
  return `the deletion failed: ${(error as Error).message}`;
}

/** Deletes one retired callback at the API; its record goes when the API confirms (deleted, or already gone: 404). */
async function deleteRetired(db: ConsoleDb, api: ApiClient, row: { id: string; callbackId: string }): Promise<boolean> {
  const r = readmodelCallbacksRetired;
  try {
    await deleteWebhookCallback(api, row.callbackId);
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 404)) {
      await db
        .update(r)
        .set({ attempts: sql`${r.attempts} + 1`, lastAttemptAt: new Date(), reason: refusalOf(error) })
        .where(eq(r.id, row.id));
      return false;
    }
  }
  await db.delete(r).where(eq(r.id, row.id));
  return true;
}

/**
 * Deletes the company's callback here and at the API, with `api` (a token that still works: before
 * consent is withdrawn, before an admin's connection goes). Without one, or when the API refuses, the
 * retired record stays with the reason, for `retryRetiredCallbacks`.
 */
export async function removeCompanyCallback(
  deps: Pick<CallbackDeps, "db">,
  api: ApiClient | null,
  ref: CompanyRef,
  /** Why there is no working token (recorded when `api` is null). */
  noTokenReason = "no working token for the company when its source ended",
): Promise<void> {
  const c = readmodelCallbacks;
  const rows = await deps.db
    .delete(c)
    .where(and(eq(c.environment, ref.environment), eq(c.companyId, ref.company.id)))
    .returning({ id: c.id, callbackId: c.callbackId });
  for (const row of rows) {
    if (api) await deleteRetired(deps.db, api, row);
    else
      await deps.db
        .update(readmodelCallbacksRetired)
        .set({ reason: `${noTokenReason}; deleted at the API with the next working token for the company` })
        .where(eq(readmodelCallbacksRetired.id, row.id));
  }
}

/**
 * With a working token for the company (`api`, the sync's client: its source), deletes at the API the
 * company's callbacks retired earlier without one. Answers how many are gone and how many remain.
 */
export async function retryRetiredCallbacks(
  deps: Pick<CallbackDeps, "db">,
  api: ApiClient,
  ref: CompanyRef,
): Promise<{ deleted: number; remaining: number }> {
  const r = readmodelCallbacksRetired;
  const rows = await deps.db
    .select({ id: r.id, callbackId: r.callbackId })
    .from(r)
    .where(and(eq(r.environment, ref.environment), eq(r.companyId, ref.company.id)));
  let deleted = 0;
  for (const row of rows) if (await deleteRetired(deps.db, api, row)) deleted++;
  return { deleted, remaining: rows.length - deleted };
}

/** Before a company's sync: its callbacks retired without a working token are deleted, its own is registered. */
export async function prepareCompanyCallbacks(deps: CallbackDeps, api: ApiClient, ref: CompanyRef): Promise<void> {
  await retryRetiredCallbacks(deps, api, ref);
  await ensureCompanyCallback(deps, api, ref);
}

export interface ReceiveDeps {
  db: ConsoleDb;
  cipher: TokenCipher;
  /** Queues the re-read (./jobs.ts `enqueueEventReread`); throws when the queue is not running. */
  enqueue: (job: EventJobData) => Promise<unknown>;
  now?: () => number;
}

export type ReceiveResult = { status: number; body: { ok: true; duplicate?: boolean; ignored?: boolean } | { error: string } };

type Payload = Record<string, unknown> & { event_type?: unknown; company_id?: unknown };

/** What a payload names: one employment, one expense, nothing the read model holds, or the company. */
export function targetOf(payload: Payload): EventJobData["target"] | null {
  const type = typeof payload.event_type === "string" ? payload.event_type : "";
  const str = (v: unknown) => (typeof v === "string" && v.length > 0 && v.length <= 100 ? v : null);
  if (type.startsWith("expense.")) {
    const id = str(payload.expense_id);
    return id ? { kind: "expense", id } : { kind: "company" };
  }
  if (type === "payslip.released" || type.startsWith("incentive.")) return null;
  const employment = str(payload.employment_id) ?? str(payload.employment_slug);
  return employment ? { kind: "employment", id: employment } : { kind: "company" };
}

/**
 * Handles one delivery: unknown receiver 404; bad or stale signature 401; a payload for another
 * company 400; an event id already handled 200 and nothing else. Otherwise the re-read is queued
 * first and the event id recorded after, so a failed enqueue (503) is delivered again by the API.
 */
export async function receiveWebhook(
  deps: ReceiveDeps,
  input: { environment: Environment; receiverId: string; rawBody: string; headers: Headers },
): Promise<ReceiveResult> {
  const c = readmodelCallbacks;
  const [callback] = await deps.db
    .select()
    .from(c)
    .where(and(eq(c.id, input.receiverId), eq(c.environment, input.environment)))
    .limit(1);
  if (!callback) return { status: 404, body: { error: "unknown receiver" } };
  let signingKey: string;
  try {
    signingKey = deps.cipher.open(callback.signingKeyEnc, aad(callback.id));
  } catch {
    return { status: 401, body: { error: "signing key unavailable" } };
  }
  const verified = verifyWebhookRequest({ headers: input.headers, rawBody: input.rawBody, signingKey, now: deps.now?.() });
  if (!verified.ok) return { status: 401, body: { error: verified.reason } };

  let payload: Payload;
  try {
    payload = JSON.parse(input.rawBody) as Payload;
  } catch {
    return { status: 400, body: { error: "the body is not JSON" } };
  }
  if (typeof payload !== "object" || payload === null || payload.company_id !== callback.companyId)
    return { status: 400, body: { error: "the payload is not for this receiver's company" } };

  // The event id the API sends (stable across retries and replays); without one, the signed body and
  // timestamp identify the delivery.
  const eventId =
    input.headers.get(EVENT_ID_HEADER) ?? `sha256:${createHash("sha256").update(`${input.rawBody}:${verified.timestamp}`).digest("hex")}`;
  const e = readmodelWebhookEvents;
  const [seen] = await deps.db
    .select({ id: e.eventId })
    .from(e)
    .where(and(eq(e.environment, input.environment), eq(e.eventId, eventId)))
    .limit(1);
  if (seen) return { status: 200, body: { ok: true, duplicate: true } };

  const target = targetOf(payload);
  // The company's source (a live partner grant or a signed-in admin); without one nothing is read.
  const source = await sourceOf(deps.db, { environment: input.environment, companyId: callback.companyId });
  const grant = source ? { name: source.companyName } : null;
  if (target && grant) {
    try {
      await deps.enqueue({ environment: input.environment, companyId: callback.companyId, companyName: grant.name, target });
    } catch {
      return { status: 503, body: { error: "the read model is not running; deliver again later" } };
    }
  }
  await deps.db
    .insert(e)
    .values({
      environment: input.environment,
      eventId,
      companyId: callback.companyId,
      eventType: typeof payload.event_type === "string" ? payload.event_type.slice(0, 100) : "unknown",
      receivedAt: new Date(deps.now?.() ?? Date.now()),
    })
    .onConflictDoNothing();
  return { status: 200, body: target && grant ? { ok: true } : { ok: true, ignored: true } };
}

/** Largest delivery body read (payloads are a few ids). */
export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;

/**
 * The receiver route's handler (app/api/webhooks/[environment]/[receiver]/route.ts): checks the path,
 * reads the body within its limit, and hands it to `receiveWebhook` with the process's queue.
 */
export async function handleReadModelWebhook(
  req: Request,
  params: { environment: string; receiver: string },
  deps: { db: ConsoleDb; cipher: TokenCipher; enqueue: ReceiveDeps["enqueue"] },
): Promise<Response> {
  const environment = params.environment;
  if ((environment !== "sandbox" && environment !== "production") || !/^[A-Za-z0-9_-]{16,64}$/.test(params.receiver))
    return Response.json({ error: "unknown receiver" }, { status: 404 });
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_WEBHOOK_BODY_BYTES) return Response.json({ error: "body too large" }, { status: 413 });
  const rawBody = await req.text();
  if (Buffer.byteLength(rawBody, "utf8") > MAX_WEBHOOK_BODY_BYTES) return Response.json({ error: "body too large" }, { status: 413 });
  const result = await receiveWebhook(deps, { environment, receiverId: params.receiver, rawBody, headers: req.headers });
  return Response.json(result.body, { status: result.status, headers: { "cache-control": "no-store" } });
}
