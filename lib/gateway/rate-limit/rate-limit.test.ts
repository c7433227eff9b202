import { describe, expect, it } from "vitest";
import { and, eq, isNotNull } from "drizzle-orm";
import { employments, outboxEvents } from "../db/schema";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import {
  makeAccessToken,
  makeClient,
  makeCustomerToken,
  makeDepartment,
  makeEmployment,
  makeTenant,
} from "@/test-support/gateway/factories";

// Spec section 8 and DECISIONS.md "Rate limits", through the app (in-process, memory store).
// redis.test.ts runs the exactness test again with the Redis store and two gateway instances.

type Tenant = Awaited<ReturnType<typeof makeTenant>>;

let t: Tenant;
let other: Tenant;

async function gatewayWith(rateLimits: { perClient?: number; perCompany?: number; windowMs?: number }): Promise<TestGateway> {
  const gw = await createTestGateway({ rateLimits });
  t = await makeTenant(gw.deps.db, "sandbox");
  other = await makeTenant(gw.deps.db, "sandbox");
  return gw;
}

function rl(res: Response) {
  return {
    count: res.headers.get("x-ratelimit-count"),
    remaining: res.headers.get("x-ratelimit-remaining"),
    reset: res.headers.get("x-ratelimit-reset"),
  };
}

/** Every 429 of the spec: body, Retry-After in whole seconds and the three headers. */
async function expectTooManyRequests(res: Response, windowMs: number, limit: number) {
  expect(res.status).toBe(429);
  expect(await res.json()).toEqual({ message: "Too many requests" });
  const retryAfter = res.headers.get("retry-after");
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(Math.ceil(windowMs / 1000));
  const h = rl(res);
  expect(h.count).toBe(String(limit));
  expect(h.remaining).toBe("0");
  expect(Number(h.reset)).toBeGreaterThan(0);
  expect(Number(h.reset)).toBeLessThanOrEqual(windowMs);
}

describe("rate limits (spec 8): exactness under concurrency", () => {
  const N = 40;
  const EXTRA = 50;

  it(`N+${EXTRA} concurrent writes for one company: exactly N admitted, ${EXTRA} refused, refused ones leave no trace`, async () => {
    const gw = await gatewayWith({ perCompany: N });
    const dept = await makeDepartment(gw.deps.db, t.company.id);
    const rows = [];
    for (let i = 0; i < N + EXTRA; i++) rows.push(await makeEmployment(gw.deps.db, t.company.id));

    // One department change per employment: each admitted request writes one row and one outbox event.
    const responses = await Promise.all(
      rows.map((e) => gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: { department_id: dept.id } })),
    );
    const admitted = rows.filter((_, i) => responses[i]!.status === 200).map((e) => e.id);
    const refused = responses.filter((r) => r.status === 429);
    expect(responses.map((r) => r.status).filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(admitted).toHaveLength(N);
    expect(refused).toHaveLength(EXTRA);
    for (const res of refused) await expectTooManyRequests(res, 60_000, N);

    // Admitted counts 1..N were each handed out exactly once.
    const counts = responses.filter((r) => r.status === 200).map((r) => Number(r.headers.get("x-ratelimit-count")));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, i) => i + 1));

    const events = await gw.deps.db.select().from(outboxEvents).where(eq(outboxEvents.eventType, "employment.details.updated"));
    expect(events).toHaveLength(N);
    expect(new Set(events.map((e) => e.payload.employment_id))).toEqual(new Set(admitted));
    const changed = await gw.deps.db
      .select({ id: employments.id })
      .from(employments)
      .where(and(eq(employments.companyId, t.company.id), isNotNull(employments.departmentId)));
    expect(new Set(changed.map((r) => r.id))).toEqual(new Set(admitted));
  });

  it("the same exactness holds for reads mixed across several tokens of the company", async () => {
    const gw = await gatewayWith({ perCompany: N });
    const client = await makeClient(gw.deps.db);
    const { token: grant } = await makeAccessToken(gw.deps.db, { clientId: client.id, user: t.admin });
    const tokens = [t.tokens.owner, t.tokens.admin, t.tokens.peopleManager, grant];
    const responses = await Promise.all(
      Array.from({ length: N + EXTRA }, (_, i) => gw.call("GET", "/v1/employments", { token: tokens[i % tokens.length]! })),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(N);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(EXTRA);
    // The other company is untouched.
    const res = await gw.call("GET", "/v1/employments", { token: other.tokens.admin });
    expect(res.status).toBe(200);
    expect(rl(res).count).toBe("1");
  });
});

describe("rate-limit headers (spec 8.4)", () => {
  it("are on every authenticated response, successful or not (200, 400, 403, 404, 422), counting down to 0", async () => {
    const limit = 8;
    const gw = await gatewayWith({ perCompany: limit });
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const foreign = await makeEmployment(gw.deps.db, other.company.id);
    const calls: Array<[number, () => Promise<Response>]> = [
      [200, () => gw.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.admin })],
      [403, () => gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.onboardingManager, body: { external_id: "x" } })],
      [404, () => gw.call("GET", `/v1/employments/${foreign.id}`, { token: t.tokens.admin })],
      [422, () => gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: { external_id: "x".repeat(65) } })],
      [400, () => gw.call("GET", "/v1/employments?page_size=1000", { token: t.tokens.admin })],
      [400, () => gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: "{oops" })],
      [200, () => gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body: { external_id: "ok" } })],
      [200, () => gw.call("GET", "/v1/employments", { token: t.tokens.owner })],
    ];
    expect(calls).toHaveLength(limit);
    let previousReset = Infinity;
    for (const [i, [status, call]] of calls.entries()) {
      const res = await call();
      expect(res.status, `call ${i}`).toBe(status);
      const h = rl(res);
      expect(h.count, `call ${i}`).toBe(String(i + 1));
      expect(h.remaining, `call ${i}`).toBe(String(limit - i - 1));
      const reset = Number(h.reset);
      expect(Number.isInteger(reset)).toBe(true);
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60_000);
      // One window: the reset only counts down.
      expect(reset).toBeLessThanOrEqual(previousReset);
      previousReset = reset;
    }
    await expectTooManyRequests(await gw.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.admin }), 60_000, limit);
  });

  it("are absent on 401 (unauthenticated), which does not count", async () => {
    const gw = await gatewayWith({ perCompany: 2 });
    const expired = await makeClient(gw.deps.db);
    const { token: expiredToken } = await makeAccessToken(gw.deps.db, {
      clientId: expired.id,
      user: t.admin,
      expiresAt: new Date(gw.clock.now().getTime() - 1000),
    });
    for (const token of [undefined, "ra_test_unknown", "ra_live_wrongenvironment", expiredToken]) {
      for (let i = 0; i < 3; i++) {
        const res = await gw.call("GET", "/v1/employments", { token });
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ message: "Unauthorized" });
        for (const h of ["x-ratelimit-count", "x-ratelimit-remaining", "x-ratelimit-reset", "retry-after"])
          expect(res.headers.get(h)).toBeNull();
      }
    }
    const res = await gw.call("GET", "/v1/employments", { token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(rl(res).count).toBe("1");
  });

  it("Retry-After is whole seconds until the window ends", async () => {
    const gw = await gatewayWith({ perCompany: 1, windowMs: 60_000 });
    await gw.call("GET", "/v1/employments", { token: t.tokens.admin });
    const res = await gw.call("GET", "/v1/employments", { token: t.tokens.admin });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(Math.ceil(Number(res.headers.get("x-ratelimit-reset")) / 1000)).toBe(retryAfter);
  });
});

describe("buckets (spec 8.3, DECISIONS.md)", () => {
  it("per client id: counted across all tokens of the client, whatever the company (incl. client credentials)", async () => {
    const gw = await gatewayWith({ perClient: 5, perCompany: 1000 });
    const client = await makeClient(gw.deps.db);
    const { token: forT } = await makeAccessToken(gw.deps.db, { clientId: client.id, user: t.admin });
    const { token: forOther } = await makeAccessToken(gw.deps.db, { clientId: client.id, user: other.admin });
    const { token: itself } = await makeAccessToken(gw.deps.db, { clientId: client.id });
    const sequence = [forT, forOther, forT, forOther, forT];
    for (const [i, token] of sequence.entries()) {
      const res = await gw.call("GET", "/v1/employments", { token });
      expect(res.status).toBe(200);
      expect(rl(res)).toMatchObject({ count: String(i + 1), remaining: String(4 - i) });
    }
    for (const token of [forT, forOther]) await expectTooManyRequests(await gw.call("GET", "/v1/employments", { token }), 60_000, 5);
    // A client-credentials token of the same client is in the same bucket (its answer would be 403 on this route).
    await expectTooManyRequests(await gw.call("GET", "/v1/employments", { token: itself }), 60_000, 5);
    // Another client, and customer tokens of the same companies, are not.
    const second = await makeClient(gw.deps.db);
    const { token: secondToken } = await makeAccessToken(gw.deps.db, { clientId: second.id, user: t.admin });
    expect((await gw.call("GET", "/v1/employments", { token: secondToken })).status).toBe(200);
    expect((await gw.call("GET", "/v1/employments", { token: t.tokens.admin })).status).toBe(200);
    expect((await gw.call("GET", "/v1/employments", { token: other.tokens.admin })).status).toBe(200);
  });

  it("per company: counted across all tokens of the company (customer tokens and grants of any client)", async () => {
    const gw = await gatewayWith({ perClient: 1000, perCompany: 6 });
    const c1 = await makeClient(gw.deps.db);
    const c2 = await makeClient(gw.deps.db);
    const { token: g1 } = await makeAccessToken(gw.deps.db, { clientId: c1.id, user: t.admin });
    const { token: g2 } = await makeAccessToken(gw.deps.db, { clientId: c2.id, user: t.owner });
    const extra = await makeCustomerToken(gw.deps.db, "sandbox", t.peopleManager);
    const sequence = [t.tokens.admin, g1, extra, g2, t.tokens.owner, g1];
    for (const [i, token] of sequence.entries()) {
      const res = await gw.call("GET", "/v1/employments", { token });
      expect(res.status).toBe(200);
      expect(rl(res)).toMatchObject({ count: String(i + 1), remaining: String(5 - i) });
    }
    for (const token of [t.tokens.admin, g1, g2, extra])
      await expectTooManyRequests(await gw.call("GET", "/v1/employments", { token }), 60_000, 6);
    // The other company, through the same clients, still has its whole bucket.
    const { token: otherGrant } = await makeAccessToken(gw.deps.db, { clientId: c1.id, user: other.admin });
    const res = await gw.call("GET", "/v1/employments", { token: otherGrant });
    expect(res.status).toBe(200);
    expect(rl(res)).toMatchObject({ count: "1", remaining: "5" });
  });

  it("the headers report the bucket closest to exhaustion; a refusal by one bucket is refunded to the other", async () => {
    const gw = await gatewayWith({ perClient: 6, perCompany: 4 });
    const client = await makeClient(gw.deps.db);
    const { token: a } = await makeAccessToken(gw.deps.db, { clientId: client.id, user: t.admin });
    const { token: b } = await makeAccessToken(gw.deps.db, { clientId: client.id, user: other.admin });
    const expectHeaders = async (token: string, count: number, remaining: number) => {
      const res = await gw.call("GET", "/v1/employments", { token });
      expect(res.status).toBe(200);
      expect(rl(res)).toMatchObject({ count: String(count), remaining: String(remaining) });
    };
    // Company t (limit 4) is closer to exhaustion than the client (limit 6).
    await expectHeaders(a, 1, 3);
    await expectHeaders(a, 2, 2);
    await expectHeaders(a, 3, 1);
    // Client: 4 of 6 (2 left); company other: 1 of 4 (3 left): the client bucket is reported.
    await expectHeaders(b, 4, 2);
    await expectHeaders(b, 5, 1);
    await expectHeaders(b, 6, 0);
    await expectTooManyRequests(await gw.call("GET", "/v1/employments", { token: b }), 60_000, 6);
    // The refused request was given back to company other: its customer token finds 3 of 4 spent.
    await expectHeaders(other.tokens.admin, 4, 0);
    await expectTooManyRequests(await gw.call("GET", "/v1/employments", { token: other.tokens.admin }), 60_000, 4);
  });
});

describe("window (spec 8.1)", () => {
  it("opens at the first request; once it has passed, requests are admitted again and the count restarts", async () => {
    const windowMs = 1000;
    const gw = await gatewayWith({ perCompany: 3, windowMs });
    for (let i = 1; i <= 3; i++) {
      const res = await gw.call("GET", "/v1/employments", { token: t.tokens.admin });
      expect(res.status).toBe(200);
      expect(Number(res.headers.get("x-ratelimit-reset"))).toBeLessThanOrEqual(windowMs);
    }
    const refused = await gw.call("GET", "/v1/employments", { token: t.tokens.admin });
    await expectTooManyRequests(refused, windowMs, 3);
    expect(refused.headers.get("retry-after")).toBe("1");
    await new Promise((r) => setTimeout(r, windowMs + 100));
    const res = await gw.call("GET", "/v1/employments", { token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(rl(res)).toMatchObject({ count: "1", remaining: "2" });
    expect(Number(rl(res).reset)).toBeGreaterThan(windowMs - 200);
  });
});
