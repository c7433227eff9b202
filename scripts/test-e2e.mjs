// `npm run test:e2e`: Playwright end-to-end tests against the production build.
// Chooses the servers' ports (free ones, or E2E_PORT / E2E_GATEWAY_SANDBOX_PORT /
// E2E_GATEWAY_PRODUCTION_PORT when set) and stops with one line when one is taken, checks Debian's
// chromium (Playwright cannot download browsers here), builds when needed, starts from an empty e2e
// data directory, then runs Playwright, which starts the console and its API on those ports (see
// playwright.config.ts). Never a server on npm start's ports, never a server it did not start.
// Extra arguments go to `playwright test`.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ensureBuild, ROOT } from "./build-if-needed.mjs";
import { e2ePortEnv, HOST, PORT_TAKEN_EXIT_CODE, resolveE2EPorts } from "./ports.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** The ports, or the one line naming the port that is taken (then nothing has started). */
async function portsOrExit() {
  const result = await resolveE2EPorts(process.env);
  if (result.ok) return result.ports;
  process.stderr.write(`${result.line}\n`);
  process.exit(PORT_TAKEN_EXIT_CODE);
}

// Stop at once when a given port is taken, before the build.
let ports = await portsOrExit();

if (!existsSync(CHROMIUM)) {
  process.stderr.write(
    `Chromium is missing at ${CHROMIUM}: the end-to-end tests need Debian's chromium (Playwright cannot download browsers here).\n` +
      "Install it with: apt-get update && apt-get install -y chromium   (or set CHROMIUM_PATH)\n",
  );
  process.exit(1);
}

// A build takes minutes: the ports are chosen (and checked) again just before the servers start.
if (ensureBuild()) ports = await portsOrExit();

// Each run starts from fresh demo data: .data/e2e, or E2E_DATA_DIR. A directory whose name does not
// start with "e2e" is someone's own data: it is never deleted.
const dataDir = path.resolve(ROOT, process.env.E2E_DATA_DIR || path.join(".data", "e2e"));
if (path.basename(dataDir).startsWith("e2e")) rmSync(dataDir, { recursive: true, force: true });
else process.stdout.write(`Keeping ${dataDir} (E2E_DATA_DIR): only a directory named e2e* is reset before a run.\n`);

process.stdout.write(
  `End-to-end servers: console http://${HOST}:${ports.console}, API http://${HOST}:${ports.sandbox} (sandbox) and ` +
    `http://${HOST}:${ports.production} (production), data ${path.relative(ROOT, dataDir) || dataDir}\n`,
);

const require = createRequire(import.meta.url);
const cli = require.resolve("@playwright/test/cli");
const result = spawnSync(process.execPath, [cli, "test", ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, ...e2ePortEnv(ports), E2E_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1" },
});
process.exit(result.status ?? 1);
