import { beforeEach, describe, expect, it } from "vitest";
import type { LookupAddress } from "node:dns";
import { WebhookCallbackCreatedResponseSchema, WebhookDeliveryListResponseSchema } from "@/lib/contract";
import { webhookCallbacks } from "../../db/schema";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { createDispatcher } from "../../webhooks/dispatcher";
import type { DnsResolver } from "../../webhooks/ssrf-guard";
import { emitTestEvent, makeWebhookWorld, recordingSender } from "@/test-support/gateway/webhooks";

// Issue 10 item 2: in GATEWAY_MODE=production a callback's host name is resolved at registration
// and on update, and refused (422 on url) when any A/AAAA record is private, loopback, link-local
// or metadata. DNS is injected (no network here): the names below answer what such names answer.
// Issue 10 item 9: a company's Customer API token sees the callbacks its partner registered for it,
// but may not change, delete or replay them (403); the partner's own token still may.

const DNS: Record<string, string[]> = {
  "hooks.partner.example": ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"],
  "7f000001.nip.io": ["127.0.0.1"],
  "myhost.corp.example": ["10.1.2.3"],
  "host.docker.internal": ["192.168.65.254"],
  "metadata.rebind.example": ["169.254.169.254"],
  "one-bad-record.example": ["93.184.216.34", "172.16.0.9"],
  "v6-loopback.example": ["::1"],
  "v6-link-local.example": ["fe80::1"],
  "mapped.example": ["::ffff:10.0.0.1"],
};

const resolver: DnsResolver = async (host) => {
  const answers = DNS[host];
  if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return answers.map((address): LookupAddress => ({ address, family: address.includes(":") ? 6 : 4 }));
};

let gw: TestGateway;
let w: Awaited<ReturnType<typeof makeWebhookWorld>>;

const register = (token: string, url: string) =>
  gw.call("POST", "/v1/webhook-callbacks", { token, body: { url, subscribe_to_all_events: true } });

async function expectUrlRefused(res: Response, fragment: string) {
  const text = await res.text();
  expect(res.status, text).toBe(422);
  const body = JSON.parse(text) as { errors: Record<string, string[]> };
  expect(Object.keys(body.errors)).toEqual(["url"]);
  expect(body.errors.url![0]).toContain(fragment);
}

describe("SSRF at registration (GATEWAY_MODE=production)", () => {
  beforeEach(async () => {
    gw = await createTestGateway({ config: { mode: "production" } });
    gw.deps.resolver = resolver;
    w = await makeWebhookWorld(gw);
  });

  it("a name whose records are all public is registered", async () => {
    const res = await register(w.a.tokens.admin, "https://hooks.partner.example/roster");
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it.each([
    ["7f000001.nip.io", "127.0.0.1, which is a loopback address"],
    ["myhost.corp.example", "10.1.2.3, which is a private address"],
    ["host.docker.internal", "192.168.65.254, which is a private address"],
    ["metadata.rebind.example", "169.254.169.254, which is a linkLocal address"],
    ["one-bad-record.example", "172.16.0.9"],
    ["v6-loopback.example", "::1, which is a loopback address"],
    ["v6-link-local.example", "fe80::1"],
    ["mapped.example", "::ffff:10.0.0.1"],
  ])("POST: %s is refused with 422 on url (%s), and nothing is stored", async (host, fragment) => {
    await expectUrlRefused(await register(w.a.tokens.admin, `https://${host}/hook`), fragment);
    expect(await gw.deps.db.select().from(webhookCallbacks)).toEqual([]);
  });

  it("a name that does not resolve is refused, naming the error", async () => {
    await expectUrlRefused(await register(w.partnerToken, "https://nowhere.example/hook"), "ENOTFOUND");
  });

  it("PATCH: changing the URL to a name with a private record is refused and the callback keeps its URL", async () => {
    const created = await register(w.a.tokens.admin, "https://hooks.partner.example/roster");
    const id = WebhookCallbackCreatedResponseSchema.parse(await created.json()).data.webhook_callback.id;
    const res = await gw.call("PATCH", `/v1/webhook-callbacks/${id}`, {
      token: w.a.tokens.admin,
      body: { url: "https://7f000001.nip.io/x" },
    });
    await expectUrlRefused(res, "loopback");
    const [row] = await gw.deps.db.select().from(webhookCallbacks);
    expect(row!.url).toBe("https://hooks.partner.example/roster");
  });

  it("local mode resolves nothing at registration (the connection-time guard still applies)", async () => {
    const local = await createTestGateway({ config: { mode: "local" } });
    let lookups = 0;
    local.deps.resolver = async (host) => {
      lookups++;
      return resolver(host);
    };
    const lw = await makeWebhookWorld(local);
    const res = await local.call("POST", "/v1/webhook-callbacks", {
      token: lw.a.tokens.admin,
      body: { url: "https://unresolvable.example/hook", subscribe_to_all_events: true },
    });
    expect(res.status).toBe(200);
    expect(lookups).toBe(0);
  });
});

describe("a company's Customer API token and the callbacks its partner registered for it", () => {
  beforeEach(async () => {
    gw = await createTestGateway();
    w = await makeWebhookWorld(gw);
  });

  it("sees them, but PATCH, DELETE and replay answer 403; the partner's grant still manages them", async () => {
    const created = await register(w.grantA.token, "https://partner.example.com/a");
    expect(created.status).toBe(200);
    const id = WebhookCallbackCreatedResponseSchema.parse(await created.json()).data.webhook_callback.id;
    gw.clock.advance(1);
    await emitTestEvent(gw, w.employmentA);
    await createDispatcher(gw.deps, { sender: recordingSender(() => 200).sender }).drain();

    const list = await gw.call("GET", `/v1/companies/${w.a.company.id}/webhook-callbacks`, { token: w.a.tokens.admin });
    expect(JSON.stringify(await list.json())).toContain(id);
    const events = WebhookDeliveryListResponseSchema.parse(
      await (await gw.call("GET", "/v1/webhook-deliveries", { token: w.a.tokens.admin })).json(),
    ).data.webhook_events;
    const delivery = events.find((e) => e.webhook_callback_id === id)!;
    expect(delivery).toBeTruthy();

    const company = w.a.tokens.owner;
    expect(
      (await gw.call("PATCH", `/v1/webhook-callbacks/${id}`, { token: company, body: { url: "https://evil.example/x" } })).status,
    ).toBe(403);
    expect((await gw.call("DELETE", `/v1/webhook-callbacks/${id}`, { token: company })).status).toBe(403);
    expect((await gw.call("POST", "/v1/webhook-events/replay", { token: company, body: { ids: [delivery.id] } })).status).toBe(403);
    const [row] = await gw.deps.db.select().from(webhookCallbacks);
    expect(row).toMatchObject({ url: "https://partner.example.com/a", deletedAt: null });

    // The company's own callbacks stay its own to manage; the partner manages what it registered.
    const own = WebhookCallbackCreatedResponseSchema.parse(await (await register(company, "https://a.example.com/own")).json()).data
      .webhook_callback.id;
    expect((await gw.call("DELETE", `/v1/webhook-callbacks/${own}`, { token: company })).status).toBe(200);
    expect(
      (await gw.call("PATCH", `/v1/webhook-callbacks/${id}`, { token: w.grantA.token, body: { url: "https://partner.example.com/b" } }))
        .status,
    ).toBe(200);
    expect((await gw.call("DELETE", `/v1/webhook-callbacks/${id}`, { token: w.grantA.token })).status).toBe(200);
  });
});
