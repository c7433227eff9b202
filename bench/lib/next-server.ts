import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { freePorts } from "../../scripts/ports.mjs";

// The console's production server for the benchmarks: `next build` when the build is missing or
// older than its sources (the rule of scripts/build-if-needed.mjs), then `next start` on loopback
// with its own data directory and ports. Everything it starts is a process group of its own, ended
// by its id when the suite stops, when the runner's watchdog exits, or on Ctrl-C.

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

interface BuildIfNeeded {
  buildReason(): string | null;
  nextBin(): string;
}

/** scripts/build-if-needed.mjs (plain JS without types, so imported by URL and typed here). */
async function buildHelpers(): Promise<BuildIfNeeded> {
  return (await import(pathToFileURL(path.join(PROJECT_ROOT, "scripts", "build-if-needed.mjs")).href)) as BuildIfNeeded;
}

// ---- child processes: tracked so that every exit path ends them --------------------------------

const live = new Set<ChildProcess>();
/** Data directories of running servers, removed on every exit path too. */
const dataDirs = new Set<string>();

export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    // detached: the child leads its own process group; the minus sign addresses that group.
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

function killAllNow(): void {
  for (const child of live) killGroup(child, "SIGKILL");
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

function onSignal(signal: NodeJS.Signals): void {
  killAllNow();
  process.exit(signal === "SIGINT" ? 130 : 143);
}

function track(child: ChildProcess): void {
  if (live.size === 0) {
    process.on("exit", killAllNow);
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  }
  live.add(child);
  child.once("exit", () => {
    live.delete(child);
    if (live.size === 0) {
      process.off("exit", killAllNow);
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
  });
}

export function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** SIGTERM to the group, SIGKILL after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  killGroup(child, "SIGTERM");
  if (!(await waitForExit(child, graceMs))) {
    killGroup(child, "SIGKILL");
    await waitForExit(child, 2000);
  }
}

/** The last lines a child printed, for error messages. */
class OutputTail {
  private text = "";
  constructor(private readonly max = 4000) {}
  push(chunk: Buffer | string): void {
    this.text = (this.text + chunk.toString()).slice(-this.max);
  }
  toString(): string {
    return this.text.trim();
  }
}

/** A server's data directory, removed on every exit path until `releaseDataDir` removes it. */
export function holdDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  dataDirs.add(dir);
  return dir;
}

export function releaseDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  dataDirs.delete(dir);
}

/**
 * `command args` in the project directory as the leader of its own process group (ended by
 * `killGroup`, and on every exit path of the bench); `output()` is the tail of what it printed.
 */
export function spawnGroup(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  onData?: (chunk: Buffer) => void,
): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, { cwd: PROJECT_ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  track(child);
  const tail = new OutputTail();
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      tail.push(chunk);
      onData?.(chunk);
    });
  }
  return { child, output: () => tail.toString() };
}

/** Polls `ready` every 500 ms until it holds; fails when the child exits first or at the deadline. */
export async function waitUntilReady(
  started: { child: ChildProcess; output: () => string },
  what: string,
  ready: () => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const { child, output } = started;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${timeoutMs / 1000} s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

// ---- build ----------------------------------------------------------------------------------------

export interface BuildInfo {
  built: boolean;
  reason: string | null;
  buildSeconds: number | null;
  buildId: string;
}

/**
 * Runs `next build` when scripts/build-if-needed.mjs says the build is missing or stale. The build
 * goes to stderr (progress), is bounded by `timeoutMs` and fails the suite rather than the process.
 * Next's own lock (.next/lock) refuses a second build in the same directory at the same time.
 */
export async function buildIfNeeded(log: (message: string) => void, timeoutMs = 12 * 60_000): Promise<BuildInfo> {
  const helpers = await buildHelpers();
  const reason = helpers.buildReason();
  let buildSeconds: number | null = null;
  if (reason) {
    log(`next build (${reason}); this takes minutes on a small machine`);
    const t0 = performance.now();
    const { child, output } = spawnGroup(
      process.execPath,
      [helpers.nextBin(), "build"],
      { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
      (chunk) => process.stderr.write(chunk),
    );
    const finished = await waitForExit(child, timeoutMs);
    if (!finished) {
      await stopChild(child);
      throw new Error(`next build did not finish within ${Math.round(timeoutMs / 60_000)} min`);
    }
    if (child.exitCode !== 0) throw new Error(`next build failed (exit ${child.exitCode ?? child.signalCode}):\n${output()}`);
    buildSeconds = Math.round((performance.now() - t0) / 100) / 10;
  }
  const buildIdFile = path.join(PROJECT_ROOT, ".next", "BUILD_ID");
  if (!existsSync(buildIdFile)) throw new Error("no production build (.next/BUILD_ID is missing)");
  return { built: reason !== null, reason, buildSeconds, buildId: readFileSync(buildIdFile, "utf8").trim() };
}

// ---- start ----------------------------------------------------------------------------------------

export interface ConsoleServer {
  url: string;
  apiUrls: { sandbox: string; production: string };
  dataDir: string;
  /** Ends the server (its whole process group) and removes its data directory. Idempotent. */
  stop(): Promise<void>;
  /** What the server printed last (for error messages). */
  output(): string;
}

export interface StartOptions {
  log: (message: string) => void;
  /** Variables of the server; these override the defaults below. */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

/** The URL answers with anything below 500 (redirects not followed). */
export async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.status < 500;
  } catch {
    return false;
  }
}

/** The ports and data of one console server (next start, or npm start). */
export interface ConsoleServerPorts {
  port: number;
  sandboxPort: number;
  productionPort: number;
  dataDir: string;
}

/**
 * The environment of a console server for the benchmarks: production, loopback, its own ports and
 * data directory, and always the embedded API on its own PGlite data (no PostgreSQL, no Redis, no
 * external API), whatever the shell has set (empty = unset, lib/env.ts). `extra` overrides.
 */
export function consoleServerEnv(ports: ConsoleServerPorts, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const url = `http://127.0.0.1:${ports.port}`;
  return {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(ports.port),
    CONSOLE_URL: url,
    NEXTAUTH_URL: url,
    GATEWAY_HOST: "127.0.0.1",
    GATEWAY_DATA_DIR: ports.dataDir,
    GATEWAY_SANDBOX_PORT: String(ports.sandboxPort),
    GATEWAY_PRODUCTION_PORT: String(ports.productionPort),
    GATEWAY_EMBEDDED: "auto",
    GATEWAY_MODE: "local",
    API_SANDBOX_URL: "",
    API_PRODUCTION_URL: "",
    DATABASE_URL: "",
    CONSOLE_DATABASE_URL: "",
    REDIS_URL: "",
    LOG_LEVEL: "warn",
    ...extra,
  };
}

/** Free ports chosen by the OS, all three held together (distinct), never npm start's 3000/4010/4011. */
export async function freeServerPorts(): Promise<{ port: number; sandboxPort: number; productionPort: number }> {
  const [port, sandboxPort, productionPort] = (await freePorts(3)) as [number, number, number];
  return { port, sandboxPort, productionPort };
}

/** Ready: the console's /api/auth/csrf and the sandbox API both answer. */
export const consoleReady = (ports: Pick<ConsoleServerPorts, "port" | "sandboxPort">) => async () =>
  (await answers(`http://127.0.0.1:${ports.port}/api/auth/csrf`)) && (await answers(`http://127.0.0.1:${ports.sandboxPort}/`));

/**
 * The console as `npm start` runs it (`node --v8-pool-size=2 scripts/start.mjs`: `next start -H
 * 127.0.0.1` in this process, its requests handed to the page cache first) on a free port, with a
 * fresh data directory (the embedded API seeds its demo data there on first start) and free ports
 * for the embedded API. Ready when the console's /api/auth/csrf and the sandbox API both answer.
 */
export async function startConsoleServer(options: StartOptions): Promise<ConsoleServer> {
  const ports = { ...(await freeServerPorts()), dataDir: holdDataDir("roster-bench-console-") };
  const { port, sandboxPort, productionPort, dataDir } = ports;
  const url = `http://127.0.0.1:${port}`;
  const apiUrls = { sandbox: `http://127.0.0.1:${sandboxPort}`, production: `http://127.0.0.1:${productionPort}` };
  options.log(`scripts/start.mjs (next start) on ${url} (API ${apiUrls.sandbox} / ${apiUrls.production}, data ${dataDir})`);
  const started = spawnGroup(
    process.execPath,
    ["--v8-pool-size=2", path.join(PROJECT_ROOT, "scripts", "start.mjs")],
    consoleServerEnv(ports, options.env),
  );

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopChild(started.child);
    releaseDataDir(dataDir);
  };

  try {
    await waitUntilReady(started, "next start", consoleReady(ports), options.readyTimeoutMs ?? 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, apiUrls, dataDir, stop, output: started.output };
}
