// Minimal typing of the parts of autocannon's programmatic API that the benchmarks use
// (the package ships no types and @types/autocannon is not installed).
declare module "autocannon" {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    p99_9?: number;
  }
  interface Result {
    url: string;
    connections: number;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    workers?: number;
    method?: string;
    headers?: Record<string, string>;
    timeout?: number;
    /** A first run whose figures are discarded (JIT, connection pools, caches). */
    warmup?: { connections?: number; duration?: number };
  }
  /** Without a callback, a thenable run. */
  function autocannon(options: Options): PromiseLike<Result>;
  export = autocannon;
}
