import "server-only";
import type Redis from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { GatewayContext, GatewayDeps } from "../context";
import type { InProcessEnv } from "../in-process";

// Brute-force throttling of failed authentications (docs/decisions/oauth-brute-force-throttling.md):
//   - client authentication at /auth/oauth2/token and /auth/oauth2/revoke: per client id and per address;
//   - passwords on the authorize sign-in page: per account (email, case-folded) and per address.
// Only failures count. Once a key has spent its failures, attempts on it are refused with 429 and
// Retry-After until its window ends, correct credentials included (else the lockout would be an
// oracle); the window is fixed and starts at the first failure, so nobody is locked out for longer
// than one window. A success clears the count of the client id or account (not of the address: one
// valid account must not buy an address more guesses at others). The store is the rate limits'
// one: memory, or Redis with REDIS_URL so that every API instance counts together.

export interface AuthThrottleConfig {
  /** Failed client authentications per client id per window. */
  perClient: number;
  /** Failed sign-ins per account per window. */
  perAccount: number;
  /** Failed authentications (of both kinds, counted apart) per address per window. */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_AUTH_THROTTLE: AuthThrottleConfig = { perClient: 20, perAccount: 10, perAddress: 50, windowSeconds: 15 * 60 };

export type ThrottleKind = "client" | "account" | "token_address" | "login_address";
export type ThrottleKey = { kind: ThrottleKind; id: string };

export interface AuthThrottle {
  readonly config: AuthThrottleConfig;
  /** Seconds to wait when any key has spent its failures, else null. */
  blockedFor(keys: readonly ThrottleKey[]): Promise<number | null>;
  recordFailure(keys: readonly ThrottleKey[]): Promise<void>;
  /** Clears the count of the client id or account after a success (addresses keep theirs). */
  recordSuccess(key: ThrottleKey): Promise<void>;
}

export function createAuthThrottle(options: { redis?: Redis; keyPrefix: string; config?: Partial<AuthThrottleConfig> }): AuthThrottle {
  const config = { ...DEFAULT_AUTH_THROTTLE, ...options.config };
  const points: Record<ThrottleKind, number> = {
    client: config.perClient,
    account: config.perAccount,
    token_address: config.perAddress,
    login_address: config.perAddress,
  };
  const make = (kind: ThrottleKind): RateLimiterAbstract => {
    const common = { points: points[kind], duration: config.windowSeconds, keyPrefix: `${options.keyPrefix}:authfail:${kind}` };
    return options.redis
      ? new RateLimiterRedis({ ...common, storeClient: options.redis, useRedisPackage: false })
      : new RateLimiterMemory(common);
  };
  const limiters = Object.fromEntries((Object.keys(points) as ThrottleKind[]).map((k) => [k, make(k)])) as Record<
    ThrottleKind,
    RateLimiterAbstract
  >;

  return {
    config,
    async blockedFor(keys) {
      let wait: number | null = null;
      for (const key of keys) {
        const res = await limiters[key.kind].get(key.id);
        if (res && res.consumedPoints >= points[key.kind]) wait = Math.max(wait ?? 0, Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
      }
      return wait;
    },
    async recordFailure(keys) {
      await Promise.all(
        keys.map(async (key) => {
          try {
            await limiters[key.kind].consume(key.id, 1);
          } catch (error) {
            if (!(error instanceof RateLimiterRes)) throw error;
          }
        }),
      );
    },
    async recordSuccess(key) {
      await limiters[key.kind].delete(key.id);
    },
  };
}

const fallbacks = new WeakMap<object, AuthThrottle>();

/** The gateway's throttle (deps.authThrottle), or one in memory per deps. */
export function authThrottleOf(deps: GatewayDeps): AuthThrottle {
  if (deps.authThrottle) return deps.authThrottle;
  let throttle = fallbacks.get(deps);
  if (!throttle) {
    throttle = createAuthThrottle({ keyPrefix: `roster:${deps.config.environment}` });
    fallbacks.set(deps, throttle);
  }
  return throttle;
}

/**
 * The peer address of the request's connection; in-process (the console's transport to the embedded
 * API, ../in-process.ts), the loopback address the same call over HTTP comes from. "unknown" only for
 * a request with neither (an `app.request()` of a test).
 */
export function clientAddress(c: GatewayContext): string {
  const env = c.env as ({ incoming?: { socket?: { remoteAddress?: string } } } & Partial<InProcessEnv>) | undefined;
  return env?.incoming?.socket?.remoteAddress ?? env?.inProcessPeer ?? "unknown";
}
