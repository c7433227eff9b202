import "server-only";
import type { Environment, WebhookEventType } from "@/lib/contract";
import type { EmploymentRow } from "@/lib/gateway/services/employments";
import { emitEvent } from "@/lib/gateway/services/outbox";
import { buildSandboxPayload } from "@/lib/gateway/services/webhooks-trigger";
import type { TestGateway } from "./harness";
import { makeAccessToken, makeClient, makeCustomerToken, makeEmployment, makeTenant } from "./factories";
import type { WebhookRequest, WebhookSender } from "@/lib/gateway/webhooks/sender";

// Test helpers of the webhook suites: a recording sender and a small world of companies and tokens.

export interface SentRequest extends WebhookRequest {
  at: number;
}

/** A sender that records every request and answers with `respond` (200 by default). */
export function recordingSender(respond: (request: WebhookRequest, index: number) => number | Error | Promise<number | Error> = () => 200) {
  const sent: SentRequest[] = [];
  const sender: WebhookSender = async (request) => {
    sent.push({ ...request, at: Date.now() });
    const outcome = await respond(request, sent.length - 1);
    if (outcome instanceof Error) throw outcome;
    return { statusCode: outcome };
  };
  return { sender, sent };
}

/**
 * Two companies (A and B, each with customer tokens), a partner client that company A consented to
 * (user grant token) and its client-credentials token, a company C that consented too, and a second
 * partner with no consent at all.
 */
export async function makeWebhookWorld(gw: TestGateway, environment: Environment = "sandbox") {
  const db = gw.deps.db;
  const a = await makeTenant(db, environment);
  const b = await makeTenant(db, environment);
  const c = await makeTenant(db, environment);
  const partner = await makeClient(db);
  const otherPartner = await makeClient(db);
  const grantA = await makeAccessToken(db, { clientId: partner.id, user: a.admin });
  const grantC = await makeAccessToken(db, { clientId: partner.id, user: c.owner });
  const partnerToken = (await makeAccessToken(db, { clientId: partner.id })).token;
  const otherPartnerToken = (await makeAccessToken(db, { clientId: otherPartner.id })).token;
  const readOnlyA = await makeCustomerToken(db, environment, a.admin, ["webhook:read"]);
  const noWebhookScopeA = await makeCustomerToken(db, environment, a.admin, ["employment:read"]);
  const employmentA = await makeEmployment(db, a.company.id);
  const employmentB = await makeEmployment(db, b.company.id);
  const employmentC = await makeEmployment(db, c.company.id);
  return {
    a,
    b,
    c,
    partner,
    otherPartner,
    grantA,
    grantC,
    partnerToken,
    otherPartnerToken,
    readOnlyA,
    noWebhookScopeA,
    employmentA,
    employmentB,
    employmentC,
  };
}

/** Emits an event for an employment through the outbox, as the sandbox trigger does. */
export async function emitTestEvent(
  gw: TestGateway,
  employment: EmploymentRow,
  eventType: WebhookEventType = "employment.details.updated",
): Promise<string> {
  return gw.deps.db.transaction(async (tx) => {
    const payload = await buildSandboxPayload(tx, eventType, employment);
    return emitEvent(tx, gw.deps.clock.now(), eventType, payload as never);
  });
}

/** A callback row registered through the API; returns its id and signing key. */
export async function registerCallback(
  gw: TestGateway,
  token: string,
  body: Record<string, unknown>,
): Promise<{ id: string; signingKey: string }> {
  const res = await gw.call("POST", "/v1/webhook-callbacks", { token, body });
  if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const cb = ((await res.json()) as { data: { webhook_callback: { id: string; signing_key: string } } }).data.webhook_callback;
  return { id: cb.id, signingKey: cb.signing_key };
}
