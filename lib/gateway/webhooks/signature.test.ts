import { describe, expect, it } from "vitest";
import { computeWebhookSignature, verifyWebhookRequest, verifyWebhookSignature } from "@/lib/webhooks-verify";
import { buildWebhookHeaders, signWebhookBody } from "./signer";

// Signature vectors: the gateway's signer and the receivers' helper (lib/webhooks-verify) agree, and
// the helper refuses every way a request can be wrong.

const KEY = "whsec_test_0123456789abcdef";
const BODY =
  '{"event_type":"employment.details.updated","employment_id":"2614f814-b08e-4c8e-8c4d-ddbcc4692d99","company_id":"97c7ce7e-ca67-11ed-bce5-3bb70cbb9f9e"}';
const TS = 1_700_000_000_000;
// printf '%s' "$BODY:$TS" | openssl dgst -sha256 -hmac "$KEY"
const EXPECTED = "d866a728e5305e97f6a4da4d5789413a5933e0f9e43dea3fdbebbef394d6141d";

describe("webhook signatures", () => {
  it("matches an independently computed vector (openssl), lowercase hex", () => {
    expect(signWebhookBody(KEY, BODY, TS)).toBe(EXPECTED);
    expect(computeWebhookSignature(KEY, BODY, TS)).toBe(EXPECTED);
    expect(computeWebhookSignature(KEY, Buffer.from(BODY), String(TS))).toBe(EXPECTED);
  });

  it("a valid request verifies (headers as sent by the dispatcher)", () => {
    const headers = buildWebhookHeaders({ signingKey: KEY, rawBody: BODY, timestampMs: TS, eventId: "evt-1" });
    expect(headers).toMatchObject({
      "Content-Type": "application/json",
      "X-Service-Timestamp": String(TS),
      "X-Service-Event-Id": "evt-1",
      "X-Service-Signature": EXPECTED,
    });
    expect(verifyWebhookRequest({ headers, rawBody: BODY, signingKey: KEY, now: TS + 1000 })).toEqual({
      ok: true,
      timestamp: TS,
      eventId: "evt-1",
    });
    // Node's req.headers are lower case; fetch Headers are case-insensitive.
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    expect(verifyWebhookRequest({ headers: lower, rawBody: BODY, signingKey: KEY, now: TS }).ok).toBe(true);
    expect(verifyWebhookRequest({ headers: new Headers(headers), rawBody: Buffer.from(BODY), signingKey: KEY, now: TS }).ok).toBe(true);
  });

  const base = { rawBody: BODY, signingKey: KEY, signature: EXPECTED, timestamp: String(TS), now: TS };
  it.each([
    ["wrong key", { signingKey: "whsec_other" }, "invalid_signature"],
    ["tampered body", { rawBody: BODY.replace("details", "account") }, "invalid_signature"],
    ["body re-serialised with a space", { rawBody: BODY.replace(":", ": ") }, "invalid_signature"],
    ["timestamp changed (replay with a fresh timestamp)", { timestamp: String(TS + 1), now: TS + 1 }, "invalid_signature"],
    ["truncated signature", { signature: EXPECTED.slice(0, 63) }, "invalid_signature"],
    ["signature of another length", { signature: `${EXPECTED}00` }, "invalid_signature"],
    ["old timestamp (6 minutes)", { now: TS + 6 * 60_000 }, "timestamp_outside_tolerance"],
    ["timestamp in the future (6 minutes)", { now: TS - 6 * 60_000 }, "timestamp_outside_tolerance"],
    ["timestamp in seconds instead of ms", { timestamp: String(TS / 1000) }, "timestamp_outside_tolerance"],
    ["non-numeric timestamp", { timestamp: "yesterday" }, "invalid_timestamp"],
    ["missing signature", { signature: undefined }, "missing_signature"],
    ["empty signature", { signature: "" }, "missing_signature"],
    ["missing timestamp", { timestamp: null }, "missing_timestamp"],
  ] as const)("refuses: %s", (_name, change, reason) => {
    expect(verifyWebhookSignature({ ...base, ...change })).toEqual({ ok: false, reason });
  });

  it("accepts within a custom tolerance and refuses outside it", () => {
    expect(verifyWebhookSignature({ ...base, now: TS + 9_000, toleranceMs: 10_000 }).ok).toBe(true);
    expect(verifyWebhookSignature({ ...base, now: TS + 11_000, toleranceMs: 10_000 })).toEqual({
      ok: false,
      reason: "timestamp_outside_tolerance",
    });
  });

  it("missing headers in a request", () => {
    expect(verifyWebhookRequest({ headers: {}, rawBody: BODY, signingKey: KEY, now: TS })).toEqual({
      ok: false,
      reason: "missing_signature",
    });
    expect(verifyWebhookRequest({ headers: { "x-service-signature": EXPECTED }, rawBody: BODY, signingKey: KEY, now: TS })).toEqual({
      ok: false,
      reason: "missing_timestamp",
    });
  });

  it("a signature made by the gateway signer with random inputs always verifies, and never with another key", () => {
    for (let i = 0; i < 200; i++) {
      const key = `k${Math.random().toString(36).slice(2)}`;
      const body = JSON.stringify({
        event_type: "payslip.released",
        payslip_id: crypto.randomUUID(),
        company_id: crypto.randomUUID(),
        note: "é ✓ 💸".repeat(i % 5),
      });
      const ts = TS + i;
      const signature = signWebhookBody(key, body, ts);
      expect(verifyWebhookSignature({ rawBody: body, signingKey: key, signature, timestamp: String(ts), now: ts }).ok).toBe(true);
      expect(verifyWebhookSignature({ rawBody: body, signingKey: `${key}x`, signature, timestamp: String(ts), now: ts }).ok).toBe(false);
    }
  });
});
