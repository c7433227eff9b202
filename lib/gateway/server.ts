import "server-only";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Server } from "node:http";
import Redis from "ioredis";
import { ENVIRONMENTS, type Environment } from "@/lib/contract";
import { getServerEnv, type ServerEnv } from "@/lib/env";
import { createGatewayApp, type GatewayApp } from "./app";
import { systemClock, type Clock } from "./clock";
import { DEFAULT_GATEWAY_CONFIG, type GatewayDeps } from "./context";
import { redactUrl } from "@/lib/db-kit";
import { environmentDatabaseUrl, openDatabase, type Database } from "./db/client";
import { createFormRegistry } from "./forms";
import { createLogger, type Logger } from "@/lib/logger";
import { createAuthThrottle } from "./oauth/auth-throttle";
import { createHotReadPath } from "./cache/hot-read";
import { createInProcessTransport } from "./in-process";
import { createApiServer, type ApiServer, type DrainOptions } from "./node-server";
import { createRateLimiter } from "./rate-limit";
import { applyDemoAccess, DEMO, seedDemoData } from "./seed";
import { dispatcherTiming, startDispatcher, type Dispatcher } from "./webhooks/dispatcher";
import { resolveGatewaySecret, setGatewaySecret } from "./webhooks/signing-key-cipher";

// Starts the Employment API: one HTTP server per environment (sandbox, production), each with its
// own database, rate-limit keys and logger, exactly as the real provider has one host per
// environment. Used by `npm run gateway` (main.ts) and by the console's instrumentation hook.

export interface GatewayHandle {
  environment: Environment;
  /** Base URL with the port actually bound (tests pass port 0). */
  url: string;
  port: number;
  app: GatewayApp;
  deps: GatewayDeps;
  /** Where the data lives: a PGlite directory or a redacted PostgreSQL URL. */
  storage: string;
  /**
   * The in-process transport (docs/decisions/console-embedded-api-transport.md): answers a web
   * Request as the server on `url` would, without a socket: the hot read path first, then the app.
   * The console of this process calls the embedded API through it.
   */
  fetch: (request: Request) => Promise<Response>;
}

export interface RunningGateway {
  sandbox: GatewayHandle;
  production: GatewayHandle;
  /**
   * Drains both servers (no request is reset: docs/decisions/runtime-http-server-hardening.md), then
   * stops the dispatchers and closes the databases and Redis. Safe to call twice.
   */
  close(options?: DrainOptions): Promise<void>;
}

export interface StartGatewayOptions {
  /** Configuration (default: the validated process environment). */
  env?: ServerEnv;
  /** Port per environment; 0 picks a free one (default: GATEWAY_SANDBOX_PORT / GATEWAY_PRODUCTION_PORT). */
  ports?: Partial<Record<Environment, number>>;
  /** Overrides GATEWAY_DATA_DIR (PGlite). */
  dataDir?: string;
  /** Overrides DATABASE_URL; null forces PGlite. */
  databaseUrl?: string | null;
  /** Overrides REDIS_URL; null forces in-memory rate limits. */
  redisUrl?: string | null;
  clock?: Clock;
  /** Base logger (default: pino at LOG_LEVEL); each environment gets a child. */
  logger?: Logger;
  /** Print the start banner with URLs and demo sign-in (default true). */
  banner?: boolean | ((text: string) => void);
  /** Seed demo data on first start and apply demo credentials every start (default true). */
  demo?: boolean;
  /** Run a webhook dispatcher per environment in this process (default: GATEWAY_WEBHOOK_DISPATCHER === "embedded"). */
  dispatcher?: boolean;
}

class StartError extends Error {
  override name = "GatewayStartError";
}

function listen(server: Server, port: number, host: string, variable: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off("listening", onListening);
      if (error.code === "EADDRINUSE")
        reject(new StartError(`Port ${port} on ${host} is already in use: stop the other process or set ${variable}`));
      else if (error.code === "EACCES")
        reject(new StartError(`Not allowed to listen on ${host}:${port}: set ${variable} to a port above 1023`));
      else reject(error);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}

async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    enableAutoPipelining: true,
    connectionName: "roster-gateway",
  });
  redis.on("error", (error: Error) => logger.warn({ err: { message: error.message } }, "redis connection error"));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new StartError(`REDIS_URL: cannot connect to ${redactUrl(url)} (${(error as Error).message})`);
  }
  return redis;
}

/** Starts both environments of the API and resolves once they listen. */
export async function startGateway(options: StartGatewayOptions = {}): Promise<RunningGateway> {
  const baseEnv = options.env ?? getServerEnv();
  // The data directory also holds the generated gateway secret (webhook signing keys at rest).
  const env: ServerEnv = options.dataDir ? { ...baseEnv, GATEWAY_DATA_DIR: options.dataDir } : baseEnv;
  const clock = options.clock ?? systemClock;
  const baseLogger = options.logger ?? createLogger({ level: env.LOG_LEVEL, name: "gateway" });
  const databaseUrl = options.databaseUrl === undefined ? env.DATABASE_URL : (options.databaseUrl ?? undefined);
  const redisUrl = options.redisUrl === undefined ? env.REDIS_URL : (options.redisUrl ?? undefined);
  // (turbopackIgnore: runtime data paths, not files for the build to trace.)
  const dataDir = path.resolve(/*turbopackIgnore: true*/ options.dataDir ?? env.GATEWAY_DATA_DIR);
  const host = env.GATEWAY_HOST;
  const ports: Record<Environment, number> = {
    sandbox: options.ports?.sandbox ?? env.GATEWAY_SANDBOX_PORT,
    production: options.ports?.production ?? env.GATEWAY_PRODUCTION_PORT,
  };
  const portVariable: Record<Environment, string> = { sandbox: "GATEWAY_SANDBOX_PORT", production: "GATEWAY_PRODUCTION_PORT" };
  const demo = env.resolved.demo;

  const runDispatchers = options.dispatcher ?? env.GATEWAY_WEBHOOK_DISPATCHER === "embedded";

  const databases: Database[] = [];
  const servers: ApiServer[] = [];
  const dispatchers: Dispatcher[] = [];
  let redis: Redis | undefined;
  let closed = false;

  const close = async (drainOptions?: DrainOptions) => {
    if (closed) return;
    closed = true;
    await Promise.all(servers.map((s) => s.drain(drainOptions)));
    // Dispatchers finish (and record) the attempts in flight before their databases close.
    await Promise.allSettled(dispatchers.map((d) => d.stop()));
    await Promise.allSettled(databases.map((d) => d.close()));
    if (redis) await redis.quit().catch(() => redis?.disconnect());
  };

  try {
    if (redisUrl) redis = await connectRedis(redisUrl, baseLogger);
    // Built-in country forms plus GATEWAY_FORMS_DIR (a bad file fails the start, naming it).
    const forms = createFormRegistry({ formsDir: env.GATEWAY_FORMS_DIR });
    // Rules naming JSON Logic operations the engine does not know are skipped: said once, here.
    for (const warning of forms.warnings) baseLogger.warn(warning);
    // Encrypts webhook signing keys at rest: GATEWAY_SECRET_KEY, or one generated in the data directory.
    const gatewaySecret = resolveGatewaySecret(env);

    const startOne = async (environment: Environment): Promise<GatewayHandle> => {
      const logger = baseLogger.child({ environment });
      const pgliteDir = path.join(/*turbopackIgnore: true*/ dataDir, environment);
      const storage = databaseUrl ? redactUrl(environmentDatabaseUrl(databaseUrl, environment)) : pgliteDir;
      let database: Database;
      try {
        database = databaseUrl
          ? await openDatabase({ kind: "postgres", url: environmentDatabaseUrl(databaseUrl, environment) })
          : await openDatabase({ kind: "pglite", dataDir: pgliteDir });
      } catch (error) {
        const variable = databaseUrl ? "DATABASE_URL" : "GATEWAY_DATA_DIR";
        throw new StartError(`${variable}: cannot open the ${environment} database at ${storage} (${(error as Error).message})`);
      }
      databases.push(database);

      if (options.demo !== false) {
        const seeded = await seedDemoData(database.db, { environment, password: demo.password });
        if (seeded.seeded) logger.info({ counts: seeded.counts }, "demo data seeded");
        await applyDemoAccess(database.db, {
          environment,
          client: { id: demo.clientId, secret: demo.clientSecret, redirectUris: demo.redirectUris },
          customerToken: demo.customerTokens[environment],
          password: demo.password,
          adminEmail: demo.adminEmail,
          clock,
        });
      }

      const hostForUrl = host.includes(":") ? `[${host}]` : host;
      const deps: GatewayDeps = {
        config: {
          ...DEFAULT_GATEWAY_CONFIG,
          environment,
          mode: env.GATEWAY_MODE,
          baseUrl: `http://${hostForUrl}:${ports[environment]}`,
        },
        db: database.db,
        clock,
        rateLimiter: createRateLimiter({ config: env.resolved.rateLimits, redis, keyPrefix: `roster:${environment}` }),
        authThrottle: createAuthThrottle({ redis, keyPrefix: `roster:${environment}` }),
        logger,
        forms,
      };
      setGatewaySecret(deps, gatewaySecret.secret);
      const app = createGatewayApp(deps);
      // Hot cached GETs are answered ahead of Hono (docs/decisions/api-hot-read-fast-path.md).
      const hotReads = createHotReadPath(deps);
      const api = createApiServer(app.fetch, { hotReads });
      servers.push(api);
      const port = await listen(api.server, ports[environment], host, portVariable[environment]);
      deps.config.baseUrl = `http://${hostForUrl}:${port}`;
      if (runDispatchers) dispatchers.push(startDispatcher(deps, { logger, ...dispatcherTiming(env) }));
      const inProcess = createInProcessTransport({ hotReads, app, host });
      return { environment, url: deps.config.baseUrl, port, app, deps, storage, fetch: inProcess };
    };

    // One after the other: PGlite start-up is CPU-bound, and the banner reads better in order.
    const handles = {} as Record<Environment, GatewayHandle>;
    for (const environment of ENVIRONMENTS) handles[environment] = await startOne(environment);

    const running: RunningGateway = { sandbox: handles.sandbox, production: handles.production, close };
    if (options.banner !== false) {
      const text = formatBanner(running, env, {
        redis: redisUrl ? redactUrl(redisUrl) : null,
        demo: options.demo !== false,
        dispatcher: runDispatchers,
      });
      if (typeof options.banner === "function") options.banner(text);
      else process.stdout.write(`${text}\n`);
    }
    return running;
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The start banner: URLs, storage and the demo sign-in. It is printed once by the process that
 * starts the API (the operator asked for these demo values); request logs never contain them.
 */
export function formatBanner(
  gateway: RunningGateway,
  env: ServerEnv,
  extra: { redis: string | null; demo: boolean; dispatcher: boolean },
): string {
  const d = env.resolved.demo;
  const generated = (flag: boolean) => (flag ? "  (generated at this start)" : "");
  const lines = [
    "",
    "┌─ Roster Employment API ─────────────────────────────────────────────",
    `│ mode ${env.GATEWAY_MODE}; rate limits ${env.resolved.rateLimits.perClient}/client, ${env.resolved.rateLimits.perCompany}/company per ${env.resolved.rateLimits.windowMs} ms (${extra.redis ? `Redis ${extra.redis}` : "in memory"})`,
    `│ webhooks delivered ${extra.dispatcher ? "by this process" : "by `npm run gateway:worker` processes (GATEWAY_WEBHOOK_DISPATCHER=off)"}`,
    ...ENVIRONMENTS.map((e) => {
      const h = gateway[e];
      return `│ ${e.padEnd(10)} ${h.url.padEnd(24)} ${h.url}/openapi.json   data: ${h.storage}`;
    }),
  ];
  if (extra.demo) {
    const company = DEMO.environments.sandbox.companies[0];
    lines.push(
      "│",
      `│ Demo sign-in (company owner of ${company?.name ?? "the demo company"}, both environments):`,
      `│   e-mail     ${d.adminEmail}`,
      `│   password   ${d.password}${generated(d.generated.password)}`,
      `│ Demo OAuth client (console):`,
      `│   client id      ${d.clientId}`,
      `│   client secret  ${d.clientSecret}${generated(d.generated.clientSecret)}`,
      `│   redirect URIs  ${d.redirectUris.join(", ")}`,
      `│ Demo Customer API tokens:`,
      `│   sandbox     ${d.customerTokens.sandbox}${generated(d.generated.customerTokenSandbox)}`,
      `│   production  ${d.customerTokens.production}${generated(d.generated.customerTokenProduction)}`,
      "│ Set GATEWAY_DEMO_PASSWORD, GATEWAY_DEMO_CLIENT_SECRET and GATEWAY_DEMO_CUSTOMER_TOKEN_* to keep them fixed.",
    );
  }
  lines.push("└─────────────────────────────────────────────────────────────────────");
  return lines.join("\n");
}

const EMBEDDED_KEY = Symbol.for("roster.gateway.embedded");

/**
 * Starts the embedded API once per process (the console's instrumentation hook may run more than
 * once in development). Resolves to null when the console talks to an external API instead.
 */
export function startEmbeddedGateway(): Promise<RunningGateway | null> {
  const g = globalThis as unknown as Record<symbol, Promise<RunningGateway | null> | undefined>;
  const existing = g[EMBEDDED_KEY];
  if (existing) return existing;
  const env = getServerEnv();
  const started: Promise<RunningGateway | null> = env.resolved.embedded
    ? startGateway({ env }).then((gateway) => {
        // The same drain as `npm run gateway` (no request reset) when the console's process is asked to stop.
        const drain = () => void gateway.close().catch(() => undefined);
        process.once("SIGTERM", drain);
        process.once("SIGINT", drain);
        return gateway;
      })
    : Promise.resolve().then(() => {
        process.stdout.write(
          `Roster console: using the external Employment API (sandbox ${env.resolved.apiUrls.sandbox}, production ${env.resolved.apiUrls.production})\n`,
        );
        return null;
      });
  g[EMBEDDED_KEY] = started;
  // A failed start may be retried by a later call.
  started.catch(() => {
    if (g[EMBEDDED_KEY] === started) g[EMBEDDED_KEY] = undefined;
  });
  return started;
}

/**
 * For the console's instrumentation hook: the console is of no use without its API, so a failed
 * start (a port in use, a bad forms file…) stops the process with the reason, naming the variable.
 */
export async function startEmbeddedGatewayOrExit(): Promise<void> {
  try {
    await startEmbeddedGateway();
  } catch (error) {
    const e = error as Error;
    const known = ["EnvError", "GatewayStartError", "FormsDirError"].includes(e.name);
    process.stderr.write(`Roster could not start the embedded Employment API:\n${known ? e.message : (e.stack ?? String(e))}\n`);
    process.exit(1);
  }
}

/** The embedded API of this process, when it was started. */
export function getEmbeddedGateway(): Promise<RunningGateway | null> | undefined {
  return (globalThis as unknown as Record<symbol, Promise<RunningGateway | null> | undefined>)[EMBEDDED_KEY];
}
