import type { Context } from "hono";
import type { CompanyRole, Environment } from "@/lib/contract";
import type { Clock } from "./clock";
import type { Db } from "./db/client";
import type { FormRegistry } from "./forms/registry";
import type { Logger } from "@/lib/logger";
import type { AuthThrottle } from "./oauth/auth-throttle";
import type { RateLimiter } from "./rate-limit";
import type { DnsResolver } from "./webhooks/ssrf-guard";

export interface GatewayConfig {
  environment: Environment;
  /**
   * "local": the embedded default (loopback http callbacks allowed, relaxed for development).
   * "production": what a deployed provider enforces (https only, no private addresses).
   */
  mode: "local" | "production";
  /** Public base URL of this environment, e.g. http://127.0.0.1:4010. */
  baseUrl: string;
  accessTokenTtlSeconds: number;
  codeTtlSeconds: number;
  bodyLimitBytes: number;
}

export const DEFAULT_GATEWAY_CONFIG = {
  mode: "local",
  accessTokenTtlSeconds: 3600,
  codeTtlSeconds: 60,
  bodyLimitBytes: 1024 * 1024,
} as const satisfies Partial<GatewayConfig>;

export interface GatewayDeps {
  config: GatewayConfig;
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
  logger: Logger;
  forms: FormRegistry;
  /** Throttle of failed client authentications and sign-ins (default: one in memory per deps). */
  authThrottle?: AuthThrottle;
  /**
   * In-process read caches (lib/gateway/cache/read-path.ts): bearer tokens and GET answers, both on
   * by default; the bench turns the answer cache off to measure the database path.
   */
  readCache?: { tokens?: boolean; responses?: boolean };
  /** DNS for callback registration in production mode (default: the system resolver; tests inject one). */
  resolver?: DnsResolver;
}

/** Who a request acts for, resolved from its bearer token. */
export interface Principal {
  /** customer: a Customer API token; user_grant: an authorization-code grant; client: client credentials. */
  kind: "customer" | "user_grant" | "client";
  clientId: string | null;
  companyId: string | null;
  userId: string | null;
  role: CompanyRole | null;
  scopes: ReadonlySet<string>;
  grantId: string | null;
}

export type GatewayEnv = {
  Variables: {
    deps: GatewayDeps;
    requestId: string;
    principal: Principal | undefined;
  };
};

export type GatewayContext = Context<GatewayEnv>;
