// `npm run test:e2e`: Playwright end-to-end tests against the production build.
// Checks Debian's chromium (Playwright cannot download browsers here), builds when needed, starts
// from an empty e2e data directory, then runs Playwright (which starts the server, see
// playwright.config.ts). Extra arguments go to `playwright test`.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ensureBuild, ROOT } from "./build-if-needed.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

if (!existsSync(CHROMIUM)) {
  process.stderr.write(
    `Chromium is missing at ${CHROMIUM}: the end-to-end tests need Debian's chromium (Playwright cannot download browsers here).\n` +
      "Install it with: apt-get update && apt-get install -y chromium   (or set CHROMIUM_PATH)\n",
  );
  process.exit(1);
}

ensureBuild();

// Each run starts from fresh demo data (unless an already running server is reused locally): .data/e2e,
// or GATEWAY_DATA_DIR when set to another e2e directory (e.g. .data/e2e-2 beside a running e2e server).
// A directory whose name does not start with "e2e" is someone's own data: it is never deleted.
const dataDir = path.resolve(ROOT, process.env.GATEWAY_DATA_DIR || path.join(".data", "e2e"));
if (path.basename(dataDir).startsWith("e2e")) rmSync(dataDir, { recursive: true, force: true });
else process.stdout.write(`Keeping ${dataDir} (GATEWAY_DATA_DIR): only a directory named e2e* is reset before a run.\n`);

const require = createRequire(import.meta.url);
const cli = require.resolve("@playwright/test/cli");
const result = spawnSync(process.execPath, [cli, "test", ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
process.exit(result.status ?? 1);
