// The contract between bench/run.ts and the suites of bench/suites/*.ts. A suite starts what it needs,
// measures it, stops everything it started, and returns rows; run.ts prints them and writes JSON.
// Later suites (e.g. the console's TTFB and page weight) add rows with their own metrics.

export interface BenchOptions {
  /** Seconds of measurement per target. */
  duration: number;
  /** Seconds of discarded warm-up per target. */
  warmup: number;
  /** Concurrent connections of the load generator. */
  connections: number;
  /** Progress lines (stderr), so stdout keeps the tables. */
  log(message: string): void;
}

/** One measured quantity; `better` says which direction is an improvement (for reports and diffs). */
export interface Metric {
  value: number;
  unit: string;
  better: "higher" | "lower";
}

export interface Row {
  /** What was measured, e.g. "GET /v1/employments". */
  name: string;
  /** Who served it, e.g. "gateway" or "baseline". */
  target: string;
  metrics: Record<string, Metric>;
  /** Anything a reader needs to trust the row (errors, non-2xx count, bytes per response). */
  notes?: Record<string, string | number>;
}

export interface Comparison {
  name: string;
  /** e.g. { "throughput gateway/baseline": 0.42 } */
  ratios: Record<string, number>;
}

/** A goal the suite checks its own figures against (issue 11's budgets), printed PASS or FAIL. */
export interface Check {
  /** What is checked, e.g. "JS /employments (gzip)". */
  name: string;
  value: number;
  limit: number;
  unit: string;
  /** "max": value ≤ limit passes; "min": value ≥ limit passes. */
  kind: "max" | "min";
  pass: boolean;
}

/** A check of `value` against `limit` (rounded figures are compared as printed). */
export const check = (name: string, value: number, kind: Check["kind"], limit: number, unit: string): Check => ({
  name,
  value,
  limit,
  unit,
  kind,
  pass: kind === "max" ? value <= limit : value >= limit,
});

export interface SuiteResult {
  rows: Row[];
  comparisons?: Comparison[];
  /** Budgets and goals, each PASS or FAIL (printed after the table, kept in the JSON). */
  checks?: Check[];
  /** Setup facts (data size, versions) recorded in the JSON. */
  context?: Record<string, unknown>;
}

export interface Suite {
  name: string;
  description: string;
  run(options: BenchOptions): Promise<SuiteResult>;
}

export const defineSuite = (suite: Suite): Suite => suite;
