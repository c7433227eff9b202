import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  WEBHOOK_EVENT_TYPES,
  WebhookCallbackCreatedResponseSchema,
  WebhookCallbackDetailListResponseSchema,
  WebhookCallbackListResponseSchema,
  WebhookCallbackResponseSchema,
} from "@/lib/contract";
import { webhookCallbacks } from "../../db/schema";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { getSigningKeyCipher } from "../../webhooks/signing-key-cipher";
import { makeWebhookWorld } from "@/test-support/gateway/webhooks";

// POST/PATCH/DELETE /v1/webhook-callbacks, GET /v1/companies/{company_id}/webhook-callbacks (the
// provider's bare array) and GET /v1/webhook-callbacks (Roster-only: paginated, with company and dates).

const URL_OK = "https://hooks.example.com/roster";

async function register(
  gw: TestGateway,
  token: string,
  body: unknown = { url: URL_OK, subscribed_events: ["employment.details.updated"] },
) {
  const res = await gw.call("POST", "/v1/webhook-callbacks", { token, body });
  return { res, json: (await res.json()) as Record<string, unknown> };
}

describe("POST /v1/webhook-callbacks", () => {
  it("200 (the provider's status): returns the callback with its signing key, stored encrypted", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    const { res, json } = await register(gw, w.a.tokens.admin, {
      url: URL_OK,
      subscribed_events: ["employment.details.updated", "payslip.released", "payslip.released"],
    });
    expect(res.status).toBe(200);
    const cb = WebhookCallbackCreatedResponseSchema.parse(json).data.webhook_callback;
    // The provider's WebhookCallback (spec 2.5: id, signing_key, subscribed_events, url), nothing else.
    expect(Object.keys(cb).sort()).toEqual(["id", "signing_key", "subscribe_to_all_events", "subscribed_events", "url"]);
    expect(cb).toMatchObject({
      url: URL_OK,
      subscribed_events: ["employment.details.updated", "payslip.released"],
      subscribe_to_all_events: false,
    });
    expect(cb.signing_key.length).toBeGreaterThanOrEqual(40);
    const [row] = await gw.deps.db.select().from(webhookCallbacks).where(eq(webhookCallbacks.id, cb.id));
    expect(row!.companyId).toBe(w.a.company.id);
    expect(row!.signingKeyEncrypted).not.toContain(cb.signing_key);
    expect(getSigningKeyCipher(gw.deps).decrypt(cb.id, row!.signingKeyEncrypted)).toBe(cb.signing_key);
    // The row id is the additional data: a ciphertext moved to another row does not decrypt.
    expect(() => getSigningKeyCipher(gw.deps).decrypt(w.a.company.id, row!.signingKeyEncrypted)).toThrow();
  });

  it("200: subscribe_to_all_events lists every event type; partners register without a company", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    const { res, json } = await register(gw, w.partnerToken, { url: URL_OK, subscribe_to_all_events: true });
    expect(res.status).toBe(200);
    const cb = WebhookCallbackCreatedResponseSchema.parse(json).data.webhook_callback;
    expect(cb).toMatchObject({ subscribe_to_all_events: true });
    const [row] = await gw.deps.db.select().from(webhookCallbacks).where(eq(webhookCallbacks.id, cb.id));
    expect(row!.companyId).toBeNull();
    expect(cb.subscribed_events).toEqual([...WEBHOOK_EVENT_TYPES]);
  });

  it("400: malformed JSON or an unknown property", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    expect((await gw.call("POST", "/v1/webhook-callbacks", { token: w.a.tokens.admin, body: "{nope" })).status).toBe(400);
    const { res, json } = await register(gw, w.a.tokens.admin, {
      url: URL_OK,
      subscribed_events: ["payslip.released"],
      company_id: w.b.company.id,
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(json)).toContain("company_id");
  });

  it("401 without a valid token, 403 without the scope or the role", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    expect((await register(gw, "")).res.status).toBe(401);
    expect((await register(gw, "ra_test_unknown0000000000000000")).res.status).toBe(401);
    expect((await register(gw, w.readOnlyA)).res.status).toBe(403);
    expect((await register(gw, w.noWebhookScopeA)).res.status).toBe(403);
    expect((await register(gw, w.a.tokens.peopleManager)).res.status).toBe(403);
    expect((await register(gw, w.a.tokens.onboardingManager)).res.status).toBe(403);
    expect((await register(gw, w.a.tokens.owner)).res.status).toBe(200);
    expect((await register(gw, w.grantA.token)).res.status).toBe(200);
  });

  it("422: event types the provider does not have are named; no events; bad URLs", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    const unknown = await register(gw, w.a.tokens.admin, {
      url: URL_OK,
      subscribed_events: ["employment.details.updated", "timeoff.approved", "nope"],
    });
    expect(unknown.res.status).toBe(422);
    expect(unknown.json).toEqual({ errors: { subscribed_events: ["Unknown event types: nope"] } });
    // Every type of the provider's CreateWebhookCallbackParams is accepted, even one Roster never emits.
    const theirs = await register(gw, w.a.tokens.admin, { url: URL_OK, subscribed_events: ["timeoff.approved", "employment.updated"] });
    expect(theirs.res.status).toBe(200);
    expect(WebhookCallbackCreatedResponseSchema.parse(theirs.json).data.webhook_callback.subscribed_events).toEqual([
      "timeoff.approved",
      "employment.updated",
    ]);
    expect((await register(gw, w.a.tokens.admin, { url: URL_OK })).res.status).toBe(422);
    expect((await register(gw, w.a.tokens.admin, { url: URL_OK, subscribed_events: [] })).res.status).toBe(422);
    expect((await register(gw, w.a.tokens.admin, { url: URL_OK, subscribe_to_all_events: false })).res.status).toBe(422);
    const bad = await register(gw, w.a.tokens.admin, { url: "https://169.254.169.254/latest", subscribed_events: ["payslip.released"] });
    expect(bad.res.status).toBe(422);
    expect(bad.json).toMatchObject({ errors: { url: [expect.stringContaining("private or reserved")] } });
    expect(
      (await register(gw, w.a.tokens.admin, { url: "http://example.com/x", subscribed_events: ["payslip.released"] })).res.status,
    ).toBe(422);
    expect((await register(gw, w.a.tokens.admin, { url: 42, subscribed_events: ["payslip.released"] })).res.status).toBe(422);
  });

  it("local mode allows loopback http; production mode requires https and refuses loopback", async () => {
    const local = await createTestGateway({ config: { mode: "local" } });
    const wl = await makeWebhookWorld(local);
    expect(
      (await register(local, wl.a.tokens.admin, { url: "http://127.0.0.1:9999/hook", subscribe_to_all_events: true })).res.status,
    ).toBe(200);
    expect(
      (await register(local, wl.a.tokens.admin, { url: "http://localhost:9999/hook", subscribe_to_all_events: true })).res.status,
    ).toBe(200);

    const prod = await createTestGateway({ environment: "production", config: { mode: "production" } });
    // Production mode resolves names at registration: a public answer (no DNS in tests).
    prod.deps.resolver = async () => [{ address: "93.184.216.34", family: 4 }];
    const wp = await makeWebhookWorld(prod, "production");
    for (const url of ["http://127.0.0.1:9999/hook", "https://127.0.0.1/hook", "http://hooks.example.com/x", "https://localhost/x"]) {
      const { res, json } = await register(prod, wp.a.tokens.admin, { url, subscribe_to_all_events: true });
      expect(res.status, url).toBe(422);
      expect(json, url).toMatchObject({ errors: { url: expect.any(Array) } });
    }
    expect((await register(prod, wp.a.tokens.admin, { url: URL_OK, subscribe_to_all_events: true })).res.status).toBe(200);
  });
});

describe("PATCH and DELETE /v1/webhook-callbacks/{id}", () => {
  it("200: updates URL and subscriptions, never returns the key; DELETE 200 then 404", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    const created = WebhookCallbackCreatedResponseSchema.parse((await register(gw, w.a.tokens.admin)).json).data.webhook_callback;
    gw.clock.advance(1000);
    const res = await gw.call("PATCH", `/v1/webhook-callbacks/${created.id}`, {
      token: w.a.tokens.owner,
      body: { url: "https://other.example.com/h", subscribed_events: ["payslip.released"] },
    });
    expect(res.status).toBe(200);
    const json = await res.json();
    expect(JSON.stringify(json)).not.toContain("signing_key");
    const cb = WebhookCallbackResponseSchema.parse(json).data.webhook_callback;
    expect(cb).toMatchObject({
      id: created.id,
      url: "https://other.example.com/h",
      subscribed_events: ["payslip.released"],
      subscribe_to_all_events: false,
    });
    const [updatedRow] = await gw.deps.db.select().from(webhookCallbacks).where(eq(webhookCallbacks.id, created.id));
    expect(updatedRow!.updatedAt > updatedRow!.createdAt).toBe(true);
    const all = await gw.call("PATCH", `/v1/webhook-callbacks/${created.id}`, {
      token: w.a.tokens.admin,
      body: { subscribe_to_all_events: true },
    });
    expect(WebhookCallbackResponseSchema.parse(await all.json()).data.webhook_callback.subscribed_events).toHaveLength(
      WEBHOOK_EVENT_TYPES.length,
    );

    const del = await gw.call("DELETE", `/v1/webhook-callbacks/${created.id}`, { token: w.a.tokens.admin });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ data: { status: "ok" } });
    expect((await gw.call("DELETE", `/v1/webhook-callbacks/${created.id}`, { token: w.a.tokens.admin })).status).toBe(404);
    expect((await gw.call("PATCH", `/v1/webhook-callbacks/${created.id}`, { token: w.a.tokens.admin, body: { url: URL_OK } })).status).toBe(
      404,
    );
  });

  it("400 / 401 / 403 / 404 / 422", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    const id = WebhookCallbackCreatedResponseSchema.parse((await register(gw, w.a.tokens.admin)).json).data.webhook_callback.id;
    const patch = (token: string, body: unknown, cbId = id) => gw.call("PATCH", `/v1/webhook-callbacks/${cbId}`, { token, body });
    expect((await patch(w.a.tokens.admin, { signing_key: "mine" })).status).toBe(400);
    expect((await patch("", { url: URL_OK })).status).toBe(401);
    expect((await gw.call("DELETE", `/v1/webhook-callbacks/${id}`)).status).toBe(401);
    expect((await patch(w.readOnlyA, { url: URL_OK })).status).toBe(403);
    expect((await patch(w.a.tokens.peopleManager, { url: URL_OK })).status).toBe(403);
    expect((await gw.call("DELETE", `/v1/webhook-callbacks/${id}`, { token: w.a.tokens.peopleManager })).status).toBe(403);
    // Another company, the partner (its user grant registered nothing here), a bad id: 404.
    expect((await patch(w.b.tokens.admin, { url: URL_OK })).status).toBe(404);
    expect((await gw.call("DELETE", `/v1/webhook-callbacks/${id}`, { token: w.b.tokens.admin })).status).toBe(404);
    expect((await patch(w.partnerToken, { url: URL_OK })).status).toBe(404);
    expect((await patch(w.grantA.token, { url: URL_OK })).status).toBe(404);
    expect((await patch(w.a.tokens.admin, { url: URL_OK }, "not-a-uuid")).status).toBe(404);
    expect((await patch(w.a.tokens.admin, { url: URL_OK }, crypto.randomUUID())).status).toBe(404);
    expect((await patch(w.a.tokens.admin, {})).status).toBe(422);
    expect((await patch(w.a.tokens.admin, { subscribed_events: ["nope"] })).status).toBe(422);
    expect((await patch(w.a.tokens.admin, { url: "https://10.0.0.1/" })).status).toBe(422);
    expect((await patch(w.a.tokens.admin, { subscribe_to_all_events: false, subscribed_events: [] })).status).toBe(422);
  });
});

describe("GET /v1/companies/{company_id}/webhook-callbacks and GET /v1/webhook-callbacks", () => {
  it("lists the caller's callbacks for the company (Roster-only route: paginated, with dates), never the signing key", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    const mine = [];
    for (let i = 0; i < 3; i++) {
      gw.clock.advance(10);
      mine.push(
        WebhookCallbackCreatedResponseSchema.parse(
          (await register(gw, w.a.tokens.admin, { url: `${URL_OK}/${i}`, subscribe_to_all_events: true })).json,
        ).data.webhook_callback.id,
      );
    }
    const viaGrant = WebhookCallbackCreatedResponseSchema.parse((await register(gw, w.grantA.token)).json).data.webhook_callback.id;
    const partnerLevel = WebhookCallbackCreatedResponseSchema.parse((await register(gw, w.partnerToken)).json).data.webhook_callback.id;
    await register(gw, w.b.tokens.admin);

    const list = async (token: string, companyId: string, query = "") => {
      const res = await gw.call("GET", `/v1/webhook-callbacks?company_id=${companyId}${query}`, { token });
      return { status: res.status, text: res.status === 200 ? JSON.stringify(await res.clone().json()) : "", res };
    };
    const page1 = await list(w.a.tokens.admin, w.a.company.id, "&page_size=2");
    expect(page1.status).toBe(200);
    expect(page1.text).not.toContain("signing_key");
    const body1 = WebhookCallbackDetailListResponseSchema.parse(JSON.parse(page1.text)).data;
    expect(body1.webhook_callbacks[0]).toMatchObject({ company_id: w.a.company.id });
    // The company sees its own callbacks, including the one a partner registered through its grant.
    expect(body1).toMatchObject({ current_page: 1, total_count: 4, total_pages: 2 });
    const body2 = WebhookCallbackDetailListResponseSchema.parse(
      JSON.parse((await list(w.a.tokens.admin, w.a.company.id, "&page=2&page_size=2")).text),
    ).data;
    expect([...body1.webhook_callbacks, ...body2.webhook_callbacks].map((c) => c.id).sort()).toEqual([...mine, viaGrant].sort());

    // The user grant sees what its client registered for the company; the partner its own.
    const grantList = WebhookCallbackDetailListResponseSchema.parse(JSON.parse((await list(w.grantA.token, w.a.company.id)).text)).data
      .webhook_callbacks;
    expect(grantList.map((c) => c.id)).toEqual([viaGrant]);
    const partnerList = WebhookCallbackDetailListResponseSchema.parse(JSON.parse((await list(w.partnerToken, w.a.company.id)).text)).data
      .webhook_callbacks;
    expect(partnerList.map((c) => c.id).sort()).toEqual([viaGrant, partnerLevel].sort());
    expect((await list(w.readOnlyA, w.a.company.id)).status).toBe(200);
    // Without company_id: the token's company; a client token must name one.
    expect((await gw.call("GET", "/v1/webhook-callbacks", { token: w.a.tokens.admin })).status).toBe(200);
    expect((await gw.call("GET", "/v1/webhook-callbacks", { token: w.partnerToken })).status).toBe(400);

    // The provider's route: every callback in a bare array, the provider's fields only.
    const provider = await gw.call("GET", `/v1/companies/${w.a.company.id}/webhook-callbacks`, { token: w.a.tokens.admin });
    expect(provider.status).toBe(200);
    const all = WebhookCallbackListResponseSchema.parse(await provider.json()).data;
    expect(all.map((c) => c.id).sort()).toEqual([...mine, viaGrant].sort());
    for (const c of all) expect(Object.keys(c).sort()).toEqual(["id", "subscribe_to_all_events", "subscribed_events", "url"]);
  });

  it("400 / 401 / 403 / 404", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    expect((await gw.call("GET", `/v1/webhook-callbacks?page_size=500`, { token: w.a.tokens.admin })).status).toBe(400);
    expect((await gw.call("GET", `/v1/webhook-callbacks?company_id=nope`, { token: w.a.tokens.admin })).status).toBe(400);
    expect((await gw.call("GET", `/v1/webhook-callbacks?company_id=${w.b.company.id}`, { token: w.a.tokens.admin })).status).toBe(404);
    expect((await gw.call("GET", `/v1/companies/${w.a.company.id}/webhook-callbacks`)).status).toBe(401);
    expect((await gw.call("GET", `/v1/companies/${w.a.company.id}/webhook-callbacks`, { token: w.noWebhookScopeA })).status).toBe(403);
    // Another company; a company that never consented to the partner; a partner without consent; junk.
    expect((await gw.call("GET", `/v1/companies/${w.b.company.id}/webhook-callbacks`, { token: w.a.tokens.admin })).status).toBe(404);
    expect((await gw.call("GET", `/v1/companies/${w.b.company.id}/webhook-callbacks`, { token: w.partnerToken })).status).toBe(404);
    expect((await gw.call("GET", `/v1/companies/${w.a.company.id}/webhook-callbacks`, { token: w.otherPartnerToken })).status).toBe(404);
    expect((await gw.call("GET", `/v1/companies/${w.b.company.id}/webhook-callbacks`, { token: w.grantA.token })).status).toBe(404);
    expect((await gw.call("GET", `/v1/companies/nope/webhook-callbacks`, { token: w.a.tokens.admin })).status).toBe(404);
  });

  it("the other environment sees nothing (401 with a sandbox token on production)", async () => {
    const prod = await createTestGateway({ environment: "production" });
    const sandbox = await createTestGateway({ environment: "sandbox" });
    const w = await makeWebhookWorld(sandbox);
    expect((await prod.call("GET", `/v1/companies/${w.a.company.id}/webhook-callbacks`, { token: w.a.tokens.admin })).status).toBe(401);
  });
});
