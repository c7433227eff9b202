import "server-only";
import { and, eq, gt, lte } from "drizzle-orm";
import type { GatewayContext, Principal } from "./context";
import { sha256 } from "./crypto";
import type { Db } from "./db/client";
import { idempotencyKeys } from "./db/schema";
import { ApiError, badRequest, conflict, parameterError } from "./errors";

// `Idempotency-Key` on every authenticated POST (docs/decisions/api-idempotency-keys.md), with
// Stripe's semantics: the same key and the same request within 24 hours replay the first answer
// byte for byte, without a second effect; the same key with another request is a 422; concurrent
// duplicates make one effect. Keys are scoped per credential (kind, client, company, user) in the
// environment's own database, so they survive restarts and hold across API instances.
//
// How: the handler runs in one transaction that first inserts the key's row, then stores the answer
// in it before committing. A concurrent duplicate's insert waits on that row until the first
// transaction ends, then finds it and replays it; a crash rolls back the effect and the key together
// (a retry then runs afresh). 4xx answers thrown by the handler roll its writes back and are stored
// afterwards; 5xx answers are not stored (the retry runs again).

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_RE = /^[\x21-\x7e]{1,255}$/;
/** Headers of an answer that belong to the request, not to the result: never stored, never replayed. */
const PER_REQUEST_HEADERS = new Set([
  "x-request-id",
  "x-ratelimit-count",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "set-cookie",
  "connection",
]);

type Row = typeof idempotencyKeys.$inferSelect;

/** Who may reuse a key: one credential's kind, client, company and user. */
export function idempotencyScope(p: Principal): string {
  return [p.kind, p.clientId ?? "-", p.companyId ?? "-", p.userId ?? "-"].join("|");
}

/** JSON with object keys sorted: the same body written in another order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function requestHash(c: GatewayContext, body: unknown): string {
  const url = new URL(c.req.url);
  const query = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256(canonicalJson([c.req.method, url.pathname, query, body ?? null]));
}

class KeyTaken extends Error {}
class NotStored extends Error {
  constructor(readonly response: Response) {
    super("not stored");
  }
}

function storedHeaders(res: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!PER_REQUEST_HEADERS.has(name.toLowerCase())) headers[name] = value;
  });
  return headers;
}

function replay(c: GatewayContext, row: Row, hash: string): Response {
  if (row.requestHash !== hash) {
    throw parameterError({
      code: "idempotency_key_reused",
      message: "This Idempotency-Key was used with another request (method, path, query or body) in the last 24 hours",
      param: IDEMPOTENCY_HEADER,
    });
  }
  const bytes = Buffer.from(row.responseBody, "base64");
  return c.body(bytes, row.responseStatus as 200, { ...row.responseHeaders, "Idempotent-Replayed": "true" });
}

async function findLive(db: Db, scope: string, key: string, now: Date): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), gt(idempotencyKeys.expiresAt, now)))
    .limit(1);
  return row;
}

/**
 * Runs a POST handler under its Idempotency-Key (when the request has one): replays a stored answer,
 * or runs the handler once and stores its answer with its effect.
 */
export async function withIdempotency(
  c: GatewayContext,
  principal: Principal,
  body: unknown,
  handler: () => Response | Promise<Response>,
): Promise<Response> {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return handler();
  if (!KEY_RE.test(key)) {
    throw badRequest({ code: "invalid_parameter", message: `${IDEMPOTENCY_HEADER} must be 1 to 255 printable ASCII characters` });
  }
  const deps = c.get("deps");
  const scope = idempotencyScope(principal);
  const hash = requestHash(c, body);
  const now = deps.clock.now();
  const existing = await findLive(deps.db, scope, key, now);
  if (existing) return replay(c, existing, hash);
  // An expired row frees its key; now and then, every expired row goes.
  await deps.db
    .delete(idempotencyKeys)
    .where(
      Math.random() < 0.01
        ? lte(idempotencyKeys.expiresAt, now)
        : and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), lte(idempotencyKeys.expiresAt, now)),
    );

  const row = (status: number, headers: Record<string, string>, bytes: Uint8Array) => ({
    scope,
    key,
    requestHash: hash,
    responseStatus: status,
    responseHeaders: headers,
    responseBody: Buffer.from(bytes).toString("base64"),
    createdAt: now,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
  });

  try {
    return await deps.db.transaction(async (tx) => {
      // Claims the key: a concurrent duplicate's insert waits here until this transaction ends.
      const claimed = await tx
        .insert(idempotencyKeys)
        .values(row(0, {}, new Uint8Array()))
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) throw new KeyTaken();
      c.set("deps", { ...deps, db: tx as unknown as Db });
      let res: Response;
      try {
        res = await handler();
      } finally {
        c.set("deps", deps);
      }
      if (res.status >= 500) throw new NotStored(res);
      const bytes = new Uint8Array(await res.arrayBuffer());
      const headers = storedHeaders(res);
      await tx
        .update(idempotencyKeys)
        .set({ responseStatus: res.status, responseHeaders: headers, responseBody: Buffer.from(bytes).toString("base64") })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      return new Response(bytes, { status: res.status, headers: res.headers });
    });
  } catch (error) {
    if (error instanceof NotStored) return error.response;
    if (error instanceof KeyTaken) {
      const taken = await findLive(deps.db, scope, key, now);
      if (taken) return replay(c, taken, hash);
      throw conflict(`A request with this ${IDEMPOTENCY_HEADER} is being processed: retry it later`);
    }
    if (error instanceof ApiError && error.status < 500) {
      // The handler refused the request: its writes were rolled back; the refusal is the answer to replay.
      const res = c.json(error.body, error.status as 400, error.headers);
      const bytes = new Uint8Array(await res.clone().arrayBuffer());
      const stored = await deps.db
        .insert(idempotencyKeys)
        .values(row(res.status, storedHeaders(res), bytes))
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (stored.length === 0) {
        const taken = await findLive(deps.db, scope, key, now);
        if (taken) return replay(c, taken, hash);
      }
      return res;
    }
    throw error;
  }
}
