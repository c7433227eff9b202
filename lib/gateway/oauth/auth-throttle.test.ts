import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import Redis from "ioredis";
import { createGatewayApp, type GatewayApp } from "../app";
import { createAuthThrottle, DEFAULT_AUTH_THROTTLE } from "./auth-throttle";
import {
  basicAuth,
  Browser,
  defaultAuthorizeParams,
  authorizeUrl,
  newPkce,
  OAUTH_TEST_ROUTES,
  PASSWORD,
  setupOAuth,
  type OAuthSetup,
} from "@/test-support/gateway/oauth";

// Issue 10 item 5: failed authentications are throttled. At /auth/oauth2/token per client id
// (DEFAULT_AUTH_THROTTLE.perClient) and per address (perAddress); at the authorize sign-in page per
// account (perAccount) and per address. 429 with Retry-After once spent, the right credential
// included, and never for longer than the window. Memory by default; Redis shares the counts
// between API instances (REDIS_URL, as for the rate limits).

const { perClient, perAccount, perAddress } = DEFAULT_AUTH_THROTTLE;
const ADDRESS = "203.0.113.7";

/** POST /auth/oauth2/token from a given peer address (the node adapter's `incoming.socket`). */
function token(app: GatewayApp, clientId: string, secret: string, address = ADDRESS) {
  return Promise.resolve(
    app.request(
      "/auth/oauth2/token",
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: basicAuth(clientId, secret) },
        body: "grant_type=client_credentials",
      },
      { incoming: { socket: { remoteAddress: address } } },
    ),
  );
}

describe("client authentication at /auth/oauth2/token", () => {
  it(`300 wrong secrets: 401 × ${perClient}, then 429 with Retry-After, even for the right secret`, async () => {
    const setup = await setupOAuth();
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) statuses.push((await token(setup.app, setup.client.id, `wrong-${i}`, `198.51.100.${i % 200}`)).status);
    expect(statuses.slice(0, perClient)).toEqual(Array(perClient).fill(401));
    expect(new Set(statuses.slice(perClient))).toEqual(new Set([429]));
    const locked = await token(setup.app, setup.client.id, setup.client.secret);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(locked.headers.get("retry-after"))).toBeLessThanOrEqual(DEFAULT_AUTH_THROTTLE.windowSeconds);
    expect(locked.headers.get("cache-control")).toBe("no-store");
    expect(((await locked.json()) as { message: string }).message).toContain("Too many failed client authentications");
  });

  it("a success clears the client's count; failures below the limit never block", async () => {
    const setup = await setupOAuth();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < perClient - 1; i++) expect((await token(setup.app, setup.client.id, "wrong", `192.0.2.${i}`)).status).toBe(401);
      expect((await token(setup.app, setup.client.id, setup.client.secret)).status).toBe(200);
    }
  });

  it(`per address: ${perAddress} failures over many client ids block that address only`, async () => {
    const setup = await setupOAuth();
    for (let i = 0; i < perAddress; i++) expect((await token(setup.app, `guess-${i}`, "wrong")).status).toBe(401);
    expect((await token(setup.app, "guess-next", "wrong")).status).toBe(429);
    expect((await token(setup.app, setup.client.id, setup.client.secret)).status).toBe(429);
    // Another address is not affected.
    expect((await token(setup.app, setup.client.id, setup.client.secret, "203.0.113.99")).status).toBe(200);
  });

  it("a correct credential is locked out no longer than the window", { timeout: 20_000 }, async () => {
    const setup = await setupOAuth();
    setup.deps.authThrottle = createAuthThrottle({ keyPrefix: `t-${randomUUID()}`, config: { perClient: 3, windowSeconds: 1 } });
    for (let i = 0; i < 3; i++) expect((await token(setup.app, setup.client.id, "wrong")).status).toBe(401);
    const locked = await token(setup.app, setup.client.id, setup.client.secret);
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBe("1");
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await token(setup.app, setup.client.id, setup.client.secret)).status).toBe(200);
  });
});

describe("passwords at the authorize sign-in page", () => {
  async function signInPage(setup: OAuthSetup, address: string) {
    const browser = new Browser(setup.app, { incoming: { socket: { remoteAddress: address } } });
    const { challenge } = newPkce();
    const res = await browser.request(authorizeUrl(defaultAuthorizeParams(setup, challenge)));
    expect(res.status).toBe(200);
    return { browser, html: await res.text() };
  }

  it(`per account: ${perAccount} failures lock the account (even with the right password), from any address`, async () => {
    const setup = await setupOAuth();
    const a = await signInPage(setup, "198.51.100.1");
    for (let i = 0; i < perAccount; i++)
      expect((await a.browser.submit(a.html, { email: setup.tenant.owner.email, password: `x${i}` })).status).toBe(401);
    const b = await signInPage(setup, "198.51.100.2");
    const locked = await b.browser.submit(b.html, { email: setup.tenant.owner.email, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it(`per address: ${perAddress} failures over many accounts block that address only`, async () => {
    const setup = await setupOAuth();
    const attacker = await signInPage(setup, ADDRESS);
    for (let i = 0; i < perAddress; i++) {
      const res = await attacker.browser.submit(attacker.html, { email: `nobody${i}@example.test`, password: "guess" });
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const blocked = await attacker.browser.submit(attacker.html, { email: setup.tenant.admin.email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("from this network address");
    const elsewhere = await signInPage(setup, "203.0.113.200");
    expect((await elsewhere.browser.submit(elsewhere.html, { email: setup.tenant.admin.email, password: PASSWORD })).status).toBe(200);
  });
});

describe("with Redis (REDIS_URL), two API instances count failures together", () => {
  const url = process.env.REDIS_URL;
  const connections: Redis[] = [];
  afterAll(() => connections.forEach((r) => r.disconnect()));

  it.skipIf(!url && process.env.ALLOW_SKIP_REDIS === "1")("failures on instance A block instance B", async () => {
    const setup = await setupOAuth();
    const prefix = `roster-test:${process.pid}:${randomUUID()}`;
    const instance = () => {
      const redis = new Redis(url ?? "redis://127.0.0.1:6379", { maxRetriesPerRequest: 1 });
      connections.push(redis);
      return createGatewayApp({ ...setup.deps, authThrottle: createAuthThrottle({ redis, keyPrefix: prefix }) }, OAUTH_TEST_ROUTES);
    };
    const a = instance();
    const b = instance();
    for (let i = 0; i < perClient; i++) expect((await token(i % 2 ? a : b, setup.client.id, "wrong", `192.0.2.${i}`)).status).toBe(401);
    expect((await token(a, setup.client.id, setup.client.secret)).status).toBe(429);
    expect((await token(b, setup.client.id, setup.client.secret)).status).toBe(429);
  });
});
