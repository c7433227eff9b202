import { createHmac, timingSafeEqual } from "node:crypto";

// Verifies a webhook request sent by the Employment API, for receivers (Node only: node:crypto).
// Self-contained on purpose (no project imports): a receiver may copy this file as it is.
//
//   X-Service-Signature  lowercase hex HMAC-SHA256, keyed with the callback's signing_key,
//                        of `${rawBody}:${X-Service-Timestamp}`
//   X-Service-Timestamp  Unix time in milliseconds of this attempt
//   X-Service-Event-Id   stable across retries and replays: de-duplicate on it
//
// Verify the raw body exactly as received (before any JSON parsing), then parse it.

export const SIGNATURE_HEADER = "x-service-signature";
export const TIMESTAMP_HEADER = "x-service-timestamp";
export const EVENT_ID_HEADER = "x-service-event-id";

/** Default accepted clock difference between sender and receiver: 5 minutes either way. */
export const DEFAULT_TOLERANCE_MS = 5 * 60 * 1000;

export type VerifyFailure =
  "missing_signature" | "missing_timestamp" | "invalid_timestamp" | "timestamp_outside_tolerance" | "invalid_signature";

export type VerifyResult = { ok: true; timestamp: number; eventId: string | null } | { ok: false; reason: VerifyFailure };

export interface VerifyOptions {
  /** The body bytes or text exactly as received. */
  rawBody: string | Uint8Array;
  /** The callback's signing_key (returned once, when the callback was registered). */
  signingKey: string;
  signature: string | null | undefined;
  timestamp: string | null | undefined;
  eventId?: string | null;
  /** Maximum age (and maximum skew into the future) of the timestamp, in ms. Default 5 minutes. */
  toleranceMs?: number;
  /** Current Unix time in ms (default Date.now()); tests pass their own. */
  now?: number;
}

/** The signature the sender computes: lowercase hex HMAC-SHA256 of `${rawBody}:${timestamp}`. */
export function computeWebhookSignature(signingKey: string, rawBody: string | Uint8Array, timestamp: string | number): string {
  const hmac = createHmac("sha256", signingKey);
  hmac.update(typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody);
  hmac.update(`:${timestamp}`, "utf8");
  return hmac.digest("hex");
}

/** Checks the signature (in constant time) and the timestamp's freshness. */
export function verifyWebhookSignature(options: VerifyOptions): VerifyResult {
  const { signature, timestamp } = options;
  if (!signature) return { ok: false, reason: "missing_signature" };
  if (!timestamp) return { ok: false, reason: "missing_timestamp" };
  if (!/^[0-9]{1,16}$/.test(timestamp)) return { ok: false, reason: "invalid_timestamp" };
  const sentAt = Number(timestamp);
  const now = options.now ?? Date.now();
  if (Math.abs(now - sentAt) > (options.toleranceMs ?? DEFAULT_TOLERANCE_MS)) return { ok: false, reason: "timestamp_outside_tolerance" };
  const expected = Buffer.from(computeWebhookSignature(options.signingKey, options.rawBody, timestamp), "utf8");
  const given = Buffer.from(signature.trim().toLowerCase(), "utf8");
  // timingSafeEqual needs equal lengths; the length of a hex SHA-256 digest is public anyway.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid_signature" };
  return { ok: true, timestamp: sentAt, eventId: options.eventId ?? null };
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | null {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name);
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/**
 * Verifies a request from its headers (a fetch `Headers`, or Node's `req.headers`) and raw body.
 *
 *   const result = verifyWebhookRequest({ headers: req.headers, rawBody, signingKey });
 *   if (!result.ok) return res.writeHead(401).end(result.reason);
 *   if (await alreadyProcessed(result.eventId)) return res.writeHead(200).end();
 */
export function verifyWebhookRequest(options: {
  headers: HeaderSource;
  rawBody: string | Uint8Array;
  signingKey: string;
  toleranceMs?: number;
  now?: number;
}): VerifyResult {
  return verifyWebhookSignature({
    rawBody: options.rawBody,
    signingKey: options.signingKey,
    signature: header(options.headers, SIGNATURE_HEADER),
    timestamp: header(options.headers, TIMESTAMP_HEADER),
    eventId: header(options.headers, EVENT_ID_HEADER),
    toleranceMs: options.toleranceMs,
    now: options.now,
  });
}
