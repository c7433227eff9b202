// `npm test`: every suite, in order, each preparing what it needs.
//   1. vitest on PGlite (the embedded default)
//   2. vitest again on PostgreSQL (TEST_DB=postgres; PostgreSQL must answer)
//   3. Playwright end-to-end (scripts/test-e2e.mjs: picks free ports, checks chromium, builds, starts the servers)
// Each runner writes a JSON report; the counts are summed into a last line `N passed, N failed, N skipped`
// (also written to test-results/summary.txt), and the exit code is non-zero when anything failed.
// Options: --skip-e2e, --only=static|pglite|postgres|e2e (repeatable); extra args after -- go to vitest.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ROOT } from "./build-if-needed.mjs";
import { PORT_TAKEN_EXIT_CODE } from "./ports.mjs";
import { checkPostgres, checkRedis, DEFAULT_REDIS_URL, DEFAULT_TEST_DATABASE_URL } from "./services.mjs";
import { countPlaywright, countVitest, failedVitest, summarize } from "./test-report.mjs";

const require = createRequire(import.meta.url);
const RESULTS = path.join(ROOT, "test-results");
mkdirSync(RESULTS, { recursive: true });
rmSync(path.join(RESULTS, "summary.txt"), { force: true });

const args = process.argv.slice(2);
const dashdash = args.indexOf("--");
const passthrough = dashdash >= 0 ? args.slice(dashdash + 1) : [];
const own = dashdash >= 0 ? args.slice(0, dashdash) : args;
const only = own.filter((a) => a.startsWith("--only=")).map((a) => a.slice("--only=".length));
const wanted = (name) => (only.length === 0 || only.includes(name)) && !(name === "e2e" && own.includes("--skip-e2e"));

const baseEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0"),
};

// Redis-backed tests run when Redis answers (CI provides it); they skip otherwise.
if (!baseEnv.REDIS_URL) {
  if (await checkRedis(DEFAULT_REDIS_URL)) baseEnv.REDIS_URL = DEFAULT_REDIS_URL;
  else
    process.stdout.write(
      `Redis does not answer at ${DEFAULT_REDIS_URL}: the Redis-backed tests will fail (ALLOW_SKIP_REDIS=1 skips them).\n`,
    );
}

/** @type {{name: string, passed: number, failed: number, skipped: number, note?: string, failures?: string[]}[]} */
const suites = [];

// Should this script itself fail, the summary still says so (CI reads the last line).
const crashed = (error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  const line = summarize([...suites, { passed: 0, failed: 1, skipped: 0 }]).line;
  writeFileSync(path.join(RESULTS, "summary.txt"), `${line}\n`);
  process.stdout.write(`${line}\n`);
  process.exit(1);
};
process.on("uncaughtException", crashed);
process.on("unhandledRejection", crashed);

/** A runner's JSON report, or null when it wrote none (or an unreadable one). */
function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
  } catch {
    return null;
  }
}

function runVitest(name, extraEnv, reportName) {
  const report = path.join(RESULTS, reportName);
  rmSync(report, { force: true });
  process.stdout.write(`\n=== ${name} ===\n`);
  const vitest = path.join(path.dirname(require.resolve("vitest/package.json")), "vitest.mjs");
  const result = spawnSync(
    process.execPath,
    [vitest, "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...passthrough],
    { cwd: ROOT, stdio: "inherit", env: { ...baseEnv, ...extraEnv } },
  );
  const json = readJson(report);
  suites.push({ name, ...countVitest(json, result.status ?? 1), failures: failedVitest(json, ROOT) });
}

// The gate: the type check (TypeScript 7) and ESLint, one check each.
if (wanted("static")) {
  process.stdout.write("\n=== static checks (typecheck, lint, format) ===\n");
  const checks = [
    ["typecheck", [path.join(ROOT, "node_modules", "typescript7", "bin", "tsc"), "--noEmit", "-p", "tsconfig.json"]],
    ["lint", [path.join(path.dirname(require.resolve("eslint/package.json")), "bin", "eslint.js"), "."]],
    [
      "format",
      [path.join(path.dirname(require.resolve("prettier/package.json")), "bin", "prettier.cjs"), "--check", ".", "--log-level", "warn"],
    ],
  ];
  let passed = 0;
  let failed = 0;
  for (const [label, args] of checks) {
    const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: "inherit", env: baseEnv });
    process.stdout.write(`${label}: ${result.status === 0 ? "ok" : "FAILED"}\n`);
    if (result.status === 0) passed++;
    else failed++;
  }
  suites.push({ name: "static checks (typecheck, lint, format)", passed, failed, skipped: 0 });
}

if (wanted("pglite")) runVitest("unit and integration (PGlite)", { TEST_DB: "pglite" }, "vitest-pglite.json");

if (wanted("postgres")) {
  const url = baseEnv.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const reason = await checkPostgres(url);
  if (reason) {
    process.stdout.write(
      `\n=== unit and integration (PostgreSQL) ===\nPostgreSQL does not answer at ${url.replace(/:[^:@/]*@/, ":***@")}: ${reason}\n` +
        "Start it (Debian: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set TEST_DATABASE_URL.\n",
    );
    suites.push({ name: "unit and integration (PostgreSQL)", passed: 0, failed: 1, skipped: 0, note: "PostgreSQL not reachable" });
  } else {
    runVitest("unit and integration (PostgreSQL)", { TEST_DB: "postgres", TEST_DATABASE_URL: url }, "vitest-postgres.json");
  }
}

if (wanted("e2e")) {
  process.stdout.write("\n=== end-to-end (Playwright) ===\n");
  const report = path.join(RESULTS, "playwright.json");
  rmSync(report, { force: true });
  const result = spawnSync(process.execPath, [path.join(ROOT, "scripts", "test-e2e.mjs")], { cwd: ROOT, stdio: "inherit", env: baseEnv });
  const counts = countPlaywright(readJson(report), result.status ?? 1);
  // Stopped before anything started: the line above names the port that is taken.
  if (result.status === PORT_TAKEN_EXIT_CODE) counts.note = "stopped: a port it needs is taken (see above)";
  suites.push({ name: "end-to-end (Playwright)", ...counts });
}

const total = summarize(suites);
// The failed tests by name, just above the counts, so that the tail of a CI log says what failed.
const failures = suites.flatMap((s) => (s.failures ?? []).map((f) => `  [${s.name}] ${f}`));
if (failures.length > 0) {
  process.stdout.write(`\nFailed tests:\n${failures.slice(0, 20).join("\n")}\n`);
  if (failures.length > 20) process.stdout.write(`  … and ${failures.length - 20} more (test-results/vitest-*.json)\n`);
}
process.stdout.write("\nSuites:\n");
for (const s of suites) {
  process.stdout.write(
    `  ${s.failed > 0 ? "FAIL" : "ok  "} ${s.name.padEnd(36)} passed ${s.passed} | failed ${s.failed} | skipped ${s.skipped}${s.note ? ` (${s.note})` : ""}\n`,
  );
}
const summary = total.line;
writeFileSync(path.join(RESULTS, "summary.txt"), `${summary}\n`);
process.stdout.write(`${summary}\n`);
process.exit(total.failed > 0 || suites.length === 0 ? 1 : 0);
