import { describe, expect, it } from "vitest";
import { pageRange, pageWindow } from "./pages";

describe("pagination helpers", () => {
  it("computes the range shown", () => {
    expect(pageRange(2, 20, 20, 137)).toEqual({ from: 21, to: 40, total: 137 });
    expect(pageRange(7, 20, 17, 137)).toEqual({ from: 121, to: 137, total: 137 });
    expect(pageRange(9, 20, 0, 137)).toBeNull();
  });

  it("offers first, last and neighbours with gaps", () => {
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 20)).toEqual([1, 2, null, 20]);
    expect(pageWindow(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, null, 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pageWindow(20, 20)).toEqual([1, null, 19, 20]);
  });
});
