import autocannon from "autocannon";
import type { BenchOptions, Metric } from "./suite";

// One load run with autocannon: fixed duration and connections, after a discarded warm-up. The
// load generator runs in a worker thread (autocannon `workers: 1`) so that it does not share the
// event loop of the servers under test, which live in this process's main thread.

export interface LoadResult {
  metrics: { "req/s": Metric; p50: Metric; p99: Metric };
  notes: { requests: number; non2xx: number; errors: number; timeouts: number; bytesPerResponse: number };
}

export async function measure(url: string, options: BenchOptions, headers: Record<string, string> = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    headers,
    connections: options.connections,
    duration: options.duration,
    workers: 1,
    timeout: 10,
    ...(options.warmup > 0 ? { warmup: { connections: options.connections, duration: options.warmup } } : {}),
  });
  return {
    metrics: {
      "req/s": { value: round(result.requests.average), unit: "req/s", better: "higher" },
      p50: { value: result.latency.p50, unit: "ms", better: "lower" },
      p99: { value: result.latency.p99, unit: "ms", better: "lower" },
    },
    notes: {
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      bytesPerResponse: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    },
  };
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
