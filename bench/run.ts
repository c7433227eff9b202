import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { BenchOptions, Check, Suite, SuiteResult } from "./lib/suite";

// `npm run bench [-- --suite api-overhead --duration 5 --warmup 1 --connections 10]`
// Runs every suite of bench/suites/*.ts (or the named ones) on loopback, prints a table per suite and
// writes bench/results/latest.json (gitignored; a run of named suites keeps the other suites' last
// results). Bounded: each suite measures for a fixed time and a watchdog ends the process if anything
// hangs. docs/decisions/bench-harness.md explains the choices.

const here = path.dirname(fileURLToPath(import.meta.url));
const SUITES_DIR = path.join(here, "suites");
const RESULTS_DIR = path.join(here, "results");

const { values } = parseArgs({
  options: {
    suite: { type: "string", multiple: true },
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "1" },
    connections: { type: "string", default: "10" },
    out: { type: "string", default: path.join(RESULTS_DIR, "latest.json") },
    // The issue's bound for the whole run (every suite, a Next build included): the watchdog ends a
    // run that goes past it, so a slow run fails instead of passing late.
    "max-minutes": { type: "string", default: "15" },
    // Exit 1 when a suite's budget or goal check fails (CI); without it, failures are printed only.
    "fail-on-check": { type: "boolean", default: false },
  },
});

function positive(name: string, raw: string | undefined, { allowZero = false } = {}): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0))
    throw new Error(`--${name} must be a ${allowZero ? "non-negative" : "positive"} number, got ${raw}`);
  return n;
}

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

const options: BenchOptions = {
  duration: positive("duration", values.duration),
  warmup: positive("warmup", values.warmup, { allowZero: true }),
  connections: Math.round(positive("connections", values.connections)),
  log,
};

async function loadSuites(): Promise<Suite[]> {
  const files = readdirSync(SUITES_DIR)
    .filter((f) => /\.ts$/.test(f) && !f.endsWith(".d.ts"))
    .sort();
  const suites: Suite[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(SUITES_DIR, file)).href)) as { default?: Suite };
    if (!mod.default?.run) throw new Error(`bench/suites/${file} must default-export a suite (defineSuite)`);
    suites.push(mod.default);
  }
  const wanted = values.suite;
  if (!wanted) return suites;
  const unknown = wanted.filter((w) => !suites.some((s) => s.name === w));
  if (unknown.length > 0) throw new Error(`unknown suite ${unknown.join(", ")}; known: ${suites.map((s) => s.name).join(", ")}`);
  return suites.filter((s) => wanted.includes(s.name));
}

function pad(cells: string[][]): string {
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? "").length)));
  return cells.map((row) => row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ")).join("\n");
}

function printSuite(suite: Suite, result: SuiteResult): void {
  const metricNames = [...new Set(result.rows.flatMap((r) => Object.keys(r.metrics)))];
  const header = ["", "target", ...metricNames.map((m) => `${m}${unitOf(result, m)}`)];
  const rows = result.rows.map((r) => [r.name, r.target, ...metricNames.map((m) => (r.metrics[m] ? String(r.metrics[m].value) : "-"))]);
  process.stdout.write(`\n${suite.name}: ${suite.description}\n${pad([header, ...rows])}\n`);
  for (const c of result.comparisons ?? []) {
    process.stdout.write(
      `  ${c.name}: ${Object.entries(c.ratios)
        .map(([k, v]) => `${k} = ${v}`)
        .join(", ")}\n`,
    );
  }
  for (const c of result.checks ?? []) {
    const op = c.kind === "max" ? "≤" : "≥";
    process.stdout.write(`  ${c.pass ? "PASS" : "FAIL"} ${c.name}: ${c.value} ${c.unit} (budget ${op} ${c.limit} ${c.unit})\n`);
  }
}

/** Seconds of `next build` a suite ran (its context.build, bench/lib/next-server.ts), else 0. */
function buildSecondsOf(context: Record<string, unknown> | undefined): number {
  const build = context?.build as { buildSeconds?: number | null } | undefined;
  return typeof build?.buildSeconds === "number" ? build.buildSeconds : 0;
}

/** Every suite's wall time and every goal's PASS/FAIL, then the whole run's wall time against its bound. */
function printSummary(
  suites: Array<{ name: string; ok: boolean; durationMs: number }>,
  checks: Array<{ suite: string } & Check>,
  wallSeconds: number,
  buildSeconds: number,
  maxMinutes: number,
): void {
  const lines = ["", "summary"];
  for (const s of suites) lines.push(`  ${s.name}: ${(s.durationMs / 1000).toFixed(1)} s${s.ok ? "" : " (suite FAILED)"}`);
  const failed = checks.filter((c) => !c.pass);
  lines.push(
    `  goals: ${checks.length - failed.length} of ${checks.length} PASS${failed.length ? `; FAIL: ${failed.map((c) => `${c.suite}: ${c.name}`).join("; ")}` : ""}`,
  );
  lines.push(
    `  wall time: ${wallSeconds.toFixed(1)} s (${(wallSeconds / 60).toFixed(1)} min, bound ${maxMinutes} min, ${wallSeconds <= maxMinutes * 60 ? "within" : "OVER"}), next build included: ${buildSeconds > 0 ? `${buildSeconds} s` : "none needed"}`,
  );
  process.stdout.write(`${lines.join("\n")}\n`);
}

function unitOf(result: SuiteResult, metric: string): string {
  const unit = result.rows.find((r) => r.metrics[metric])?.metrics[metric]?.unit;
  return unit && unit !== metric ? ` (${unit})` : "";
}

/**
 * A run of named suites (--suite) keeps the other suites' results of the previous file, marked with
 * the run they come from, so that bench/results/latest.json holds the latest figures of every suite.
 */
function carriedOver(file: string, ran: string[]): Array<Record<string, unknown>> {
  if (!values.suite || !existsSync(file)) return [];
  try {
    const previous = JSON.parse(readFileSync(file, "utf8")) as {
      startedAt?: string;
      machine?: { loadAverage?: number[] };
      options?: unknown;
      suites?: Array<Record<string, unknown>>;
    };
    return (previous.suites ?? [])
      .filter((s) => typeof s.name === "string" && !ran.includes(s.name))
      .map((s) => ({
        ...s,
        carriedOver: s.carriedOver ?? {
          startedAt: previous.startedAt,
          loadAverage: previous.machine?.loadAverage,
          options: previous.options,
        },
      }));
  } catch {
    return [];
  }
}

type Report = {
  startedAt: string;
  suites: Array<{ name: string; description: string; ok: boolean; error?: string; durationMs: number } & Partial<SuiteResult>>;
} & Record<string, unknown>;

/** Prints the summary and writes the JSON (with the whole run's wall time and every goal). */
function finish(report: Report, runStart: number, maxMinutes: number): void {
  const wallSeconds = Math.round((performance.now() - runStart) / 100) / 10;
  const buildSeconds = report.suites.reduce((sum, s) => sum + buildSecondsOf(s.context), 0);
  const checks = report.suites.flatMap((s) => (s.checks ?? []).map((c) => ({ suite: s.name, ...c })));
  printSummary(report.suites, checks, wallSeconds, buildSeconds, maxMinutes);
  const kept = carriedOver(
    values.out,
    report.suites.map((s) => s.name),
  );
  mkdirSync(path.dirname(values.out), { recursive: true });
  const wall = {
    seconds: wallSeconds,
    boundMinutes: maxMinutes,
    // The bound counts everything, a `next build` made by a suite included (nextBuildSeconds of it).
    nextBuildSeconds: buildSeconds,
    withinBound: wallSeconds <= maxMinutes * 60,
    suites: Object.fromEntries(report.suites.map((s) => [s.name, Math.round(s.durationMs / 100) / 10])),
  };
  const checkSummary = { total: checks.length, failed: checks.filter((c) => !c.pass).map((c) => `${c.suite}: ${c.name}`) };
  writeFileSync(values.out, `${JSON.stringify({ ...report, wall, checkSummary, suites: [...report.suites, ...kept] }, null, 2)}\n`);
  log(`wrote ${path.relative(process.cwd(), values.out)}`);
}

async function main(): Promise<number> {
  const runStart = performance.now();
  const maxMinutes = positive("max-minutes", values["max-minutes"]);
  let running: { name: string; description: string; t0: number } | undefined;
  // Whatever happens, the process ends: a hung server or client cannot keep CI waiting. What ran is
  // still written (the suite cut short as failed), so a run past the bound shows where time went.
  setTimeout(() => {
    log(`watchdog: still running after ${maxMinutes} min (the bound of a whole run), exiting`);
    if (running) {
      report.suites.push({
        name: running.name,
        description: running.description,
        ok: false,
        error: `stopped by the watchdog after ${maxMinutes} min of the whole run`,
        durationMs: Math.round(performance.now() - running.t0),
      });
    }
    try {
      finish(report, runStart, maxMinutes);
    } finally {
      process.exit(2);
    }
  }, maxMinutes * 60_000).unref();

  const suites = await loadSuites();
  log(
    `${suites.length} suite(s): ${suites.map((s) => s.name).join(", ")}; ${options.duration} s per target after ${options.warmup} s warm-up, ${options.connections} connections`,
  );
  const report: Report = {
    startedAt: new Date().toISOString(),
    machine: {
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "unknown",
      loadAverage: os.loadavg(),
    },
    options: { duration: options.duration, warmup: options.warmup, connections: options.connections },
    suites: [] as Array<{ name: string; description: string; ok: boolean; error?: string; durationMs: number } & Partial<SuiteResult>>,
  };
  let failed = 0;
  let failedChecks = 0;
  for (const suite of suites) {
    const t0 = performance.now();
    running = { name: suite.name, description: suite.description, t0 };
    try {
      const result = await suite.run(options);
      report.suites.push({
        name: suite.name,
        description: suite.description,
        ok: true,
        durationMs: Math.round(performance.now() - t0),
        ...result,
      });
      printSuite(suite, result);
      failedChecks += (result.checks ?? []).filter((c) => !c.pass).length;
    } catch (error) {
      failed++;
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      log(`suite ${suite.name} failed: ${message}`);
      report.suites.push({
        name: suite.name,
        description: suite.description,
        ok: false,
        error: message,
        durationMs: Math.round(performance.now() - t0),
      });
    }
  }
  running = undefined;
  finish(report, runStart, maxMinutes);
  if (failedChecks > 0)
    log(`${failedChecks} budget check(s) failed${values["fail-on-check"] ? "" : " (exit code unchanged without --fail-on-check)"}`);
  return failed > 0 || (values["fail-on-check"] && failedChecks > 0) ? 1 : 0;
}

main().then(
  (code) => {
    // Servers and databases are closed by the suites; exit explicitly in case a library keeps a handle.
    process.exitCode = code;
    setTimeout(() => process.exit(code), 500).unref();
  },
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
