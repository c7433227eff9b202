import { readFileSync } from "node:fs";
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

/**
 * CPU time (user + system, ms) of this process's main thread so far, where the servers under test
 * run (the load generator has its own thread): /proc/self/task/<pid>/stat, in clock ticks of 10 ms.
 * 0 where /proc is absent.
 */
export function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of stat (utime, stime) are 12 and 13 after the command name.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
