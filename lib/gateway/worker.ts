import "server-only";
import { ENVIRONMENTS } from "@/lib/contract";
import { EnvError, getServerEnv } from "@/lib/env";
import { systemClock } from "./clock";
import { DEFAULT_GATEWAY_CONFIG } from "./context";
import { redactUrl } from "@/lib/db-kit";
import { environmentDatabaseUrl, openDatabase, type Database } from "./db/client";
import { createLogger } from "@/lib/logger";
import { dispatcherTiming, startDispatcher, type Dispatcher } from "./webhooks/dispatcher";
import { resolveGatewaySecret } from "./webhooks/signing-key-cipher";

// `npm run gateway:worker`: webhook dispatchers alone, one per environment, against the API's
// PostgreSQL databases (DATABASE_URL). Run as many as needed: they share the work through
// FOR UPDATE SKIP LOCKED claims. They need the API's GATEWAY_SECRET_KEY to read signing keys.
// Stops on SIGINT/SIGTERM: no new claims, attempts in flight finish and are recorded.

async function main(): Promise<void> {
  const env = getServerEnv();
  if (!env.DATABASE_URL) {
    throw new EnvError([
      {
        variable: "DATABASE_URL",
        message:
          "must be set for gateway:worker (a PGlite data directory belongs to the one API process, whose embedded dispatcher delivers webhooks)",
      },
    ]);
  }
  const secret = resolveGatewaySecret(env);
  const logger = createLogger({ level: env.LOG_LEVEL, name: "gateway-worker" });
  if (secret.source === "generated") {
    logger.warn(
      "GATEWAY_SECRET_KEY is not set: using the secret in GATEWAY_DATA_DIR; it must be the API's, or signing keys cannot be read",
    );
  }
  const databases: Database[] = [];
  const dispatchers: Dispatcher[] = [];
  for (const environment of ENVIRONMENTS) {
    const url = environmentDatabaseUrl(env.DATABASE_URL, environment);
    const database = await openDatabase({ kind: "postgres", url });
    databases.push(database);
    const envLogger = logger.child({ environment });
    dispatchers.push(
      startDispatcher(
        {
          config: { ...DEFAULT_GATEWAY_CONFIG, environment, mode: env.GATEWAY_MODE, baseUrl: "" },
          db: database.db,
          clock: systemClock,
          logger: envLogger,
        },
        dispatcherTiming(env),
      ),
    );
    envLogger.info({ database: redactUrl(url) }, "webhook dispatcher started");
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`${signal}: stopping the webhook dispatchers`);
    setTimeout(() => process.exit(1), 30_000).unref();
    void Promise.all(dispatchers.map((d) => d.stop()))
      .then(() => Promise.allSettled(databases.map((d) => d.close())))
      .then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof EnvError ? error.message : ((error as Error).stack ?? String(error))}\n`);
  process.exit(1);
});
