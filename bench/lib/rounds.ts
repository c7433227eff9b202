import { mainThreadCpuMs, measure, round, type LoadResult } from "./load";
import type { BenchOptions } from "./suite";

// Two targets measured in alternating rounds (the first target first in even rounds, the second in
// odd ones) of duration/rounds seconds each, so that a change of the machine's speed during the run
// (2 shared cores) weighs on both alike instead of on whichever ran in that window. Their ratio is
// read as the median of the rounds' ratios (round i of each target ran next to each other).

/** Rounds per comparison unless the caller says otherwise. */
export const ROUNDS = 5;

export interface Combined {
  metrics: LoadResult["metrics"];
  notes: LoadResult["notes"] & {
    roundReqPerSec: string;
    /** CPU time of this process's main thread over the rounds (where in-process servers run). */
    serverThreadCpuMs: number;
    requestsPerServerCpuSecond: number;
  };
}

/** One round of one target, with the CPU time this process's main thread spent in it. */
interface Round {
  load: LoadResult;
  cpuMs: number;
}

/** Rounds of one target: req/s over all rounds (total requests / total time), median p50, worst p99. */
function combine(measured: Round[], seconds: number): Combined {
  const rounds = measured.map((r) => r.load);
  const sum = (f: (r: LoadResult) => number) => rounds.reduce((a, r) => a + f(r), 0);
  const cpuMs = measured.reduce((a, r) => a + r.cpuMs, 0);
  const p50s = rounds.map((r) => r.metrics.p50.value).sort((a, b) => a - b);
  const first = rounds[0]!;
  return {
    metrics: {
      "req/s": { ...first.metrics["req/s"], value: round(sum((r) => r.notes.requests) / seconds) },
      p50: { ...first.metrics.p50, value: p50s[Math.floor(p50s.length / 2)]! },
      p99: { ...first.metrics.p99, value: Math.max(...rounds.map((r) => r.metrics.p99.value)) },
    },
    notes: {
      requests: sum((r) => r.notes.requests),
      non2xx: sum((r) => r.notes.non2xx),
      errors: sum((r) => r.notes.errors),
      timeouts: sum((r) => r.notes.timeouts),
      bytesPerResponse: first.notes.bytesPerResponse,
      roundReqPerSec: rounds.map((r) => round(r.notes.requests / (seconds / rounds.length))).join(" "),
      serverThreadCpuMs: cpuMs,
      requestsPerServerCpuSecond: cpuMs > 0 ? Math.round(sum((r) => r.notes.requests) / (cpuMs / 1000)) : 0,
    },
  };
}

/** The median over rounds of a/b req/s (`roundReqPerSec` of two targets measured together). */
export function medianRatio(a: Combined, b: Combined, digits = 3): number {
  const bs = b.notes.roundReqPerSec.split(" ").map(Number);
  const ratios = a.notes.roundReqPerSec
    .split(" ")
    .map((x, i) => Number(x) / bs[i]!)
    .sort((x, y) => x - y);
  return round(ratios[Math.floor(ratios.length / 2)]!, digits);
}

/**
 * Two targets (the first key of `urls` starts even rounds): each warmed up for its own seconds
 * (`warmupSeconds`, default the runner's warm-up), then `rounds` alternating rounds.
 */
export async function alternatingRounds<K extends string>(
  urls: Readonly<Record<K, string>>,
  options: BenchOptions,
  headers: Record<string, string>,
  settings: { rounds?: number; warmupSeconds?: Partial<Record<K, number>> } = {},
): Promise<Record<K, Combined>> {
  const targets = Object.keys(urls) as K[];
  if (targets.length !== 2) throw new Error(`alternatingRounds compares two targets, not ${targets.length}`);
  const count = settings.rounds ?? ROUNDS;
  const roundSeconds = Math.max(1, Math.round(options.duration / count));
  const each = { ...options, duration: roundSeconds, warmup: 0 };
  for (const target of targets) {
    const seconds = settings.warmupSeconds?.[target] ?? options.warmup;
    if (seconds > 0) await measure(urls[target], { ...options, duration: seconds, warmup: 0 }, headers);
  }
  const measured = Object.fromEntries(targets.map((t) => [t, [] as Round[]])) as Record<K, Round[]>;
  for (let i = 0; i < count; i++) {
    for (const target of i % 2 === 0 ? targets : [...targets].reverse()) {
      const cpu0 = mainThreadCpuMs();
      const load = await measure(urls[target], each, headers);
      measured[target].push({ load, cpuMs: mainThreadCpuMs() - cpu0 });
    }
  }
  return Object.fromEntries(targets.map((t) => [t, combine(measured[t], roundSeconds * count)])) as Record<K, Combined>;
}
