// `npm start`: builds the console when needed, then serves it on 127.0.0.1:$PORT (default 3000).
// The embedded Employment API starts inside the same process (instrumentation.ts) and prints the
// demo sign-in.
// Next runs in this very process (its CLI, `next start`), not in a child: a second Node process only
// to wait for the first cost about 45 MB of idle memory (docs/decisions/runtime-idle-memory.md).
// Next handles SIGINT/SIGTERM itself (the embedded API drains, instrumentation.ts).
import { createRequire } from "node:module";
import { ensureBuild, nextBin, ROOT } from "./build-if-needed.mjs";
import { hookFirstServer } from "./page-cache-hook.mjs";

const port = process.env.PORT && process.env.PORT.trim() !== "" ? process.env.PORT : "3000";
if (!/^\d+$/.test(port) || Number(port) > 65535) {
  process.stderr.write(`Invalid configuration:\n  PORT: must be a port number (got "${port}")\n`);
  process.exit(1);
}

ensureBuild({ force: process.argv.includes("--build") });

process.chdir(ROOT);
process.env.NEXT_TELEMETRY_DISABLED = "1";
const bin = nextBin();
process.argv = [process.execPath, bin, "start", "-H", "127.0.0.1", "-p", port];
// Next's server hands its requests to the console's page cache first (scripts/page-cache-hook.mjs).
hookFirstServer();
createRequire(import.meta.url)(bin);
