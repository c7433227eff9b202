import { describe, expect, it } from "vitest";
import { parseServerEnv } from "@/lib/env";
import { createRateLimiter, DEFAULT_RATE_LIMITS } from ".";

// Unit tests of the limiter itself; rate-limit.test.ts and redis.test.ts go through the app.

describe("createRateLimiter configuration", () => {
  it("defaults to the spec's limits (section 8): 1000 per client, 300 per company, 60 s window", () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({ perClient: 1000, perCompany: 300, windowMs: 60_000 });
    expect(createRateLimiter({ keyPrefix: "unit-defaults" }).config).toEqual({ perClient: 1000, perCompany: 300, windowMs: 60_000 });
  });

  it("the server's configuration defaults to the same limits when GATEWAY_RATE_LIMIT_* are unset or empty", () => {
    expect(parseServerEnv({}).resolved.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    const empty = { GATEWAY_RATE_LIMIT_PER_CLIENT: "", GATEWAY_RATE_LIMIT_PER_COMPANY: "", GATEWAY_RATE_LIMIT_WINDOW_MS: "" };
    expect(parseServerEnv(empty).resolved.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(parseServerEnv({ GATEWAY_RATE_LIMIT_PER_COMPANY: "5" }).resolved.rateLimits).toEqual({ ...DEFAULT_RATE_LIMITS, perCompany: 5 });
  });

  it("a partial configuration overrides only the values it names", () => {
    expect(createRateLimiter({ keyPrefix: "unit-partial", config: { perCompany: 5 } }).config).toEqual({
      perClient: 1000,
      perCompany: 5,
      windowMs: 60_000,
    });
  });

  it("the default per-client limit admits exactly 1000 requests of one client in a window", async () => {
    const limiter = createRateLimiter({ keyPrefix: "unit-client-default" });
    const bucket = { kind: "client", id: "c1" } as const;
    for (let i = 1; i <= 1000; i++) {
      const d = await limiter.consume([bucket]);
      expect(d.allowed).toBe(true);
      if (i === 1) expect(d.state).toMatchObject({ limit: 1000, count: 1, remaining: 999 });
      if (i === 1000) expect(d.state).toMatchObject({ limit: 1000, count: 1000, remaining: 0 });
    }
    const refused = await limiter.consume([bucket]);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.state).toMatchObject({ limit: 1000, count: 1000, remaining: 0 });
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    // Another client has its own bucket.
    expect((await limiter.consume([{ kind: "client", id: "c2" }])).allowed).toBe(true);
  });

  it("the default per-company limit admits exactly 300 requests of one company in a window", async () => {
    const limiter = createRateLimiter({ keyPrefix: "unit-company-default" });
    const bucket = { kind: "company", id: "co1" } as const;
    let admitted = 0;
    for (let i = 0; i < 320; i++) if ((await limiter.consume([bucket])).allowed) admitted++;
    expect(admitted).toBe(300);
  });

  it("reports the bucket closest to exhaustion, with reset in milliseconds within the window", async () => {
    const limiter = createRateLimiter({ keyPrefix: "unit-closest", config: { perClient: 10, perCompany: 3 } });
    const d = await limiter.consume([
      { kind: "client", id: "c" },
      { kind: "company", id: "co" },
    ]);
    expect(d.allowed).toBe(true);
    expect(d.state).toMatchObject({ limit: 3, count: 1, remaining: 2 });
    expect(d.state.resetMs).toBeGreaterThan(0);
    expect(d.state.resetMs).toBeLessThanOrEqual(60_000);
  });

  it("a refusal by one bucket gives the point back to the buckets that admitted it", async () => {
    const limiter = createRateLimiter({ keyPrefix: "unit-refund", config: { perClient: 100, perCompany: 1 } });
    const both = [
      { kind: "client", id: "c" },
      { kind: "company", id: "co" },
    ] as const;
    expect((await limiter.consume([...both])).allowed).toBe(true);
    for (let i = 0; i < 5; i++) expect((await limiter.consume([...both])).allowed).toBe(false);
    // The client bucket counted only the admitted request.
    const d = await limiter.consume([{ kind: "client", id: "c" }]);
    expect(d.state).toMatchObject({ limit: 100, count: 2, remaining: 98 });
  });

  it("no bucket, no decision to make: everything is admitted", async () => {
    const limiter = createRateLimiter({ keyPrefix: "unit-none", config: { perClient: 1, perCompany: 1 } });
    for (let i = 0; i < 3; i++) expect((await limiter.consume([])).allowed).toBe(true);
  });
});
