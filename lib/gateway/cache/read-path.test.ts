import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import { createApiServer } from "../node-server";
import { eq } from "drizzle-orm";
import { createGatewayApp } from "../app";
import type { GatewayDeps } from "../context";
import { sha256 } from "../crypto";
import { environmentDatabaseUrl, openDatabase, type Database, type Db } from "../db/client";
import { companyUsers, customerTokens, employments } from "../db/schema";
import { exampleSection } from "../forms";
import { isCacheableRoute } from "./read-path";
import { observeVersionReads } from "./versions";
import { revokeAccessToken } from "../oauth/tokens";
import { createTestGateway, TEST_DATABASE_URL, TEST_DB_KIND, type TestGateway } from "@/test-support/gateway/harness";
import { makeAccessToken, makeClient, makeEmployment, makeTenant } from "@/test-support/gateway/factories";

// The read path from memory (docs/decisions/api-read-path-cache.md, api-token-cache.md): no
// statement that writes on a GET, a hot GET answered without the database, tokens and answers
// forgotten at once after a write (through this instance or another one on the same PostgreSQL).

let gw: TestGateway;
let t: Awaited<ReturnType<typeof makeTenant>>;

beforeEach(async () => {
  gw = await createTestGateway();
  t = await makeTenant(gw.deps.db, "sandbox");
});

/**
 * Records every SQL text the database handle sends (PGlite: query/exec/transaction; pg: pool.query,
 * and the version reads on the tracker's own connection).
 */
async function recordStatements(db: Db): Promise<{ statements: string[]; stop(): void }> {
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  const statements: string[] = [];
  const originals: Array<[string, unknown]> = [];
  const wrap = (name: string, record: (args: unknown[]) => void) => {
    const original = client[name] as ((...a: unknown[]) => unknown) | undefined;
    if (typeof original !== "function") return;
    originals.push([name, original]);
    client[name] = function (this: unknown, ...args: unknown[]) {
      record(args);
      return original.apply(this, args);
    };
  };
  const textOf = (a: unknown) => (typeof a === "string" ? a : ((a as { text?: string })?.text ?? String(a)));
  wrap("query", (args) => statements.push(textOf(args[0])));
  wrap("exec", (args) => statements.push(textOf(args[0])));
  wrap("transaction", () => statements.push("BEGIN"));
  const stopVersionReads = await observeVersionReads(db, (statement) => statements.push(statement));
  return {
    statements,
    stop: () => {
      stopVersionReads();
      for (const [name, original] of originals) client[name] = original;
    },
  };
}

const WRITE = /^\s*(insert|update|delete|begin|commit|start|lock|truncate|set|create|alter)/i;

describe("no write on a read", () => {
  it("a GET sends only reads, and a hot GET sends none (PGlite) or the one version read (PostgreSQL)", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    for (const path of ["/v1/employments", `/v1/employments/${e.id}`]) {
      const rec = await recordStatements(gw.deps.db);
      try {
        const first = await gw.call("GET", path, { token: t.tokens.owner });
        expect(first.status).toBe(200);
        const firstStatements = [...rec.statements];
        const second = await gw.call("GET", path, { token: t.tokens.owner });
        expect(second.status).toBe(200);
        expect(await second.text()).toBe(await first.text());
        const secondStatements = rec.statements.slice(firstStatements.length);
        expect(rec.statements.filter((s) => WRITE.test(s))).toEqual([]);
        expect(firstStatements.length).toBeGreaterThan(0);
        if (TEST_DB_KIND === "pglite") expect(secondStatements).toEqual([]);
        else expect(secondStatements.every((s) => /FROM cache_versions/.test(s))).toBe(true);
        expect(second.headers.get("x-ratelimit-remaining")).not.toBeNull();
      } finally {
        rec.stop();
      }
    }
  });

  it("rate limits still count every cached answer", async () => {
    const limited = await createTestGateway({ keepData: true, rateLimits: { perCompany: 3 } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await limited.call("GET", "/v1/employments", { token: t.tokens.owner })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe("bearer tokens from memory", () => {
  it("a revoked customer token stops working at once", async () => {
    expect((await gw.call("GET", "/v1/employments", { token: t.tokens.owner })).status).toBe(200);
    await gw.deps.db
      .update(customerTokens)
      .set({ revokedAt: new Date() })
      .where(eq(customerTokens.tokenHash, sha256(t.tokens.owner)));
    expect((await gw.call("GET", "/v1/employments", { token: t.tokens.owner })).status).toBe(401);
  });

  it("a revoked OAuth access token stops working at once", async () => {
    const client = await makeClient(gw.deps.db);
    const { token } = await makeAccessToken(gw.deps.db, { clientId: client.id, user: t.owner });
    expect((await gw.call("GET", "/v1/employments", { token })).status).toBe(200);
    await revokeAccessToken(gw.deps.db, sha256(token), new Date());
    expect((await gw.call("GET", "/v1/employments", { token })).status).toBe(401);
  });

  it("honours expiry by the gateway's clock without a write", async () => {
    const client = await makeClient(gw.deps.db);
    const { token } = await makeAccessToken(gw.deps.db, {
      clientId: client.id,
      user: t.owner,
      expiresAt: new Date(gw.clock.now().getTime() + 60_000),
    });
    expect((await gw.call("GET", "/v1/employments", { token })).status).toBe(200);
    gw.clock.advance(59_000);
    expect((await gw.call("GET", "/v1/employments", { token })).status).toBe(200);
    gw.clock.advance(1_000);
    expect((await gw.call("GET", "/v1/employments", { token })).status).toBe(401);
  });

  it("a role change takes effect on the next request", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const body = { contract_details: exampleSection("PRT", "contract_details", 1) };
    // Warm the cache with the admin's token, then demote the admin.
    expect((await gw.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.admin })).status).toBe(200);
    await gw.deps.db.update(companyUsers).set({ role: "onboarding_manager" }).where(eq(companyUsers.id, t.admin.id));
    expect((await gw.call("PATCH", `/v1/employments/${e.id}`, { token: t.tokens.admin, body })).status).toBe(403);
    await gw.deps.db.update(companyUsers).set({ role: "admin" }).where(eq(companyUsers.id, t.admin.id));
    expect((await gw.call("PATCH", `/v1/employments/${e.id}`, { token: t.tokens.admin, body })).status).toBe(200);
  });
});

describe("answers from memory", () => {
  it("a write is seen by the next read (same instance)", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id, { jobTitle: "Before" });
    const read = async () =>
      (
        (await (await gw.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.owner })).json()) as {
          data: { employment: { job_title: string } };
        }
      ).data.employment.job_title;
    expect(await read()).toBe("Before");
    expect(await read()).toBe("Before");
    await gw.deps.db.update(employments).set({ jobTitle: "After" }).where(eq(employments.id, e.id));
    expect(await read()).toBe("After");
  });

  it("answers expire with the clock (answers may depend on today)", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const rec = await recordStatements(gw.deps.db);
    try {
      await gw.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.owner });
      const n = rec.statements.length;
      gw.clock.advance(5_000);
      await gw.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.owner });
      expect(rec.statements.slice(n).filter((s) => !/cache_versions/.test(s)).length).toBeGreaterThan(0);
    } finally {
      rec.stop();
    }
  });

  it("answers are kept per principal's visibility", async () => {
    const other = await makeTenant(gw.deps.db, "sandbox");
    await makeEmployment(gw.deps.db, t.company.id, { fullName: "Mine" });
    await makeEmployment(gw.deps.db, other.company.id, { fullName: "Theirs" });
    const names = async (token: string) =>
      (
        (await (await gw.call("GET", "/v1/employments", { token })).json()) as { data: { employments: { full_name: string }[] } }
      ).data.employments.map((x) => x.full_name);
    expect(await names(t.tokens.owner)).toEqual(["Mine"]);
    expect(await names(other.tokens.owner)).toEqual(["Theirs"]);
    expect(await names(t.tokens.owner)).toEqual(["Mine"]);
  });
});

describe("over node:http", () => {
  async function checkAnswers(url: string, employmentId: string) {
    const seen: Array<{ body: string; remaining: string | null; requestId: string | null; type: string | null }> = [];
    for (const path of [`/v1/employments/${employmentId}`, `/v1/employments/${employmentId}`, "/v1/employments", "/v1/employments"]) {
      const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${t.tokens.owner}` } });
      expect(res.status).toBe(200);
      const body = await res.text();
      seen.push({
        body,
        remaining: res.headers.get("x-ratelimit-remaining"),
        requestId: res.headers.get("x-request-id"),
        type: res.headers.get("content-type"),
      });
      expect(Number(res.headers.get("content-length"))).toBe(Buffer.byteLength(body));
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect(seen[1]!.body).toBe(seen[0]!.body);
    expect(seen[3]!.body).toBe(seen[2]!.body);
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ data: { employment: { id: employmentId } } });
    const remaining = seen.map((s) => Number(s.remaining));
    expect(remaining).toEqual([...remaining].sort((x, y) => y - x));
    expect(new Set(remaining).size).toBe(4);
    expect(new Set(seen.map((s) => s.requestId)).size).toBe(4);
    expect(seen.every((s) => s.type?.startsWith("application/json"))).toBe(true);
    const head = await fetch(`${url}/v1/employments/${employmentId}`, {
      method: "HEAD",
      headers: { authorization: `Bearer ${t.tokens.owner}` },
    });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  }

  // The contract observer of the test setup sees web Responses, so answers then take the web path;
  // without it (production) they are written straight from the string.
  for (const withObserver of [false, true]) {
    it(`answers, miss then hit, carry the same bytes, content-length, request id and rate-limit headers (observer ${withObserver ? "on" : "off"})`, async () => {
      const e = await makeEmployment(gw.deps.db, t.company.id);
      const api = createApiServer(gw.app.fetch);
      await new Promise<void>((resolve) => api.server.listen(0, "127.0.0.1", resolve));
      const g = globalThis as unknown as { __rosterResponseObserver?: unknown };
      const observer = g.__rosterResponseObserver;
      if (!withObserver) g.__rosterResponseObserver = undefined;
      try {
        await checkAnswers(`http://127.0.0.1:${(api.server.address() as AddressInfo).port}`, e.id);
      } finally {
        g.__rosterResponseObserver = observer;
        await api.drain();
      }
    });
  }
});

// Two API instances: on PostgreSQL each has its own pool (as two processes would); on PGlite the
// database belongs to one process, so the second instance shares the handle.
describe("two instances on one database", () => {
  const opened: Database[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
  });

  async function secondInstance(): Promise<{ deps: GatewayDeps; call: TestGateway["call"] }> {
    let db = gw.deps.db;
    if (TEST_DB_KIND === "postgres") {
      const database = await openDatabase({ kind: "postgres", url: environmentDatabaseUrl(TEST_DATABASE_URL, "sandbox"), poolSize: 2 });
      opened.push(database);
      db = database.db;
    }
    const deps: GatewayDeps = { ...gw.deps, db };
    const app = createGatewayApp(deps);
    const call: TestGateway["call"] = (method, path, { token, body } = {}) =>
      Promise.resolve(
        app.request(path, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body !== undefined ? { "content-type": "application/json" } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    return { deps, call };
  }

  /** Runs `read` and checks it was answered from memory: no statement (PGlite) or only the version read (PostgreSQL). */
  async function expectFromMemory(db: Db, read: () => Promise<void>): Promise<void> {
    const rec = await recordStatements(db);
    try {
      await read();
    } finally {
      rec.stop();
    }
    if (TEST_DB_KIND === "pglite") expect(rec.statements).toEqual([]);
    else {
      expect(rec.statements.length).toBeGreaterThan(0);
      expect(rec.statements.every((st) => /FROM cache_versions/.test(st))).toBe(true);
    }
  }

  it("a write through one instance is seen by the next read through the other", async () => {
    const b = await secondInstance();
    const list = async () =>
      (
        (await (await b.call("GET", "/v1/company-departments", { token: t.tokens.owner })).json()) as {
          data: { departments?: { name: string }[] };
        }
      ).data;
    const before = JSON.stringify(await list());
    // The other instance answers the repeat from memory (its caches are on): no statement on PGlite,
    // only the version read on PostgreSQL. So the fresh read after the write below is an invalidation.
    await expectFromMemory(b.deps.db, async () => expect(JSON.stringify(await list())).toBe(before));
    const created = await gw.call("POST", "/v1/company-departments", { token: t.tokens.owner, body: { name: "Research" } });
    expect(created.status).toBeLessThan(300);
    expect(JSON.stringify(await list())).toContain("Research");
  });

  it("a token revoked through one instance stops working at once through the other", async () => {
    const b = await secondInstance();
    expect((await b.call("GET", "/v1/employments", { token: t.tokens.admin })).status).toBe(200);
    // The other instance now resolves the token (and answers) from memory.
    await expectFromMemory(b.deps.db, async () =>
      expect((await b.call("GET", "/v1/employments", { token: t.tokens.admin })).status).toBe(200),
    );
    await gw.deps.db
      .update(customerTokens)
      .set({ revokedAt: new Date() })
      .where(eq(customerTokens.tokenHash, sha256(t.tokens.admin)));
    expect((await b.call("GET", "/v1/employments", { token: t.tokens.admin })).status).toBe(401);
  });
});

describe("routes that read the webhook pipeline (whose tables bump no version)", () => {
  it("are never served from the answer cache: the event log and the delivery inspector", () => {
    for (const path of ["/v1/webhook-events", "/v1/webhook-events/{id}", "/v1/webhook-deliveries"])
      expect(isCacheableRoute(path), path).toBe(false);
    expect(isCacheableRoute("/v1/employments")).toBe(true);
  });
});
