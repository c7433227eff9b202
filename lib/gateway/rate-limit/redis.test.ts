import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import Redis from "ioredis";
import { createRateLimiter, type RateLimitConfig } from ".";
import type { AddressInfo } from "node:net";
import { createGatewayApp, type GatewayApp } from "../app";
import { createHotReadPath, type HotReadPath } from "../cache/hot-read";
import type { GatewayDeps } from "../context";
import { createApiServer, type ApiServer } from "../node-server";
import { outboxEvents } from "../db/schema";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeDepartment, makeEmployment, makeTenant } from "@/test-support/gateway/factories";

// The rate limit with the Redis store: the same exactness as rate-limit.test.ts, and one limit shared
// by two gateway instances (two apps, two limiters, two Redis connections, one database).
// CI provides Redis; without it this file fails, unless ALLOW_SKIP_REDIS=1 makes it skip visibly.

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const ALLOW_SKIP = process.env.ALLOW_SKIP_REDIS === "1";
// One prefix per run: parallel runs and leftovers of earlier runs never share a counter.
const RUN_PREFIX = `roster-test:${process.pid}:${randomUUID()}`;

async function probeRedis(): Promise<string | null> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let cause: string | undefined;
  probe.on("error", (e: Error) => (cause ??= e.message));
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch (error) {
    return cause ?? (error instanceof Error ? error.message : String(error));
  } finally {
    probe.disconnect();
  }
}

const unreachable = await probeRedis();
if (unreachable && ALLOW_SKIP) console.warn(`[redis.test] SKIPPED: Redis unreachable at ${REDIS_URL} (${unreachable}); ALLOW_SKIP_REDIS=1`);

const connections: Redis[] = [];
const connect = () => {
  const r = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  connections.push(r);
  return r;
};

async function deleteKeys(redis: Redis, prefix: string): Promise<number> {
  let cursor = "0";
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
    cursor = next;
    if (keys.length > 0) deleted += await redis.del(...keys);
  } while (cursor !== "0");
  return deleted;
}

function redisApp(base: TestGateway, keyPrefix: string, config: Partial<RateLimitConfig>): GatewayApp {
  return createGatewayApp({ ...base.deps, rateLimiter: createRateLimiter({ redis: connect(), keyPrefix, config }) });
}

const call = (app: GatewayApp, method: string, path: string, token: string, body?: unknown) =>
  Promise.resolve(
    app.request(path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

async function expectTooManyRequests(res: Response, limit: number) {
  expect(res.status).toBe(429);
  expect(await res.json()).toEqual({ message: "Too many requests" });
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  expect(res.headers.get("x-ratelimit-count")).toBe(String(limit));
  expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
  expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(0);
  expect(Number(res.headers.get("x-ratelimit-reset"))).toBeLessThanOrEqual(60_000);
}

describe.skipIf(unreachable !== null && ALLOW_SKIP)(`rate limits with the Redis store (${REDIS_URL})`, () => {
  const N = 40;
  const EXTRA = 50;
  let admin: Redis;
  let base: TestGateway;
  let t: Awaited<ReturnType<typeof makeTenant>>;

  beforeAll(async () => {
    if (unreachable) {
      throw new Error(
        `Redis is unreachable at ${REDIS_URL} (${unreachable}). Start Redis (CI provides it), set REDIS_URL, or set ALLOW_SKIP_REDIS=1 to skip these tests.`,
      );
    }
    admin = connect();
    base = await createTestGateway();
    t = await makeTenant(base.deps.db, "sandbox");
  });

  afterAll(async () => {
    if (admin) {
      await deleteKeys(admin, RUN_PREFIX);
      expect(await admin.keys(`${RUN_PREFIX}*`)).toEqual([]);
    }
    await Promise.all(connections.map((c) => c.quit().catch(() => c.disconnect())));
  });

  it(`one instance: N+${EXTRA} concurrent writes for one company admit exactly N, refused ones leave no trace`, async () => {
    const prefix = `${RUN_PREFIX}:single`;
    const app = redisApp(base, prefix, { perCompany: N });
    const dept = await makeDepartment(base.deps.db, t.company.id);
    const rows = [];
    for (let i = 0; i < N + EXTRA; i++) rows.push(await makeEmployment(base.deps.db, t.company.id));
    const responses = await Promise.all(
      rows.map((e) => call(app, "PATCH", `/v2/employments/${e.id}`, t.tokens.admin, { department_id: dept.id })),
    );
    expect(responses.map((r) => r.status).filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(N);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(EXTRA);
    for (const res of refused) await expectTooManyRequests(res, N);
    const counts = responses.filter((r) => r.status === 200).map((r) => Number(r.headers.get("x-ratelimit-count")));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, i) => i + 1));

    const admitted = new Set(rows.filter((_, i) => responses[i]!.status === 200).map((e) => e.id));
    const events = await base.deps.db.select().from(outboxEvents).where(eq(outboxEvents.eventType, "employment.details.updated"));
    expect(events).toHaveLength(N);
    expect(new Set(events.map((e) => e.payload.employment_id))).toEqual(admitted);
    // The counter lives in Redis, under this run's prefix.
    expect(await admin.get(`${prefix}:rl:company:${t.company.id}`)).toBe(String(N + EXTRA));
  });

  it(`two instances over one Redis and one database share one limit: N+${EXTRA} requests split across both admit exactly N`, async () => {
    const prefix = `${RUN_PREFIX}:shared`;
    // A second gateway over the same database (keepData) stands for the second process.
    const second = await createTestGateway({ keepData: true });
    const apps = [redisApp(base, prefix, { perCompany: N }), redisApp(second, prefix, { perCompany: N })];
    const responses = await Promise.all(
      Array.from({ length: N + EXTRA }, (_, i) => call(apps[i % 2]!, "GET", "/v1/employments?page_size=1", t.tokens.admin)),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(N);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(EXTRA);
    // Each instance received N/2 + EXTRA/2 = 45 > N requests: two separate limits would have admitted 2N.
    const counts = responses.filter((r) => r.status === 200).map((r) => Number(r.headers.get("x-ratelimit-count")));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    for (const res of responses.filter((r) => r.status === 429)) await expectTooManyRequests(res, N);
    // The window is shared: both instances keep refusing.
    for (const app of apps) expect((await call(app, "GET", "/v1/employments", t.tokens.admin)).status).toBe(429);
  });

  it("two instances continue one count: the second instance's first request sees the first one's", async () => {
    const prefix = `${RUN_PREFIX}:sequential`;
    const second = await createTestGateway({ keepData: true });
    const [a, b] = [redisApp(base, prefix, { perCompany: 5 }), redisApp(second, prefix, { perCompany: 5 })];
    for (let i = 1; i <= 3; i++)
      expect((await call(a, "GET", "/v1/employments", t.tokens.admin)).headers.get("x-ratelimit-count")).toBe(String(i));
    const res = await call(b, "GET", "/v1/employments", t.tokens.owner);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-count")).toBe("4");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("1");
    expect((await call(a, "GET", "/v1/employments", t.tokens.admin)).status).toBe(200);
    await expectTooManyRequests(await call(b, "GET", "/v1/employments", t.tokens.admin), 5);
    await expectTooManyRequests(await call(a, "GET", "/v1/employments", t.tokens.admin), 5);
  });

  it("the hot read path (ahead of Hono) counts every request once in Redis: two instances over HTTP share one limit", async () => {
    const prefix = `${RUN_PREFIX}:hot`;
    const second = await createTestGateway({ keepData: true });
    const servers: ApiServer[] = [];
    const decisions: boolean[] = [];
    try {
      const urls: string[] = [];
      for (const gw of [base, second]) {
        const deps: GatewayDeps = {
          ...gw.deps,
          rateLimiter: createRateLimiter({ redis: connect(), keyPrefix: prefix, config: { perCompany: 6 } }),
        };
        const hot = createHotReadPath(deps);
        const spy: Pick<HotReadPath, "serve"> = {
          serve(req, res) {
            const r = hot.serve(req, res);
            void Promise.resolve(r).then((d) => decisions.push(d));
            return r;
          },
        };
        const api = createApiServer(createGatewayApp(deps).fetch, { hotReads: spy });
        servers.push(api);
        await new Promise<void>((resolve) => api.server.listen(0, "127.0.0.1", resolve));
        urls.push(`http://127.0.0.1:${(api.server.address() as AddressInfo).port}`);
      }
      const statuses: number[] = [];
      const counts: Array<string | null> = [];
      for (let i = 0; i < 9; i++) {
        const res = await fetch(`${urls[i % 2]!}/v1/employments`, { headers: { authorization: `Bearer ${t.tokens.owner}` } });
        statuses.push(res.status);
        counts.push(res.headers.get("x-ratelimit-count"));
        await res.arrayBuffer();
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429]);
      expect(counts).toEqual(["1", "2", "3", "4", "5", "6", "6", "6", "6"]);
      // Requests 3 to 6 were answered by the hot paths; every request was counted exactly once.
      expect(decisions.filter(Boolean)).toHaveLength(4);
      expect(await admin.get(`${prefix}:rl:company:${t.company.id}`)).toBe("9");
    } finally {
      await Promise.all(servers.map((s) => s.drain({ idleGraceMs: 0, deadlineMs: 1_000 })));
    }
  });

  it("a prefix separates runs: the same company under another prefix starts from zero", async () => {
    const app = redisApp(base, `${RUN_PREFIX}:other`, { perCompany: N });
    const res = await call(app, "GET", "/v1/employments", t.tokens.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-count")).toBe("1");
  });
});
