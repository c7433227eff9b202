import { Agent, request } from "node:http";
import type { Metric } from "./suite";
import { round } from "./load";

// Time to first byte, one request at a time: what a single user waits for, without the queueing
// that a load run adds. node:http over one keep-alive connection (as a browser reuses its
// connection), timed from the call to the response head (status line and headers: the first bytes
// of the response), to the first body chunk, and to the end of the body.

export interface Timing {
  /** Request sent → response head received. */
  ttfb: number;
  /** Request sent → first chunk of the body. */
  firstChunk: number;
  /** Request sent → last byte of the body. */
  total: number;
  bytes: number;
}

export interface SequentialOptions {
  /** Measured requests. */
  count: number;
  /** Discarded requests first (JIT, caches, the keep-alive connection). */
  warmup: number;
  headers?: Record<string, string>;
  /** Per request. */
  timeoutMs?: number;
}

function once(url: URL, agent: Agent, headers: Record<string, string>, timeoutMs: number): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let ttfb = 0;
    let firstChunk = 0;
    let bytes = 0;
    const req = request(url, { agent, headers, method: "GET" }, (res) => {
      ttfb = performance.now() - t0;
      if (res.statusCode !== 200) {
        res.resume();
        reject(
          new Error(`GET ${url.pathname} answered ${res.statusCode}${res.headers.location ? ` (location ${res.headers.location})` : ""}`),
        );
        return;
      }
      res.on("data", (chunk: Buffer) => {
        if (bytes === 0) firstChunk = performance.now() - t0;
        bytes += chunk.length;
      });
      res.on("end", () => resolve({ ttfb, firstChunk: firstChunk || ttfb, total: performance.now() - t0, bytes }));
      res.on("error", reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`GET ${url.pathname}: no answer within ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end();
  });
}

/** `count` sequential GETs after `warmup` discarded ones; every answer must be 200. */
export async function timeSequential(url: string, options: SequentialOptions): Promise<Timing[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  const headers = { accept: "text/html", ...options.headers };
  try {
    for (let i = 0; i < options.warmup; i++) await once(target, agent, headers, options.timeoutMs ?? 10_000);
    const timings: Timing[] = [];
    for (let i = 0; i < options.count; i++) timings.push(await once(target, agent, headers, options.timeoutMs ?? 10_000));
    return timings;
  } finally {
    agent.destroy();
  }
}

/** Nearest-rank percentile of unsorted values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** ttfb p50/p90 and full-response p50/p90, in ms with 0.1 ms resolution. */
export function timingMetrics(timings: Timing[]): Record<"ttfb p50" | "ttfb p90" | "full p50" | "full p90", Metric> {
  const ms = (value: number): Metric => ({ value: round(value, 1), unit: "ms", better: "lower" });
  const ttfb = timings.map((t) => t.ttfb);
  const total = timings.map((t) => t.total);
  return {
    "ttfb p50": ms(percentile(ttfb, 50)),
    "ttfb p90": ms(percentile(ttfb, 90)),
    "full p50": ms(percentile(total, 50)),
    "full p90": ms(percentile(total, 90)),
  };
}
