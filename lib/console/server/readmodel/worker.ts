import "server-only";
import { EnvError, getServerEnv } from "@/lib/env";
import { redactUrl } from "@/lib/db-kit";
import { createLogger } from "@/lib/logger";
import { getAuthDeps } from "../auth/deps";
import { getConsoleDatabase } from "../db/client";
import { startReadModel } from "./runtime";

// `npm run console:worker`: the read model's job workers and scheduler alone, for scale-out, against
// the console's PostgreSQL database (CONSOLE_DATABASE_URL) and with the console's AUTH_SECRET (the
// grants' tokens and the callbacks' signing keys are sealed with it). Run as many as needed: pg-boss
// hands each job to one of them, and the request budget in the database is shared by all.
// Stops on SIGINT/SIGTERM: no new jobs, the running ones are given a few seconds.

async function main(): Promise<void> {
  const env = getServerEnv();
  if (!env.CONSOLE_DATABASE_URL) {
    throw new EnvError([
      {
        variable: "CONSOLE_DATABASE_URL",
        message: "must be set for console:worker (a PGlite data directory belongs to the one console process)",
      },
    ]);
  }
  const logger = createLogger({ level: env.LOG_LEVEL, name: "console-readmodel-worker" });
  const database = await getConsoleDatabase();
  const runtime = await startReadModel({
    database,
    auth: await getAuthDeps(),
    intervalMs: env.CONSOLE_READMODEL_INTERVAL_MINUTES * 60_000,
    logger,
  });
  logger.info({ database: redactUrl(env.CONSOLE_DATABASE_URL) }, "read model worker started");

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`${signal}: stopping the read model worker`);
    setTimeout(() => process.exit(1), 30_000).unref();
    void runtime
      .stop()
      .then(() => database.close())
      .then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof EnvError ? error.message : ((error as Error).stack ?? String(error))}\n`);
  process.exit(1);
});
