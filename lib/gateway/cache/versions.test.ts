import { describe, expect, it } from "vitest";
import { createBarrierVersions, type QueryRows } from "./versions";

// The PostgreSQL version read (api-read-path-cache.md): every request is answered by a read that
// started after it arrived (so a write acknowledged before the request is seen), reads are shared,
// and one runs at a time.

/** A query whose reads the test ends one by one; each returns the version current when it started. */
function controlledQuery() {
  let version = 1;
  const reads: Array<{ keys: string[]; seen: number; finish: () => void }> = [];
  let running = 0;
  let maxRunning = 0;
  const query: QueryRows = (keys) =>
    new Promise((resolve) => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      const seen = version;
      reads.push({
        keys,
        seen,
        finish: () => {
          running--;
          resolve(keys.map((key) => ({ key, version: seen })));
        },
      });
    });
  return {
    query,
    reads,
    write: () => version++,
    get maxRunning() {
      return maxRunning;
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("the barrier version read", () => {
  it("answers each request with a read started after it arrived, one read at a time, shared by waiting requests", async () => {
    const q = controlledQuery();
    const tracker = createBarrierVersions(q.query);
    const first = tracker.read(["c:a"]);
    await tick();
    expect(q.reads).toHaveLength(1);
    // A write acknowledged now, then requests: they must not get the running read's (older) answer.
    q.write();
    const second = tracker.read(["c:a"]);
    const third = tracker.read(["c:b"]);
    await tick();
    expect(q.reads).toHaveLength(1);
    q.reads[0]!.finish();
    expect((await first).get("c:a")).toBe(1);
    await tick();
    // One read for both waiting requests, with both keys, started after the write.
    expect(q.reads).toHaveLength(2);
    expect(q.reads[1]!.keys.sort()).toEqual(["c:a", "c:b"]);
    q.reads[1]!.finish();
    expect((await second).get("c:a")).toBe(2);
    expect((await third).get("c:b")).toBe(2);
    expect(q.maxRunning).toBe(1);
  });

  it("a failed read fails the requests it served, and the next ones read again", async () => {
    let fail = true;
    const tracker = createBarrierVersions(async (keys) => {
      if (fail) throw new Error("connection lost");
      return keys.map((key) => ({ key, version: 7 }));
    });
    await expect(tracker.read(["global"])).rejects.toThrow("connection lost");
    fail = false;
    expect((await tracker.read(["global"])).get("global")).toBe(7);
  });
});
