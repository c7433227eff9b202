import "server-only";
import pino, { type Logger } from "pino";

export type { Logger };

// The one logger of the server side, API and console alike (pino, JSON lines). Secrets never reach a
// log: the paths below are replaced by pino before a line is written (lib/logger.test.ts).

/** Paths that may hold a secret; pino replaces them before anything is written. */
export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "headers.authorization",
  "headers.cookie",
  "authorization",
  "cookie",
  "*.access_token",
  "*.refresh_token",
  "*.client_secret",
  "*.signing_key",
  "*.password",
  "*.token",
  "*.code",
  "*.code_verifier",
  "access_token",
  "refresh_token",
  "client_secret",
  "signing_key",
  "password",
  "token",
];

/** A logger named after its process or area (`gateway`, `gateway-worker`, `console-auth`); `destination` for tests. */
export function createLogger(options: { level?: string; destination?: pino.DestinationStream; name?: string } = {}): Logger {
  return pino(
    {
      name: options.name ?? "roster",
      level: options.level ?? process.env.LOG_LEVEL ?? "info",
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    },
    options.destination,
  );
}

/** A logger that writes nothing (tests). */
export const silentLogger: Logger = pino({ level: "silent" });
