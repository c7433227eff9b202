// `node scripts/test-beside-start.mjs [npm test's options]`: `npm test` beside a running `npm start`,
// as a user following the README does it (run by .ci/run, so every CI run proves it).
//   1. Starts `npm start` in the background, as is: default ports (3000, 4010, 4011), default data
//      directory (.data), credentials generated at its start. Stops with one line when one of those
//      ports is taken.
//   2. Waits until its console and both API environments answer, then runs every suite
//      (scripts/test.mjs): the suites must pass with the same counts as without it.
//   3. Checks that the background server still answers (no suite stopped, replaced or used it), then
//      stops it: its whole process group, on every exit path (success, failure, Ctrl+C, SIGTERM), and
//      checks that its ports are free again (no orphan left).
// Exit code: scripts/test.mjs's; 1 as well when the background server failed, then the summary line
// (test-results/summary.txt) counts it as one more failure.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./build-if-needed.mjs";
import { DEFAULT_PORTS, firstTakenPort, HOST, listenError, PORT_TAKEN_EXIT_CODE } from "./ports.mjs";
import { summarize } from "./test-report.mjs";

const RESULTS = path.join(ROOT, "test-results");
const SUMMARY = path.join(RESULTS, "summary.txt");
/** A fresh clone builds first: minutes on a small machine. */
const READY_TIMEOUT_MS = 20 * 60_000;
const STOP_TIMEOUT_MS = 15_000;

const BACKGROUND = [
  { port: DEFAULT_PORTS.console, what: "npm start's console", url: `http://${HOST}:${DEFAULT_PORTS.console}/` },
  { port: DEFAULT_PORTS.sandbox, what: "npm start's sandbox API", url: `http://${HOST}:${DEFAULT_PORTS.sandbox}/openapi.json` },
  { port: DEFAULT_PORTS.production, what: "npm start's production API", url: `http://${HOST}:${DEFAULT_PORTS.production}/openapi.json` },
];

const log = (line) => process.stdout.write(`[beside npm start] ${line}\n`);

mkdirSync(RESULTS, { recursive: true });
rmSync(SUMMARY, { force: true });

/** Ends the summary with one more failure (the background server's), printed and written for CI. */
function addFailure(reason) {
  process.stderr.write(`[beside npm start] ${reason}\n`);
  let counts = { passed: 0, failed: 0, skipped: 0 };
  try {
    const last = readFileSync(SUMMARY, "utf8").trim().split("\n").at(-1) ?? "";
    const number = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(last)?.[1] ?? 0);
    counts = { passed: number("passed"), failed: number("failed"), skipped: number("skipped") };
  } catch {
    // no summary yet: this failure is the only count
  }
  const line = summarize([counts, { passed: 0, failed: 1, skipped: 0 }]).line;
  writeFileSync(SUMMARY, `${line}\n`);
  process.stdout.write(`${line}\n`);
}

// ---- 1. npm start in the background ----------------------------------------------------------------

const taken = await firstTakenPort(
  BACKGROUND,
  "stop what listens there (a running npm start or npm run gateway) before this script starts its own npm start",
);
if (taken) {
  process.stderr.write(`${taken}\n`);
  process.exit(PORT_TAKEN_EXIT_CODE);
}

// npm start as a user runs it: whatever the shell says about ports and data is not for this server.
const serverEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
for (const variable of ["PORT", "CONSOLE_URL", "NEXTAUTH_URL", "GATEWAY_SANDBOX_PORT", "GATEWAY_PRODUCTION_PORT", "GATEWAY_DATA_DIR"]) {
  delete serverEnv[variable];
}

log(`starting npm start (ports ${BACKGROUND.map((b) => b.port).join(", ")}, data .data)`);
// Its own process group (detached), so that stopping it reaches npm, the shell and next alike.
const server = spawn("npm", ["start"], { cwd: ROOT, env: serverEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] });

// Its output is kept in memory (the banner holds its generated demo secrets: never written to a file)
// and shown, secrets masked, only when it fails.
const tail = [];
const keep = (chunk) => {
  for (const line of chunk.toString().split("\n")) {
    tail.push(line);
    if (tail.length > 80) tail.shift();
  }
};
server.stdout.on("data", keep);
server.stderr.on("data", keep);
const masked = () =>
  tail.map((l) => l.replace(/\b(ra_(?:test|live)_)\S+/g, "$1***").replace(/(password|client secret)(\s+)\S+/gi, "$1$2***")).join("\n");

let serverExit = null;
const serverExited = new Promise((resolve) => {
  server.on("exit", (code, signal) => {
    serverExit = { code, signal };
    resolve(serverExit);
  });
  server.on("error", (error) => {
    serverExit = { code: null, signal: null, error };
    resolve(serverExit);
  });
});

/**
 * Whether the process group still has a live member. On Linux from /proc, so that a zombie (an ended
 * process its parent has not reaped yet, common when PID 1 of a container reaps nothing) counts as gone.
 */
function groupAlive() {
  if (existsSync("/proc/self/stat")) {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // ended meanwhile
      }
      // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses: read after the last ")".
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(pgrp) === server.pid && state !== "Z" && state !== "X") return true;
    }
    return false;
  }
  try {
    process.kill(-server.pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** Set once the group is seen gone: its id is never signalled again (it could be reused). */
let groupGone = false;

function signalGroup(signal) {
  if (server.pid === undefined || groupGone) return;
  try {
    process.kill(-server.pid, signal);
  } catch {
    // already gone
  }
}

let stopping = null;
/** Stops the whole process group (SIGTERM, then SIGKILL) and checks that its ports are free again. */
function stopServer() {
  stopping ??= (async () => {
    if (server.pid === undefined) return null;
    signalGroup("SIGTERM");
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (groupAlive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    if (groupAlive()) {
      log(`npm start did not stop within ${STOP_TIMEOUT_MS / 1000} s: SIGKILL`);
      signalGroup("SIGKILL");
      await new Promise((r) => setTimeout(r, 500));
    }
    if (groupAlive()) return `process group ${server.pid} of npm start is still alive after SIGKILL`;
    groupGone = true;
    for (const b of BACKGROUND) {
      const code = await listenError(b.port);
      if (code) return `port ${b.port} (${b.what}) is still taken after npm start stopped (${code})`;
    }
    log("npm start stopped; its process group is gone and its ports are free");
    return null;
  })();
  return stopping;
}

// Last resort on any exit: nothing of the group survives this script.
process.on("exit", () => signalGroup("SIGKILL"));

/** @type {import("node:child_process").ChildProcess | null} */
let tests = null;
/** Set by a signal: its handler stops everything and exits; the main flow reports nothing more. */
let interrupted = false;
const haltIfInterrupted = () => (interrupted ? new Promise(() => {}) : Promise.resolve());
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, async () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: stopping the tests and npm start`);
    if (tests?.pid !== undefined && tests.exitCode === null) {
      try {
        process.kill(-tests.pid, signal);
      } catch {
        // already gone
      }
    }
    await stopServer();
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}

async function answers(url) {
  try {
    const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

async function notAnswering() {
  for (const b of BACKGROUND) if (!(await answers(b.url))) return b;
  return null;
}

async function fail(reason) {
  addFailure(reason);
  const problem = await stopServer();
  if (problem) process.stderr.write(`[beside npm start] ${problem}\n`);
  process.exit(1);
}

const started = Date.now();
for (;;) {
  await haltIfInterrupted();
  if (serverExit) {
    process.stderr.write(`${masked()}\n`);
    await fail(
      `npm start exited before it answered (${serverExit.error?.message ?? `exit ${serverExit.code ?? serverExit.signal}`}); its output is above`,
    );
  }
  const missing = await notAnswering();
  if (!missing) break;
  if (Date.now() - started > READY_TIMEOUT_MS) {
    process.stderr.write(`${masked()}\n`);
    await fail(`npm start did not answer at ${missing.url} within ${READY_TIMEOUT_MS / 60_000} min; its output is above`);
  }
  await Promise.race([new Promise((r) => setTimeout(r, 1000)), serverExited]);
}
log(`npm start answers on ${BACKGROUND.map((b) => b.url).join(", ")} (${Math.round((Date.now() - started) / 1000)} s)`);

// ---- 2. every suite ---------------------------------------------------------------------------------

// Its own process group too, so that a signal to this script reaches every runner under it.
// `npm test` itself, as the README tells users to run it (extra arguments go to scripts/test.mjs).
const extra = process.argv.slice(2);
tests = spawn("npm", ["test", "--silent", ...(extra.length > 0 ? ["--", ...extra] : [])], {
  cwd: ROOT,
  env: process.env,
  detached: true,
  stdio: "inherit",
});
const testExit = await new Promise((resolve) => {
  tests.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  tests.on("error", () => resolve(1));
});

// ---- 3. the background server is untouched, then stopped ----------------------------------------------

await haltIfInterrupted();

let status = testExit;
if (serverExit) {
  process.stderr.write(`${masked()}\n`);
  addFailure(`npm start (background) exited during npm test (exit ${serverExit.code ?? serverExit.signal}); its output is above`);
  status = 1;
} else {
  const missing = await notAnswering();
  if (missing) {
    addFailure(`npm start (background) no longer answers at ${missing.url} after npm test`);
    status = 1;
  } else {
    log("npm start still answers after npm test");
  }
}

const problem = await stopServer();
if (problem) {
  addFailure(problem);
  status = 1;
}
process.exit(status);
