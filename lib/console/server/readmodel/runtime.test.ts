import { describe, expect, it } from "vitest";
import { parseServerEnv } from "@/lib/env";
import { ensureReadModel, readModelSettings } from "./runtime";

// The read model's settings: on by default ("off" opts out), workers in the console process by default
// ("elsewhere": enqueue only), and nothing starts in a process that was not armed by console start-up.

describe("read model settings", () => {
  it("sync is on by default, off on request; workers run in-process unless elsewhere", () => {
    expect(readModelSettings(parseServerEnv({}))).toEqual({ enabled: true, work: true, intervalMs: 15 * 60_000 });
    expect(readModelSettings(parseServerEnv({ CONSOLE_READMODEL_SYNC: "off" })).enabled).toBe(false);
    expect(readModelSettings(parseServerEnv({ CONSOLE_READMODEL_WORKERS: "elsewhere" })).work).toBe(false);
    expect(() => parseServerEnv({ CONSOLE_READMODEL_WORKERS: "remote" })).toThrow(/CONSOLE_READMODEL_WORKERS/);
  });

  it("a process that console start-up did not arm never starts a queue (tests, scripts)", () => {
    expect(ensureReadModel()).toBeNull();
  });
});
