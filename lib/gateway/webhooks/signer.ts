import "server-only";
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from "@/lib/contract";
import { hmacSha256Hex } from "../crypto";

// Signs webhook requests (DECISIONS.md "Webhooks"): lowercase hex HMAC-SHA256, keyed with the
// callback's signing key, of `${rawBody}:${timestamp}`, the timestamp being this attempt's Unix ms.
// Receivers verify with lib/webhooks-verify.

export function signWebhookBody(signingKey: string, rawBody: string, timestampMs: number): string {
  return hmacSha256Hex(signingKey, `${rawBody}:${timestampMs}`);
}

export const WEBHOOK_USER_AGENT = "Roster-Webhooks/1.0";

/** Headers of one attempt. */
export function buildWebhookHeaders(input: {
  signingKey: string;
  rawBody: string;
  timestampMs: number;
  eventId: string;
}): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "User-Agent": WEBHOOK_USER_AGENT,
    [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(input.signingKey, input.rawBody, input.timestampMs),
    [WEBHOOK_TIMESTAMP_HEADER]: String(input.timestampMs),
    [WEBHOOK_EVENT_ID_HEADER]: input.eventId,
  };
}
