import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGatewayApp } from "../app";
import { ManualClock } from "../clock";
import { DEFAULT_GATEWAY_CONFIG, type GatewayDeps } from "../context";
import { openDatabase, type Database } from "../db/client";
import { getDefaultFormRegistry } from "../forms";
import { silentLogger } from "@/lib/logger";
import { createRateLimiter } from "../rate-limit";
import { makeEmployment, makeTenant } from "@/test-support/gateway/factories";

// The embedded default keeps PGlite in a directory (GATEWAY_DATA_DIR). A GET must not write or sync
// a file (issue 11: file-system calls under a read-only load); a write still reaches the disk
// before its answer. Counted by wrapping node:fs, which PGlite's file system calls.

const CALLS = ["openSync", "writeSync", "fsyncSync", "fdatasyncSync", "ftruncateSync", "renameSync", "unlinkSync", "mkdirSync"] as const;

function countFs(): { counts: Record<string, number>; stop(): void } {
  const counts: Record<string, number> = {};
  const target = fs as unknown as Record<string, (...a: unknown[]) => unknown>;
  const originals = CALLS.map((name) => [name, target[name]!] as const);
  for (const [name, original] of originals) {
    target[name] = (...args: unknown[]) => {
      counts[name] = (counts[name] ?? 0) + 1;
      return original(...args);
    };
  }
  return {
    counts,
    stop: () => {
      for (const [name, original] of originals) target[name] = original;
    },
  };
}

let dir: string;
let database: Database;
let call: (method: string, path: string, token: string, body?: unknown) => Promise<Response>;
let t: Awaited<ReturnType<typeof makeTenant>>;
let employmentId: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "roster-read-fs-"));
  database = await openDatabase({ kind: "pglite", dataDir: path.join(dir, "sandbox") });
  t = await makeTenant(database.db, "sandbox");
  employmentId = (await makeEmployment(database.db, t.company.id)).id;
  const deps: GatewayDeps = {
    config: { ...DEFAULT_GATEWAY_CONFIG, environment: "sandbox", baseUrl: "http://127.0.0.1:4010" },
    db: database.db,
    clock: new ManualClock(Date.now()),
    rateLimiter: createRateLimiter({ config: { perClient: 1e6, perCompany: 1e6 }, keyPrefix: "fs-test" }),
    logger: silentLogger,
    forms: await getDefaultFormRegistry(),
  };
  const app = createGatewayApp(deps);
  call = async (method, p, token, body) =>
    app.request(p, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
}, 120_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("PGlite in a directory", () => {
  it("hot GETs open, write and sync no file", async () => {
    for (const p of ["/v1/employments", `/v1/employments/${employmentId}`]) expect((await call("GET", p, t.tokens.owner)).status).toBe(200);
    const fsCalls = countFs();
    try {
      for (let i = 0; i < 20; i++)
        for (const p of ["/v1/employments", `/v1/employments/${employmentId}`])
          expect((await call("GET", p, t.tokens.owner)).status).toBe(200);
    } finally {
      fsCalls.stop();
    }
    expect(fsCalls.counts).toEqual({});
  });

  it("a GET after a write (answer and token caches missed) writes and syncs no file either", async () => {
    expect((await call("POST", "/v1/company-departments", t.tokens.admin, { name: "Before the read" })).status).toBeLessThan(300);
    const fsCalls = countFs();
    try {
      for (const p of ["/v1/employments", `/v1/employments/${employmentId}`, "/v1/company-departments"])
        expect((await call("GET", p, t.tokens.admin)).status).toBe(200);
    } finally {
      fsCalls.stop();
    }
    const { openSync: _opens, ...rest } = fsCalls.counts;
    expect(rest).toEqual({});
  });

  it("a write reaches the disk before its answer", async () => {
    const fsCalls = countFs();
    let status: number;
    try {
      status = (await call("POST", "/v1/company-departments", t.tokens.owner, { name: "Durable" })).status;
    } finally {
      fsCalls.stop();
    }
    expect(status).toBeLessThan(300);
    expect((fsCalls.counts.writeSync ?? 0) + (fsCalls.counts.fsyncSync ?? 0) + (fsCalls.counts.fdatasyncSync ?? 0)).toBeGreaterThan(0);
  });
});
