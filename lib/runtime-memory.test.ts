import { describe, expect, it } from "vitest";
import { collectStartupGarbage } from "./runtime-memory";

describe("collectStartupGarbage", () => {
  it("frees memory nothing references any more, without --expose-gc", () => {
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    let garbage: ArrayBuffer[] | null = Array.from({ length: 8 }, () => new ArrayBuffer(16 * 1048576));
    const before = process.memoryUsage().arrayBuffers;
    expect(garbage.length).toBe(8);
    garbage = null;
    const result = collectStartupGarbage();
    expect(result).not.toBeNull();
    // The 128 MB are gone (other ArrayBuffers of the test runner may come and go).
    expect(before - process.memoryUsage().arrayBuffers).toBeGreaterThan(100 * 1048576);
    // The collector stays private to the call: gc is not left on the global object.
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
