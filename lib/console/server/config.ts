import "server-only";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { ENVIRONMENTS, type Environment } from "@/lib/contract";
import { EnvError, getServerEnv, type ServerEnv } from "@/lib/env";

// The console's view of the configuration: where each API environment is, which OAuth client the
// console is, where its own database lives and which secret protects sessions and stored tokens.
// Everything comes from the validated env module (lib/env.ts); nothing here reads process.env.

export interface ApiClientCredentials {
  clientId: string;
  clientSecret: string;
}

export type ConsoleDatabaseConfig = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

export interface ConsoleConfig {
  /** Public origin of the console, e.g. http://127.0.0.1:3000 (CONSOLE_URL). */
  consoleUrl: string;
  /** The one redirect URI of the console's OAuth client, shared by both environments. */
  callbackUrl: string;
  /** Where companies come back after consenting to the partner (registered on the same client). */
  partnerCallbackUrl: string;
  /** The operator account seeded at start (CONSOLE_OPERATOR_*), or null to seed none. */
  operator: { email: string; name: string; password: string; generated: boolean } | null;
  /** Whether the embedded API is the one the console talks to. */
  embedded: boolean;
  /** Base URLs per environment as configured (see resolveApiBaseUrl for the port actually bound). */
  apiUrls: Record<Environment, string>;
  /** The console's OAuth client per environment (a real provider provisions one per environment). */
  clients: Record<Environment, ApiClientCredentials>;
  /** The OAuth client company admins sign in with (CONSOLE_ADMIN_<ENV>_CLIENT_ID/SECRET), else `clients`. */
  adminClients: Record<Environment, ApiClientCredentials>;
  /** `.data/console`: the console's PGlite data and its generated secret. */
  dataDir: string;
  database: ConsoleDatabaseConfig;
  /** Signs session cookies (next-auth) and derives the token-encryption key. */
  authSecret: string;
  /** Where authSecret came from (documentation and the start banner; never the value). */
  authSecretSource: "AUTH_SECRET" | "NEXTAUTH_SECRET" | "generated";
  secureCookies: boolean;
}

export const AUTH_SECRET_FILE = "auth-secret";

/**
 * AUTH_SECRET (or NEXTAUTH_SECRET); without one, a secret generated once per data directory and kept
 * in `<dataDir>/auth-secret` (mode 0600), so sessions and stored tokens survive restarts of a local
 * install. A production deployment against an external provider must configure one: instances
 * behind a load balancer have to share it, and a file on one disk cannot give them that.
 */
export function resolveAuthSecret(env: ServerEnv, dataDir: string): Pick<ConsoleConfig, "authSecret" | "authSecretSource"> {
  if (env.AUTH_SECRET) return { authSecret: env.AUTH_SECRET, authSecretSource: "AUTH_SECRET" };
  if (env.NEXTAUTH_SECRET) return { authSecret: env.NEXTAUTH_SECRET, authSecretSource: "NEXTAUTH_SECRET" };
  if (env.NODE_ENV === "production" && !env.resolved.embedded) {
    throw new EnvError([
      {
        variable: "AUTH_SECRET",
        message: "must be set (at least 32 characters) when the console runs in production against an external API",
      },
    ]);
  }
  const file = path.join(dataDir, AUTH_SECRET_FILE);
  const readExisting = (): string | null => {
    let existing: string;
    try {
      existing = readFileSync(file, "utf8").trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    if (existing.length < 32) {
      // Never replace it silently: every stored token was encrypted with it.
      throw new EnvError([
        {
          variable: "AUTH_SECRET",
          message: `is unset and ${file} holds no usable secret (32+ characters): restore it, or set AUTH_SECRET`,
        },
      ]);
    }
    // Tighten a file that was copied around with a looser mode.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return existing;
  };
  const existing = readExisting();
  if (existing) return { authSecret: existing, authSecretSource: "generated" };
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  try {
    // "wx": when two processes start together, the first file wins and the second reads it.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return { authSecret: secret, authSecretSource: "generated" };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { authSecret: readExisting() ?? secret, authSecretSource: "generated" };
  }
}

/** The console's OAuth client of one environment: API_<ENV>_CLIENT_ID/SECRET, else the demo client. */
export function resolveClients(env: ServerEnv): Record<Environment, ApiClientCredentials> {
  if (!env.resolved.embedded) {
    // A generated demo secret is only known to the embedded API: an external provider needs the real one.
    const missing = (["SANDBOX", "PRODUCTION"] as const)
      .filter((e) => env[`API_${e}_CLIENT_SECRET`] === undefined && env.GATEWAY_DEMO_CLIENT_SECRET === undefined)
      .map((e) => ({
        variable: `API_${e}_CLIENT_SECRET`,
        message: `must be set when the console uses an external API (its OAuth client secret for API_${e}_URL)`,
      }));
    if (missing.length > 0) throw new EnvError(missing);
  }
  const demo = { clientId: env.resolved.demo.clientId, clientSecret: env.resolved.demo.clientSecret };
  return {
    sandbox: { clientId: env.API_SANDBOX_CLIENT_ID ?? demo.clientId, clientSecret: env.API_SANDBOX_CLIENT_SECRET ?? demo.clientSecret },
    production: {
      clientId: env.API_PRODUCTION_CLIENT_ID ?? demo.clientId,
      clientSecret: env.API_PRODUCTION_CLIENT_SECRET ?? demo.clientSecret,
    },
  };
}

/**
 * The client company admins sign in with, per environment: CONSOLE_ADMIN_<ENV>_CLIENT_ID and _SECRET
 * (both or neither), else the console's client. A separate client keeps the admins' grants apart from
 * the partner's: revoking one never withdraws the other (docs/decisions/console-consent-scopes.md).
 */
export function resolveAdminClients(
  env: ServerEnv,
  clients: Record<Environment, ApiClientCredentials>,
): Record<Environment, ApiClientCredentials> {
  const pick = (e: "SANDBOX" | "PRODUCTION", fallback: ApiClientCredentials): ApiClientCredentials => {
    const clientId = env[`CONSOLE_ADMIN_${e}_CLIENT_ID`];
    const clientSecret = env[`CONSOLE_ADMIN_${e}_CLIENT_SECRET`];
    if (clientId === undefined && clientSecret === undefined) return fallback;
    if (clientId === undefined || clientSecret === undefined) {
      const variable = clientId === undefined ? `CONSOLE_ADMIN_${e}_CLIENT_ID` : `CONSOLE_ADMIN_${e}_CLIENT_SECRET`;
      throw new EnvError([{ variable, message: `must be set together with the other CONSOLE_ADMIN_${e}_CLIENT_* variable` }]);
    }
    return { clientId, clientSecret };
  };
  return { sandbox: pick("SANDBOX", clients.sandbox), production: pick("PRODUCTION", clients.production) };
}

/** Builds the console configuration from a parsed environment (tests pass their own). */
export function buildConsoleConfig(env: ServerEnv): ConsoleConfig {
  const dataDir = path.resolve(env.GATEWAY_DATA_DIR, "console");
  const database: ConsoleDatabaseConfig = env.CONSOLE_DATABASE_URL
    ? { kind: "postgres", url: env.CONSOLE_DATABASE_URL }
    : { kind: "pglite", dataDir: path.join(dataDir, "db") };
  const clients = resolveClients(env);
  return {
    consoleUrl: env.resolved.consoleUrl,
    callbackUrl: env.resolved.consoleCallbackUrl,
    partnerCallbackUrl: env.resolved.partnerCallbackUrl,
    operator: { ...env.resolved.operator },
    embedded: env.resolved.embedded,
    apiUrls: { ...env.resolved.apiUrls },
    clients,
    adminClients: resolveAdminClients(env, clients),
    dataDir,
    database,
    ...resolveAuthSecret(env, dataDir),
    secureCookies: env.resolved.consoleUrl.startsWith("https://"),
  };
}

const CONFIG_KEY = Symbol.for("roster.console.config");

/** The configuration of this process, built once (every Next.js bundle shares it through globalThis). */
export function getConsoleConfig(): ConsoleConfig {
  const g = globalThis as unknown as Record<symbol, ConsoleConfig | undefined>;
  g[CONFIG_KEY] ??= buildConsoleConfig(getServerEnv());
  return g[CONFIG_KEY];
}

/** Forgets the built configuration (tests). */
export function resetConsoleConfig(): void {
  (globalThis as unknown as Record<symbol, ConsoleConfig | undefined>)[CONFIG_KEY] = undefined;
}

// The embedded API publishes its running handle on globalThis (lib/gateway/server.ts,
// startEmbeddedGateway). Read structurally instead of importing the gateway, so console bundles do
// not pull in the API's server code.
const EMBEDDED_GATEWAY_KEY = Symbol.for("roster.gateway.embedded");
type EmbeddedHandle = Record<Environment, { url: string; fetch?: (request: Request) => Promise<Response> }> | null;

/**
 * `fetch` for the console's calls to the API: a call to the embedded API of this process (its base
 * URL's origin) is handed to that API's in-process transport (the same handler as its port, without
 * a socket: docs/decisions/console-embedded-api-transport.md); every other URL, an external
 * provider's above all, goes to `inner` (real HTTP).
 */
export function withEmbeddedApi(inner: typeof fetch, config: Pick<ConsoleConfig, "embedded"> = getConsoleConfig()): typeof fetch {
  if (!config.embedded) return inner;
  const origins = new WeakMap<object, Map<string, (request: Request) => Promise<Response>>>();
  return async (input, init) => {
    const g = globalThis as unknown as Record<symbol, Promise<EmbeddedHandle> | undefined>;
    const running = await g[EMBEDDED_GATEWAY_KEY]?.catch(() => null);
    if (!running) return inner(input, init);
    let byOrigin = origins.get(running);
    if (!byOrigin) {
      byOrigin = new Map();
      for (const environment of ENVIRONMENTS) {
        const handle = running[environment];
        if (handle?.fetch) byOrigin.set(new URL(handle.url).origin, handle.fetch);
      }
      origins.set(running, byOrigin);
    }
    const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    const handler = byOrigin.get(new URL(url).origin);
    if (!handler) return inner(input, init);
    const request = new Request(input, init);
    const signal = request.signal;
    signal.throwIfAborted();
    const answer = handler(request);
    if (!init?.signal && !(input instanceof Request)) return answer;
    // A caller's abort ends its wait, as it would end an HTTP exchange.
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(signal.reason as Error);
      signal.addEventListener("abort", onAbort, { once: true });
      answer.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
  };
}

/**
 * The base URL the console calls for an environment: the port the embedded API actually bound (it
 * may differ from the configured one, e.g. port 0 in tests), otherwise the configured URL.
 */
export async function resolveApiBaseUrl(environment: Environment, config: ConsoleConfig = getConsoleConfig()): Promise<string> {
  if (config.embedded) {
    const g = globalThis as unknown as Record<symbol, Promise<EmbeddedHandle> | undefined>;
    const running = await g[EMBEDDED_GATEWAY_KEY]?.catch(() => null);
    const url = running?.[environment]?.url;
    if (url) return url;
  }
  return config.apiUrls[environment];
}

export function isEnvironment(value: unknown): value is Environment {
  return typeof value === "string" && (ENVIRONMENTS as readonly string[]).includes(value);
}
