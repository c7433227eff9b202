// Builds the console (`next build`) when there is no build yet or a source is newer than it.
// Shared by scripts/start.mjs and scripts/test-e2e.mjs.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_ID = path.join(ROOT, ".next", "BUILD_ID");

/** What the production build is made from (tests and e2e specs are not). */
const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "instrumentation.ts",
  "next.config.ts",
  "tailwind.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];
const SKIP_DIRS = new Set(["node_modules", ".next", ".data", "migrations-test"]);
const isTest = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

function newestMtime(entry) {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const dirent of readdirSync(full, { withFileTypes: true })) {
    if (dirent.isDirectory() && SKIP_DIRS.has(dirent.name)) continue;
    if (!dirent.isDirectory() && isTest(dirent.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, dirent.name)));
  }
  return newest;
}

/** Why a build is needed, or null when the current one is up to date. */
export function buildReason() {
  if (!existsSync(BUILD_ID)) return "no build yet";
  const built = statSync(BUILD_ID).mtimeMs;
  const changed = SOURCES.find((s) => newestMtime(s) > built);
  return changed ? `${changed} changed since the last build` : null;
}

export function nextBin() {
  return createRequire(import.meta.url).resolve("next/dist/bin/next");
}

/** Runs `next build` when needed; exits the process when the build fails. */
export function ensureBuild({ force = false } = {}) {
  const reason = force ? "forced" : buildReason();
  if (!reason) return false;
  process.stdout.write(`Building the console (${reason})…\n`);
  const result = spawnSync(process.execPath, [nextBin(), "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) {
    process.stderr.write(`next build failed (exit ${result.status ?? result.signal}).\n`);
    process.exit(result.status ?? 1);
  }
  return true;
}
