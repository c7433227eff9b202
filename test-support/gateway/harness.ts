import "server-only";
import { ENVIRONMENTS, type Environment } from "@/lib/contract";
import { createGatewayApp, type GatewayApp } from "@/lib/gateway/app";
import { ManualClock, type Clock } from "@/lib/gateway/clock";
import type { GatewayConfig, GatewayDeps } from "@/lib/gateway/context";
import { DEFAULT_GATEWAY_CONFIG } from "@/lib/gateway/context";
import { environmentDatabaseUrl, openDatabase, truncateAll, type Database } from "@/lib/gateway/db/client";
import { getDefaultFormRegistry } from "@/lib/gateway/forms";
import { silentLogger } from "@/lib/logger";
import { createRateLimiter, type RateLimitConfig } from "@/lib/gateway/rate-limit";

// Test gateways share one database per environment for the whole run (PGlite takes seconds to
// start): each createTestGateway() empties it first. TEST_DB=postgres runs the same suite on the
// PostgreSQL of this machine (TEST_DATABASE_URL, default postgres://127.0.0.1:5432/roster_test).

const g = globalThis as unknown as { __rosterTestDbs?: Map<Environment, Promise<Database>> };

export const TEST_DB_KIND: "pglite" | "postgres" = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/roster_test";

/**
 * The run's database of an environment. The first call opens every environment's at once: opening
 * one (PGlite's start and the migrations) takes seconds, several times that on a loaded machine, and
 * it should happen in the first suite's `beforeAll` (hook timeout), not inside a later test's body.
 */
export function getSharedTestDatabase(environment: Environment): Promise<Database> {
  const dbs = (g.__rosterTestDbs ??= new Map());
  for (const env of ENVIRONMENTS) {
    if (dbs.has(env)) continue;
    const db =
      TEST_DB_KIND === "postgres"
        ? openDatabase({ kind: "postgres", url: environmentDatabaseUrl(TEST_DATABASE_URL, env) })
        : openDatabase({ kind: "pglite" });
    dbs.set(env, db);
  }
  const all = [...dbs.values()];
  return Promise.all(all).then(() => dbs.get(environment)!);
}

export interface TestGateway {
  app: GatewayApp;
  deps: GatewayDeps;
  clock: ManualClock;
  /** `app.request` with a bearer token and JSON body. */
  call(method: string, path: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
}

export interface TestGatewayOptions {
  environment?: Environment;
  rateLimits?: Partial<RateLimitConfig>;
  config?: Partial<GatewayConfig>;
  clock?: Clock;
  /** Keep the rows already in the database (a second gateway over the same data). */
  keepData?: boolean;
}

let limiterRun = 0;

export async function createTestGateway(options: TestGatewayOptions = {}): Promise<TestGateway> {
  const environment = options.environment ?? "sandbox";
  const database = await getSharedTestDatabase(environment);
  if (!options.keepData) await truncateAll(database.db);
  const clock = (options.clock as ManualClock | undefined) ?? new ManualClock(Date.now());
  const deps: GatewayDeps = {
    config: {
      ...DEFAULT_GATEWAY_CONFIG,
      environment,
      baseUrl: environment === "sandbox" ? "http://127.0.0.1:4010" : "http://127.0.0.1:4011",
      ...options.config,
    },
    db: database.db,
    clock,
    rateLimiter: createRateLimiter({
      config: { perClient: 100_000, perCompany: 100_000, ...options.rateLimits },
      keyPrefix: `test${limiterRun++}`,
    }),
    logger: silentLogger,
    forms: await getDefaultFormRegistry(),
  };
  const app = createGatewayApp(deps);
  return {
    app,
    deps,
    clock,
    call: (method, path, { token, body, headers } = {}) =>
      Promise.resolve(
        app.request(path, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body !== undefined ? { "content-type": "application/json" } : {}),
            ...headers,
          },
          body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
        }),
      ),
  };
}
