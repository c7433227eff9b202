import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseServerEnv } from "@/lib/env";
import { BOOKKEEPING_TABLES } from "@/lib/db-kit/write-epoch";
import { PAGE_CACHE_PATHS, pageCacheOffReason } from "./page-cache-setup";

// When the console keeps rendered pages (docs/decisions/console-page-cache.md): only with the
// embedded API on PGlite, all of whose writes this process sees; and which pages.

const env = (source: Record<string, string>) => parseServerEnv({ NODE_ENV: "test", ...source });

function withTrackedWrites<T>(run: () => T): T {
  const state = (globalThis as unknown as Record<symbol, { untracked: Set<string> } | undefined>)[Symbol.for("roster.db-kit.writeEpoch")];
  const saved = new Set(state?.untracked ?? []);
  state?.untracked.clear();
  try {
    return run();
  } finally {
    for (const reason of saved) state?.untracked.add(reason);
  }
}

describe("pageCacheOffReason", () => {
  it("on by default with the embedded API and every write seen", () => {
    expect(withTrackedWrites(() => pageCacheOffReason(env({})))).toBeNull();
  });

  it("off when asked, with an external API, with the read model's jobs elsewhere, or with a database others may write", () => {
    withTrackedWrites(() => {
      expect(pageCacheOffReason(env({ CONSOLE_PAGE_CACHE: "off" }))).toBe("CONSOLE_PAGE_CACHE=off");
      expect(
        pageCacheOffReason(
          env({
            API_SANDBOX_URL: "https://api.example.test",
            API_PRODUCTION_URL: "https://api2.example.test",
            AUTH_SECRET: "x".repeat(32),
          }),
        ),
      ).toBe("the console calls an external API");
      expect(pageCacheOffReason(env({ CONSOLE_READMODEL_WORKERS: "elsewhere" }))).toBe("other processes run the read model's jobs");
    });
    const state = (globalThis as unknown as Record<symbol, { untracked: Set<string> }>)[Symbol.for("roster.db-kit.writeEpoch")];
    withTrackedWrites(() => {
      state?.untracked.add("postgres");
      try {
        expect(pageCacheOffReason(env({}))).toBe("writes are not all seen by this process (postgres)");
      } finally {
        state?.untracked.delete("postgres");
      }
    });
  });

  it("refuses a time to live that is not a whole number of milliseconds up to a minute", () => {
    expect(() => env({ CONSOLE_PAGE_CACHE_TTL_MS: "0" })).toThrow(/CONSOLE_PAGE_CACHE_TTL_MS/);
    expect(() => env({ CONSOLE_PAGE_CACHE_TTL_MS: "60001" })).toThrow(/CONSOLE_PAGE_CACHE_TTL_MS/);
    expect(() => env({ CONSOLE_PAGE_CACHE: "yes" })).toThrow(/CONSOLE_PAGE_CACHE/);
    expect(env({}).CONSOLE_PAGE_CACHE_TTL_MS).toBe(2_000);
  });
});

describe("PAGE_CACHE_PATHS: the employments list and one employment's page", () => {
  const kept = (pathname: string) => PAGE_CACHE_PATHS.some((p) => p.test(pathname));
  it.each(["/employments", "/employments/", "/employments/0b6f2c7e-1", "/employments/0b6f2c7e-1/"])("kept: %s", (p) =>
    expect(kept(p)).toBe(true),
  );
  it.each([
    "/employments/new",
    "/employments/0b6f2c7e-1/edit",
    "/employments/0b6f2c7e-1/forms/contract",
    "/timeoff",
    "/partner/employments",
    "/",
  ])("not kept: %s", (p) => expect(kept(p)).toBe(false));
});

describe("BOOKKEEPING_TABLES: tables whose writes do not move the epoch are read by no page", () => {
  const ROOT = path.resolve(__dirname, "../../..");
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return name === "node_modules" || name.startsWith(".") ? [] : sources(full);
      return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
    });
  const files = ["app", "components", "lib"].flatMap((d) => sources(path.join(ROOT, d)));

  it.each([...BOOKKEEPING_TABLES])("%s is read only by the request budget", (table) => {
    const camel = table.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    const users = files
      .filter((f) => {
        const text = readFileSync(f, "utf8");
        return text.includes(table) || new RegExp(`\\b${camel}\\b`).test(text);
      })
      .map((f) => path.relative(ROOT, f))
      .sort();
    // The schema declares it, the database's test reset truncates it, the budget reads and writes it.
    expect(users).toEqual([
      "lib/console/server/db/client.ts",
      "lib/console/server/db/schema-readmodel.ts",
      "lib/console/server/readmodel/budget.ts",
      "lib/db-kit/write-epoch.ts",
    ]);
  });
});
