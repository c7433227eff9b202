import { describe, expect, it } from "vitest";
import { remember } from "./recency";

describe("remember", () => {
  it("keeps at most max entries, dropping the least recently remembered; remembering again makes an entry the newest", () => {
    const map = new Map<string, number>();
    remember(map, "a", 1, 2);
    remember(map, "b", 2, 2);
    remember(map, "a", 3, 2); // a is now the newest, with its new value
    remember(map, "c", 4, 2); // b, the oldest, goes
    expect([...map]).toEqual([
      ["a", 3],
      ["c", 4],
    ]);
  });
});
