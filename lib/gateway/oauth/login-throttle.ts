import "server-only";
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { GatewayDeps } from "../context";

// Failed sign-ins on the authorize page are limited per email address, so a password cannot be
// guessed by brute force. Only failures count; a success clears the count. The limiter lives beside
// the deps (memory per API process; pass `loginLimiter` in the deps to share one through Redis).

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

const limiters = new WeakMap<object, RateLimiterAbstract>();

function limiterOf(deps: GatewayDeps): RateLimiterAbstract {
  const given = (deps as GatewayDeps & { loginLimiter?: RateLimiterAbstract }).loginLimiter;
  if (given) return given;
  let limiter = limiters.get(deps);
  if (!limiter) {
    limiter = new RateLimiterMemory({ points: LOGIN_MAX_FAILURES, duration: LOGIN_WINDOW_SECONDS, keyPrefix: "login" });
    limiters.set(deps, limiter);
  }
  return limiter;
}

const keyOf = (email: string) => email.trim().toLowerCase();

/** Seconds to wait when this email has spent its failures, else null. */
export async function loginBlockedFor(deps: GatewayDeps, email: string): Promise<number | null> {
  const res = await limiterOf(deps).get(keyOf(email));
  if (res && res.consumedPoints >= LOGIN_MAX_FAILURES) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return null;
}

export async function recordLoginFailure(deps: GatewayDeps, email: string): Promise<void> {
  try {
    await limiterOf(deps).consume(keyOf(email), 1);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
  }
}

export async function clearLoginFailures(deps: GatewayDeps, email: string): Promise<void> {
  await limiterOf(deps).delete(keyOf(email));
}
