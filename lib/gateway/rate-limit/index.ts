import "server-only";
import type Redis from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

// Fixed windows of spec section 8: a window opens at a key's first request and lasts windowMs.

export interface RateLimitConfig {
  perClient: number;
  perCompany: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = { perClient: 1000, perCompany: 300, windowMs: 60_000 };

export type Bucket = { kind: "client" | "company"; id: string };

export interface RateLimitState {
  limit: number;
  count: number;
  remaining: number;
  resetMs: number;
}

export type RateLimitDecision =
  { allowed: true; state: RateLimitState } | { allowed: false; state: RateLimitState; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request against every bucket; refused requests are refunded to the buckets that admitted them. */
  consume(buckets: Bucket[]): Promise<RateLimitDecision>;
  readonly config: RateLimitConfig;
}

export function createRateLimiter(options: {
  config?: Partial<RateLimitConfig>;
  redis?: Redis;
  /** Separates environments (and test runs) that share one Redis. */
  keyPrefix: string;
}): RateLimiter {
  const config = { ...DEFAULT_RATE_LIMITS, ...options.config };
  const duration = Math.max(1, Math.ceil(config.windowMs / 1000));
  const make = (kind: Bucket["kind"], points: number): RateLimiterAbstract =>
    options.redis
      ? new RateLimiterRedis({
          storeClient: options.redis,
          points,
          duration,
          keyPrefix: `${options.keyPrefix}:rl:${kind}`,
          useRedisPackage: false,
        })
      : new RateLimiterMemory({ points, duration, keyPrefix: `${options.keyPrefix}:rl:${kind}` });
  const limiters = { client: make("client", config.perClient), company: make("company", config.perCompany) };
  const limits = { client: config.perClient, company: config.perCompany };

  const stateOf = (kind: Bucket["kind"], res: RateLimiterRes): RateLimitState => {
    const limit = limits[kind];
    const count = Math.min(res.consumedPoints, limit);
    return { limit, count, remaining: Math.max(0, limit - res.consumedPoints), resetMs: Math.max(0, res.msBeforeNext) };
  };

  return {
    config,
    async consume(buckets) {
      const results = await Promise.all(
        buckets.map(async (b) => {
          try {
            return { bucket: b, ok: true as const, res: await limiters[b.kind].consume(b.id, 1) };
          } catch (e) {
            if (e instanceof RateLimiterRes) return { bucket: b, ok: false as const, res: e };
            throw e;
          }
        }),
      );
      const refused = results.filter((r) => !r.ok);
      if (refused.length > 0) {
        // No side effect for a refused request: give the point back where it was taken.
        await Promise.all(results.filter((r) => r.ok).map((r) => limiters[r.bucket.kind].reward(r.bucket.id, 1)));
        const worst = refused.reduce((a, b) => (a.res.msBeforeNext >= b.res.msBeforeNext ? a : b));
        const state = stateOf(worst.bucket.kind, worst.res);
        return {
          allowed: false,
          state: { ...state, remaining: 0 },
          retryAfterSeconds: Math.max(1, Math.ceil(worst.res.msBeforeNext / 1000)),
        };
      }
      // Report the bucket closest to exhaustion.
      const states = results.map((r) => stateOf(r.bucket.kind, r.res));
      const state = states.reduce(
        (a, b) => (b.remaining < a.remaining ? b : a),
        states[0] ?? { limit: 0, count: 0, remaining: 0, resetMs: 0 },
      );
      return { allowed: true, state };
    },
  };
}
