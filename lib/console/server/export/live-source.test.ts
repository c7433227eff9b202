import { describe, expect, it } from "vitest";
import { walkApiPages, type ApiPage } from "./live-source";

// The walk of a live list's pages: in order, at most `concurrency` requests in flight, pulled by the
// reader (nothing fetched ahead of it beyond the window), each row once when the list moves.

function fakeList(total: number, pageSize: number) {
  const rows = Array.from({ length: total }, (_, i) => ({ id: `r${i}` }));
  let inFlight = 0;
  let maxInFlight = 0;
  const asked: number[] = [];
  const fetchPage = async (page: number, size: number): Promise<ApiPage<{ id: string }>> => {
    expect(size).toBe(pageSize);
    asked.push(page);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // Later pages answer sooner: the walk must still yield them in order.
    await new Promise((r) => setTimeout(r, 20 - (page % 5) * 4));
    inFlight--;
    return { items: rows.slice((page - 1) * size, page * size), total_count: total, total_pages: Math.ceil(total / size) };
  };
  return { rows, fetchPage, asked, maxInFlight: () => maxInFlight };
}

describe("walkApiPages", () => {
  it("yields every row in the list's order with at most `concurrency` pages in flight", async () => {
    const list = fakeList(1234, 100);
    const walk = await walkApiPages({ fetchPage: list.fetchPage, idOf: (r) => r.id, pageSize: 100, concurrency: 3 });
    expect(walk.total).toBe(1234);
    const out: string[] = [];
    for await (const batch of walk.batches) out.push(...batch.map((r) => r.id));
    expect(out).toEqual(list.rows.map((r) => r.id));
    expect(list.maxInFlight()).toBeLessThanOrEqual(3);
    expect(list.maxInFlight()).toBeGreaterThan(1);
    expect([...list.asked].sort((a, b) => a - b)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
  });

  it("asks for nothing beyond the window while the reader waits", async () => {
    const list = fakeList(5000, 100);
    const walk = await walkApiPages({ fetchPage: list.fetchPage, idOf: (r) => r.id, pageSize: 100, concurrency: 3 });
    const it = walk.batches[Symbol.asyncIterator]();
    await it.next(); // page 1
    await it.next(); // page 2 (pages 3 and 4 on their way)
    await new Promise((r) => setTimeout(r, 60));
    expect(Math.max(...list.asked)).toBeLessThanOrEqual(4);
    await it.return?.(undefined);
  });

  it("writes a row once when the list moved between two pages", async () => {
    // Page 2 repeats the last row of page 1 (a row was inserted at the top while the list was read).
    const pages: Record<number, string[]> = { 1: ["a", "b"], 2: ["b", "c"], 3: ["d"] };
    const walk = await walkApiPages({
      fetchPage: async (page) => ({ items: pages[page]!.map((id) => ({ id })), total_count: 5, total_pages: 3 }),
      idOf: (r) => r.id,
      pageSize: 2,
    });
    const out: string[] = [];
    for await (const batch of walk.batches) out.push(...batch.map((r) => r.id));
    expect(out).toEqual(["a", "b", "c", "d"]);
  });

  it("a page that fails fails the walk with its error (after the rows before it)", async () => {
    const walk = await walkApiPages({
      fetchPage: async (page) => {
        if (page === 3) throw new Error("rate limited: wait 60 seconds");
        return { items: [{ id: `p${page}` }], total_count: 4, total_pages: 4 };
      },
      idOf: (r) => r.id,
      pageSize: 1,
    });
    const out: string[] = [];
    await expect(
      (async () => {
        for await (const batch of walk.batches) out.push(...batch.map((r) => r.id));
      })(),
    ).rejects.toThrow("rate limited");
    expect(out).toEqual(["p1", "p2"]);
  });
});
