import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { closeServer, listenLoopback } from "./http";
import { alternatingRounds, medianRatio, type Combined } from "./rounds";

const combined = (roundReqPerSec: string): Combined => ({
  metrics: {
    "req/s": { value: 0, unit: "req/s", better: "higher" },
    p50: { value: 0, unit: "ms", better: "lower" },
    p99: { value: 0, unit: "ms", better: "lower" },
  },
  notes: {
    requests: 0,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    bytesPerResponse: 0,
    roundReqPerSec,
    serverThreadCpuMs: 0,
    requestsPerServerCpuSecond: 0,
  },
});

describe("medianRatio", () => {
  it("is the median of the rounds' ratios, not the ratio of the totals", () => {
    // Ratios 0.5, 3 and 2: median 2 (the totals would give 60 / 40 = 1.5).
    expect(medianRatio(combined("5 30 20"), combined("10 10 10"))).toBe(2);
    expect(medianRatio(combined("1 1 1"), combined("3 3 3"), 4)).toBe(0.3333);
  });
});

describe("alternatingRounds", () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map(closeServer));
  });

  /** A server that records, for each request, which target it is and when it came. */
  async function target(name: string, log: { name: string; at: number }[]): Promise<string> {
    const server = createServer((_req, res) => {
      log.push({ name, at: performance.now() });
      res.end("ok");
    });
    servers.push(server);
    return listenLoopback(server);
  }

  /** The targets in the order they received load (runs of one target collapsed). */
  const phases = (log: { name: string; at: number }[]) =>
    [...log].sort((x, y) => x.at - y.at).reduce<string[]>((seq, r) => (seq.at(-1) === r.name ? seq : [...seq, r.name]), []);

  it("warms each target for its own seconds, then alternates which target goes first", async () => {
    const log: { name: string; at: number }[] = [];
    const urls = { a: await target("a", log), b: await target("b", log) };
    const options = { duration: 2, warmup: 0, connections: 2, log: () => {} };
    const result = await alternatingRounds(urls, options, {}, { rounds: 2, warmupSeconds: { b: 1 } });
    // b's warm-up; round 0: a then b; round 1: b then a.
    expect(phases(log)).toEqual(["b", "a", "b", "a"]);
    for (const r of [result.a, result.b]) {
      expect(r.notes.roundReqPerSec.split(" ")).toHaveLength(2);
      expect(r.notes.requests).toBeGreaterThan(0);
      expect(r.notes.non2xx + r.notes.errors + r.notes.timeouts).toBe(0);
    }
    // The requests measured are the rounds' only: b's warm-up is not counted.
    expect(result.a.notes.requests + result.b.notes.requests).toBeLessThan(log.length);
  }, 30_000);
});
