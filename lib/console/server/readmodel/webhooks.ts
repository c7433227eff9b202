import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Environment } from "@/lib/contract";
import { EVENT_ID_HEADER, verifyWebhookRequest } from "@/lib/webhooks-verify";
import type { ApiClient } from "../api-client";
import type { TokenCipher } from "../crypto";
import type { ConsoleDb } from "../db/client";
import { readmodelCallbacks, readmodelWebhookEvents } from "../db/schema";
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

/** Deletes the company's callback at the API and here (before consent is withdrawn, while a token still works). */
export async function removeCompanyCallback(deps: Pick<CallbackDeps, "db">, api: ApiClient | null, ref: CompanyRef): Promise<void> {
  const c = readmodelCallbacks;
  const rows = await deps.db
    .delete(c)
    .where(and(eq(c.environment, ref.environment), eq(c.companyId, ref.company.id)))
    .returning({ callbackId: c.callbackId });
  if (api) for (const row of rows) await deleteWebhookCallback(api, row.callbackId).catch(() => undefined);
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
