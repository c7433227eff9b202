import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { eq } from "drizzle-orm";
import { createGatewayApp } from "../app";
import type { GatewayDeps } from "../context";
import { sha256 } from "../crypto";
import { environmentDatabaseUrl, openDatabase, type Database } from "../db/client";
import { customerTokens, employments } from "../db/schema";
import { createApiServer, type ApiServer } from "../node-server";
import type { RateLimiter } from "../rate-limit";
import { createTestGateway, TEST_DATABASE_URL, TEST_DB_KIND, type TestGateway } from "@/test-support/gateway/harness";
import { makeAccessToken, makeClient, makeEmployment, makeTenant } from "@/test-support/gateway/factories";
import { tokenRequest } from "@/test-support/gateway/oauth";
import { createHotReadPath, type HotReadPath } from "./hot-read";
import { readCaches, RESPONSE_REFRESH_GRACE_MS, RESPONSE_TTL_MS, visibility } from "./read-path";
import { resolveToken } from "../auth/principal";

// The hot read path ahead of Hono (docs/decisions/api-hot-read-fast-path.md): what it answers is
// byte for byte what the full stack answers, and it answers nothing the full stack would refuse.

let gw: TestGateway;
let t: Awaited<ReturnType<typeof makeTenant>>;
const servers: ApiServer[] = [];
const opened: Database[] = [];

beforeEach(async () => {
  gw = await createTestGateway();
  t = await makeTenant(gw.deps.db, "sandbox");
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.drain({ idleGraceMs: 0, deadlineMs: 1_000 })));
});

afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
});

/** The hot path of these deps, recording what it decided for each request; `enabled = false` sends everything to the full stack. */
function spiedHotPath(deps: GatewayDeps) {
  const hot = createHotReadPath(deps);
  const spied = {
    enabled: true,
    decisions: [] as boolean[],
    spy: {
      serve(req, res) {
        if (!spied.enabled) return false;
        const r = hot.serve(req, res);
        if (typeof r === "boolean") spied.decisions.push(r);
        else void r.then((d) => spied.decisions.push(d));
        return r;
      },
    } as HotReadPath,
  };
  return spied;
}

async function serve(fetch: (r: Request) => Response | Promise<Response>, hotReads?: HotReadPath): Promise<string> {
  const api = createApiServer(fetch, { hotReads });
  servers.push(api);
  await new Promise<void>((resolve) => api.server.listen(0, "127.0.0.1", resolve));
  return `127.0.0.1:${(api.server.address() as AddressInfo).port}`;
}

interface RawAnswer {
  status: number;
  /** Header lines as sent (name and value, in order). */
  headers: Array<[string, string]>;
  body: Buffer;
}

/** One GET over a raw socket: the exact header lines and bytes the server wrote. */
function rawGet(host: string, path: string, headerLines: string[]): Promise<RawAnswer> {
  const [hostname, port] = host.split(":");
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname!);
    let data = Buffer.alloc(0);
    socket.on("error", reject);
    socket.on("data", (chunk) => {
      data = Buffer.concat([data, chunk]);
      const end = data.indexOf("\r\n\r\n");
      if (end === -1) return;
      const lines = data.subarray(0, end).toString("latin1").split("\r\n");
      const headers = lines.slice(1).map((l) => {
        const i = l.indexOf(":");
        return [l.slice(0, i), l.slice(i + 1).trim()] as [string, string];
      });
      const length = Number(headers.find(([n]) => n.toLowerCase() === "content-length")?.[1] ?? 0);
      if (data.length < end + 4 + length) return;
      socket.destroy();
      resolve({ status: Number(lines[0]!.split(" ")[1]), headers, body: data.subarray(end + 4, end + 4 + length) });
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\n${headerLines.map((l) => `${l}\r\n`).join("")}\r\n`);
  });
}

const bearer = (token: string) => [`Authorization: Bearer ${token}`];
const header = (a: RawAnswer, name: string) => a.headers.find(([n]) => n.toLowerCase() === name)?.[1];
/** The header lines with the values that differ per request or per second replaced by their kind. */
const shape = (a: RawAnswer) =>
  a.headers.map(([n, v]) => [n, /^(date|x-request-id|x-ratelimit-(count|remaining|reset))$/i.test(n) ? typeof v : v]);

/** Turns the test setup's contract observer off (production has none) for the callback. */
async function withoutObserver<T>(run: () => Promise<T>): Promise<T> {
  const g = globalThis as unknown as { __rosterResponseObserver?: unknown };
  const observer = g.__rosterResponseObserver;
  g.__rosterResponseObserver = undefined;
  try {
    return await run();
  } finally {
    g.__rosterResponseObserver = observer;
  }
}

describe("the hot path answers what the full stack answers", () => {
  it("a hot GET carries the full stack's status, header lines in order, rate-limit headers, request id and body", async () => {
    await withoutObserver(async () => {
      const e = await makeEmployment(gw.deps.db, t.company.id);
      const hot = spiedHotPath(gw.deps);
      const host = await serve(gw.app.fetch, hot.spy);
      for (const path of [`/v1/employments/${e.id}`, "/v1/employments", "/v1/employments?page=1&page_size=5"]) {
        hot.enabled = false;
        const miss = await rawGet(host, path, bearer(t.tokens.owner));
        const slowHit = await rawGet(host, path, bearer(t.tokens.owner));
        hot.enabled = true;
        hot.decisions.length = 0;
        const hotHit = await rawGet(host, path, bearer(t.tokens.owner));
        expect(hot.decisions).toEqual([true]);
        expect(miss.status).toBe(200);
        expect(hotHit.status).toBe(slowHit.status);
        expect(hotHit.body.equals(miss.body)).toBe(true);
        expect(shape(hotHit)).toEqual(shape(slowHit));
        expect(shape(slowHit)).toEqual(shape(miss));
        expect(hotHit.headers.map(([n]) => n)).toEqual(
          expect.arrayContaining(["x-ratelimit-remaining", "x-request-id", "X-Content-Type-Options", "Cache-Control", "content-length"]),
        );
        // Counted by the same limiter: each answer reports one request more.
        expect(Number(header(hotHit, "x-ratelimit-count"))).toBe(Number(header(slowHit, "x-ratelimit-count")) + 1);
        expect(Number(header(hotHit, "x-ratelimit-remaining"))).toBe(Number(header(slowHit, "x-ratelimit-remaining")) - 1);
        expect(Number(header(hotHit, "x-ratelimit-reset"))).toBeGreaterThan(0);
        expect(header(hotHit, "x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
        expect(new Set([miss, slowHit, hotHit].map((a) => header(a, "x-request-id"))).size).toBe(3);
      }
    });
  });

  it("with the test setup's contract observer on, hot answers are observed and still hot", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const g = globalThis as unknown as { __rosterResponseObserver?: (m: string, p: string, r: Response) => void };
    const original = g.__rosterResponseObserver;
    const seen: Array<{ path: string; requestId: string | null; type: string | null }> = [];
    g.__rosterResponseObserver = (method, path, res) => {
      seen.push({ path, requestId: res.headers.get("x-request-id"), type: res.headers.get("content-type") });
      original?.(method, path, res);
    };
    try {
      const hot = spiedHotPath(gw.deps);
      const host = await serve(gw.app.fetch, hot.spy);
      await rawGet(host, `/v1/employments/${e.id}`, bearer(t.tokens.owner));
      seen.length = 0;
      hot.decisions.length = 0;
      const hit = await rawGet(host, `/v1/employments/${e.id}`, bearer(t.tokens.owner));
      expect(hot.decisions).toEqual([true]);
      expect(seen).toEqual([
        { path: `/v1/employments/${e.id}`, requestId: header(hit, "x-request-id"), type: header(hit, "content-type") },
      ]);
    } finally {
      g.__rosterResponseObserver = original;
    }
  });

  it("requests the adapter would not take verbatim, HEAD, and repeated Authorization headers go to the full stack", async () => {
    await withoutObserver(async () => {
      const e = await makeEmployment(gw.deps.db, t.company.id);
      const hot = spiedHotPath(gw.deps);
      const host = await serve(gw.app.fetch, hot.spy);
      for (const path of [`/v1/employments/${e.id}`, `/v1/x/../employments/${e.id}`, `/v1/employments/${e.id}?q=%41`]) {
        await rawGet(host, path, bearer(t.tokens.owner));
        hot.decisions.length = 0;
        const again = await rawGet(host, path, bearer(t.tokens.owner));
        expect(again.status, path).toBe(200);
        expect(hot.decisions, path).toEqual(path.includes("..") || path.includes("%") ? [false] : [true]);
      }
      hot.decisions.length = 0;
      // Two Authorization lines: web Headers joins them (the full stack then answers 401), node keeps one.
      const twice = await rawGet(host, `/v1/employments/${e.id}`, [...bearer(t.tokens.owner), ...bearer(t.tokens.owner)]);
      expect(twice.status).toBe(401);
      expect(hot.decisions).toEqual([false]);
    });
  });
});

describe("one keep-alive connection", () => {
  it("each request is decided by its own Authorization and target, not the previous request's", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const other = await makeTenant(gw.deps.db, "sandbox");
    const hot = spiedHotPath(gw.deps);
    const host = await serve(gw.app.fetch, hot.spy);
    const [hostname, port] = host.split(":");
    const socket = connect(Number(port), hostname!);
    let data = "";
    socket.on("data", (chunk: Buffer) => (data += chunk.toString("latin1")));
    /** Sends one request on the shared socket and waits for its whole answer (status and body). */
    const get = async (path: string, token: string) => {
      data = "";
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\n\r\n`);
      for (;;) {
        const end = data.indexOf("\r\n\r\n");
        const length = end === -1 ? NaN : Number(/content-length: (\d+)/i.exec(data.slice(0, end))?.[1]);
        if (end !== -1 && data.length >= end + 4 + length) return { status: Number(data.split(" ")[1]), body: data.slice(end + 4) };
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    try {
      const path = `/v1/employments/${e.id}`;
      expect((await get(path, t.tokens.owner)).status).toBe(200);
      hot.decisions.length = 0;
      const own = await get(path, t.tokens.owner);
      expect(hot.decisions).toEqual([true]);
      // Another company's token on the same connection: not this company's answer.
      expect((await get(path, other.tokens.owner)).status).toBe(404);
      // A different target on the same connection: its own answer.
      const list = await get("/v1/employments", t.tokens.owner);
      expect(list.status).toBe(200);
      expect(list.body).not.toBe(own.body);
      // The token revoked: refused at once on the connection that used it.
      await gw.deps.db
        .update(customerTokens)
        .set({ revokedAt: new Date() })
        .where(eq(customerTokens.tokenHash, sha256(t.tokens.owner)));
      expect((await get(path, t.tokens.owner)).status).toBe(401);
    } finally {
      socket.destroy();
    }
  });
});

describe("past an answer's time to live", () => {
  it("one request refreshes it through the full stack while the others get it for the grace, never after a write", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const hot = spiedHotPath(gw.deps);
    const host = await serve(gw.app.fetch, hot.spy);
    const path = `/v1/employments/${e.id}`;
    const key = `${visibility((await resolveToken(gw.deps, t.tokens.owner))!.principal)}\n`;
    const entry = () => [...readCaches(gw.deps).responses!.entries()].find(([k]) => k.startsWith(key) && k.endsWith(path))?.[1];
    expect((await rawGet(host, path, bearer(t.tokens.owner))).status).toBe(200);
    const first = entry()!;
    hot.decisions.length = 0;
    gw.clock.advance(RESPONSE_TTL_MS);
    // The entry stays in place (as if its refresh were still running) for the first request past the time to live.
    const responses = readCaches(gw.deps).responses!;
    const { set, delete: remove } = responses;
    responses.set = (k, v) => (k.endsWith(path) ? responses : set.call(responses, k, v));
    responses.delete = (k) => (k.endsWith(path) ? false : remove.call(responses, k));
    try {
      expect((await rawGet(host, path, bearer(t.tokens.owner))).status).toBe(200);
      expect((await rawGet(host, path, bearer(t.tokens.owner))).status).toBe(200);
    } finally {
      responses.set = set;
      responses.delete = remove;
    }
    // The first went to the full stack (the refresh), the second was served the entry.
    expect(hot.decisions).toEqual([false, true]);
    expect(entry()).toBe(first);
    // After the grace, another request refreshes (it stores this time).
    hot.decisions.length = 0;
    gw.clock.advance(RESPONSE_REFRESH_GRACE_MS);
    expect((await rawGet(host, path, bearer(t.tokens.owner))).status).toBe(200);
    expect(hot.decisions).toEqual([false]);
    expect(entry()).not.toBe(first);
    // Past the time to live with a refresh running, a write still makes the entry unservable at once.
    gw.clock.advance(RESPONSE_TTL_MS);
    entry()!.refreshing = gw.clock.now().getTime();
    await gw.deps.db.update(employments).set({ jobTitle: "Refreshed title" }).where(eq(employments.id, e.id));
    hot.decisions.length = 0;
    const after = await rawGet(host, path, bearer(t.tokens.owner));
    expect(hot.decisions).toEqual([false]);
    expect(after.body.toString()).toContain("Refreshed title");
  });
});

describe("the hot path refuses what the full stack refuses", () => {
  it("a revoked token stops working at once", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const hot = spiedHotPath(gw.deps);
    const host = await serve(gw.app.fetch, hot.spy);
    const path = `/v1/employments/${e.id}`;
    expect((await rawGet(host, path, bearer(t.tokens.owner))).status).toBe(200);
    hot.decisions.length = 0;
    expect((await rawGet(host, path, bearer(t.tokens.owner))).status).toBe(200);
    expect(hot.decisions).toEqual([true]);
    await gw.deps.db
      .update(customerTokens)
      .set({ revokedAt: new Date() })
      .where(eq(customerTokens.tokenHash, sha256(t.tokens.owner)));
    hot.decisions.length = 0;
    expect((await rawGet(host, path, bearer(t.tokens.owner))).status).toBe(401);
    expect(hot.decisions).toEqual([false]);
  });

  it("an expired token stops working by the gateway's clock", async () => {
    const client = await makeClient(gw.deps.db);
    const { token } = await makeAccessToken(gw.deps.db, {
      clientId: client.id,
      user: t.owner,
      expiresAt: new Date(gw.clock.now().getTime() + 60_000),
    });
    const host = await serve(gw.app.fetch, createHotReadPath(gw.deps));
    expect((await rawGet(host, "/v1/employments", bearer(token))).status).toBe(200);
    gw.clock.advance(500);
    expect((await rawGet(host, "/v1/employments", bearer(token))).status).toBe(200);
    gw.clock.advance(60_000);
    expect((await rawGet(host, "/v1/employments", bearer(token))).status).toBe(401);
  });

  it("a token without the route's scope gets 403, also when an answer sits under its key", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const client = await makeClient(gw.deps.db);
    const { token: unscoped } = await makeAccessToken(gw.deps.db, { clientId: client.id, user: t.owner, scopes: ["company_admin"] });
    const hot = spiedHotPath(gw.deps);
    const host = await serve(gw.app.fetch, hot.spy);
    const path = `/v1/employments/${e.id}`;
    expect((await rawGet(host, path, bearer(t.tokens.owner))).status).toBe(200);
    // Twice: the second finds the token in the cache (the first fills it).
    expect((await rawGet(host, path, bearer(unscoped))).status).toBe(403);
    hot.decisions.length = 0;
    expect((await rawGet(host, path, bearer(unscoped))).status).toBe(403);
    expect(hot.decisions).toEqual([false]);
    // Plant the owner's answer under the unscoped token's key: the scope check must still refuse.
    const { responses } = readCaches(gw.deps);
    const owner = (await resolveToken(gw.deps, t.tokens.owner))!.principal;
    const other = (await resolveToken(gw.deps, unscoped))!.principal;
    const url = `http://${host}${path}`;
    const entry = responses!.get(`${visibility(owner)}\n${url}`);
    expect(entry).toBeDefined();
    responses!.set(`${visibility(other)}\n${url}`, { ...entry!, wire: undefined });
    hot.decisions.length = 0;
    expect((await rawGet(host, path, bearer(unscoped))).status).toBe(403);
    expect(hot.decisions).toEqual([false]);
  });

  it("rate limits answer 429 when exceeded, each request counted once, with the full stack's 429", async () => {
    const limited = await createTestGateway({ keepData: true, rateLimits: { perCompany: 3 } });
    let consumed = 0;
    const limiter = limited.deps.rateLimiter;
    const counting: RateLimiter = {
      config: limiter.config,
      consume: (buckets) => {
        consumed++;
        return limiter.consume(buckets);
      },
    };
    limited.deps.rateLimiter = counting;
    const hot = spiedHotPath(limited.deps);
    const host = await serve(limited.app.fetch, hot.spy);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await rawGet(host, "/v1/employments", bearer(t.tokens.owner)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    expect(hot.decisions).toEqual([false, true, true, false, false]);
    expect(consumed).toBe(5);
    expect(answers.map((a) => header(a, "x-ratelimit-remaining"))).toEqual(["2", "1", "0", "0", "0"]);
    expect(Number(header(answers[3]!, "retry-after"))).toBeGreaterThan(0);
    expect(JSON.parse(answers[3]!.body.toString())).toEqual(JSON.parse(answers[4]!.body.toString()));
    // The same 429 as a gateway without the hot path gives.
    const plain = await createTestGateway({ keepData: true, rateLimits: { perCompany: 1 } });
    const plainHost = await serve(plain.app.fetch);
    await rawGet(plainHost, "/v1/employments", bearer(t.tokens.owner));
    const refused = await rawGet(plainHost, "/v1/employments", bearer(t.tokens.owner));
    expect(refused.status).toBe(429);
    expect(refused.body.toString()).toBe(answers[3]!.body.toString());
    expect(answers[3]!.headers.map(([n]) => n)).toEqual(refused.headers.map(([n]) => n));
  });
});

// Two API instances: on PostgreSQL each has its own pool (as two processes would); on PGlite the
// database belongs to one process, so the second instance shares the handle.
describe("two instances on one database, over HTTP with the hot path", () => {
  async function secondInstance(): Promise<GatewayDeps> {
    let db = gw.deps.db;
    if (TEST_DB_KIND === "postgres") {
      const database = await openDatabase({ kind: "postgres", url: environmentDatabaseUrl(TEST_DATABASE_URL, "sandbox"), poolSize: 2 });
      opened.push(database);
      db = database.db;
    }
    return { ...gw.deps, db };
  }

  it("a write through one instance is seen by the next read through the other's hot path", async () => {
    const deps = await secondInstance();
    const hot = spiedHotPath(deps);
    const host = await serve(createGatewayApp(deps).fetch, hot.spy);
    const list = async () => (await rawGet(host, "/v1/company-departments", bearer(t.tokens.owner))).body.toString();
    const before = await list();
    hot.decisions.length = 0;
    expect(await list()).toBe(before);
    expect(hot.decisions).toEqual([true]);
    const created = await gw.call("POST", "/v1/company-departments", { token: t.tokens.owner, body: { name: "Research" } });
    expect(created.status).toBeLessThan(300);
    hot.decisions.length = 0;
    expect(await list()).toContain("Research");
    expect(hot.decisions).toEqual([false]);
  });

  it("a token revoked through one instance stops working at once through the other's hot path", async () => {
    const deps = await secondInstance();
    const hot = spiedHotPath(deps);
    const host = await serve(createGatewayApp(deps).fetch, hot.spy);
    expect((await rawGet(host, "/v1/employments", bearer(t.tokens.admin))).status).toBe(200);
    hot.decisions.length = 0;
    expect((await rawGet(host, "/v1/employments", bearer(t.tokens.admin))).status).toBe(200);
    expect(hot.decisions).toEqual([true]);
    await gw.deps.db
      .update(customerTokens)
      .set({ revokedAt: new Date() })
      .where(eq(customerTokens.tokenHash, sha256(t.tokens.admin)));
    expect((await rawGet(host, "/v1/employments", bearer(t.tokens.admin))).status).toBe(401);
  });

  it("an OAuth access token revoked through one instance's revoke endpoint stops working at once through the other's hot path", async () => {
    const client = await makeClient(gw.deps.db);
    const { token } = await makeAccessToken(gw.deps.db, { clientId: client.id, user: t.owner });
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const path = `/v1/employments/${e.id}`;
    const deps = await secondInstance();
    const hot = spiedHotPath(deps);
    const host = await serve(createGatewayApp(deps).fetch, hot.spy);
    expect((await rawGet(host, path, bearer(token))).status).toBe(200);
    hot.decisions.length = 0;
    expect((await rawGet(host, path, bearer(token))).status).toBe(200);
    // The other instance holds the token and the answer in memory: the next read would be hot.
    expect(hot.decisions).toEqual([true]);
    // Revoked through the first instance's HTTP endpoint (RFC 7009), as a client would.
    const revoked = await tokenRequest(gw.app, client, { token, token_type_hint: "access_token" }, "basic", "/auth/oauth2/revoke");
    expect(revoked.status).toBe(200);
    hot.decisions.length = 0;
    expect((await rawGet(host, path, bearer(token))).status).toBe(401);
    expect(hot.decisions).toEqual([false]);
    // Through the first instance too.
    expect((await gw.call("GET", path, { token })).status).toBe(401);
  });
});
