import { describe, expect, it } from "vitest";
import { sortedPage, SORT_ACROSS_PAGES_MAX } from "./sorted";

interface Row {
  id: string;
  amount: number;
}
interface Page {
  items: Row[];
  current_page: number;
  total_count: number;
  total_pages: number;
}

// An API without sort: rows in insertion order, page-number pagination, every read counted.
function fakeApi(count: number) {
  const all: Row[] = Array.from({ length: count }, (_, i) => ({ id: `r${i}`, amount: (i * 7919) % 1000 }));
  const reads: [number, number][] = [];
  const read = async (page: number, pageSize: number): Promise<Page> => {
    reads.push([page, pageSize]);
    return {
      items: all.slice((page - 1) * pageSize, page * pageSize),
      current_page: page,
      total_count: all.length,
      total_pages: Math.ceil(all.length / pageSize),
    };
  };
  return { all, read, reads };
}
const accessors = { amount: (r: Row) => r.amount };

describe("sortedPage: a sort across every page of a list the API cannot sort", () => {
  it("orders the whole list, then serves the asked page of that order (not the API's page sorted)", async () => {
    const api = fakeApi(257);
    const expected = [...api.all].sort((a, b) => a.amount - b.amount || Number(a.id.slice(1)) - Number(b.id.slice(1)));
    const page2 = await sortedPage({
      query: { page: 2, page_size: 20, sort: "amount", order: "asc" },
      itemsKey: "items",
      accessors,
      read: api.read,
    });
    expect(page2.items.map((r) => r.id)).toEqual(expected.slice(20, 40).map((r) => r.id));
    expect(page2).toMatchObject({
      current_page: 2,
      total_count: 257,
      total_pages: 13,
      sort: { state: "sorted", total: 257, by: "amount" },
    });
    // 3 reads of 100 rows: every page once.
    expect(api.reads).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ]);
    const last = await sortedPage({
      query: { page: 13, page_size: 20, sort: "amount", order: "desc" },
      itemsKey: "items",
      accessors,
      read: api.read,
    });
    // Descending by amount; equal amounts keep the API's order (stable), in both directions.
    const desc = [...api.all].sort((a, b) => b.amount - a.amount || Number(a.id.slice(1)) - Number(b.id.slice(1)));
    expect(last.items.map((r) => r.id)).toEqual(desc.slice(240).map((r) => r.id));
    expect(last.items).toHaveLength(17);
  });

  it("without a sort reads only the asked page", async () => {
    const api = fakeApi(50);
    const page = await sortedPage({ query: { page: 2, page_size: 10 }, itemsKey: "items", accessors, read: api.read });
    expect(page.items[0]!.id).toBe("r10");
    expect(page.sort).toBeUndefined();
    expect(api.reads).toEqual([[2, 10]]);
  });

  it("above the limit, serves the API's page unsorted and says so (never a sort of one page)", async () => {
    const api = fakeApi(SORT_ACROSS_PAGES_MAX + 1);
    const page = await sortedPage({
      query: { page: 3, page_size: 20, sort: "amount", order: "asc" },
      itemsKey: "items",
      accessors,
      read: api.read,
    });
    expect(page.items.map((r) => r.id)).toEqual(api.all.slice(40, 60).map((r) => r.id));
    expect(page.sort).toEqual({
      by: "amount",
      order: "asc",
      state: "too_many",
      total: SORT_ACROSS_PAGES_MAX + 1,
      max: SORT_ACROSS_PAGES_MAX,
    });
    expect(api.reads).toEqual([
      [1, 100],
      [3, 20],
    ]);
  });

  it("keeps a row read twice (the list moved between reads) once", async () => {
    const api = fakeApi(150);
    const read = async (page: number, size: number) => {
      const p = await api.read(page, size);
      return page === 2 ? { ...p, items: [api.all[99]!, ...p.items.slice(1)] } : p;
    };
    const page = await sortedPage({
      query: { page: 1, page_size: 100, sort: "amount" },
      itemsKey: "items",
      accessors,
      read,
      idOf: (r) => r.id,
    });
    expect(page.total_count).toBe(149);
    expect(new Set(page.items.map((r) => r.id)).size).toBe(page.items.length);
  });
});
