import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createGatewayApp, type GatewayApp } from "./app";
import { environmentDatabaseUrl, openDatabase, type Database } from "./db/client";
import { departments, idempotencyKeys } from "./db/schema";
import { IDEMPOTENCY_TTL_MS } from "./idempotency";
import { createTestGateway, TEST_DATABASE_URL, TEST_DB_KIND, type TestGateway } from "@/test-support/gateway/harness";
import { makeTenant } from "@/test-support/gateway/factories";

// Issue 10 item 6: Idempotency-Key on every authenticated POST, Stripe's semantics, stored in the
// API's database. On PostgreSQL (TEST_DB=postgres) the "second instance" is a second app on its own
// connection pool to the same database; on PGlite it is a second app over the same database (a restart).

let gw: TestGateway;
let t: Awaited<ReturnType<typeof makeTenant>>;
const extra: Database[] = [];
afterAll(() => Promise.all(extra.map((d) => d.close())));

beforeEach(async () => {
  gw = await createTestGateway();
  t = await makeTenant(gw.deps.db, "sandbox");
});

function post(app: GatewayApp, body: unknown, key?: string, token = t.tokens.owner, path = "/v1/company-departments") {
  return Promise.resolve(
    app.request(path, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        ...(key !== undefined ? { "Idempotency-Key": key } : {}),
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

const answer = async (res: Response) => ({ status: res.status, body: await res.text(), type: res.headers.get("content-type") });
const departmentCount = async () => (await gw.deps.db.select().from(departments)).length;

/** A second API instance over the same database (its own pool on PostgreSQL). */
async function secondInstance(): Promise<GatewayApp> {
  if (TEST_DB_KIND !== "postgres") return createGatewayApp(gw.deps);
  const database = await openDatabase({ kind: "postgres", url: environmentDatabaseUrl(TEST_DATABASE_URL, "sandbox") });
  extra.push(database);
  return createGatewayApp({ ...gw.deps, db: database.db });
}

describe("Idempotency-Key on POST", () => {
  it("the same key and body replay the first answer byte for byte, without a second effect", async () => {
    const first = await post(gw.app, { name: "Platform" }, "key-1");
    expect(first.status).toBe(201);
    const a = await answer(first);
    const again = await post(gw.app, { name: "Platform" }, "key-1");
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await answer(again)).toEqual(a);
    // The same body with its keys in another order is the same request.
    const reordered = await post(gw.app, `{ "name" : "Platform" }`, "key-1");
    expect(await answer(reordered)).toEqual(a);
    expect(await departmentCount()).toBe(1);
    // Without a key, every POST is its own.
    expect((await post(gw.app, { name: "Platform 2" })).status).toBe(201);
    expect((await post(gw.app, { name: "Platform 3" })).status).toBe(201);
    expect(await departmentCount()).toBe(3);
  });

  it("the same key with another body is a 422 naming the header, and has no effect", async () => {
    expect((await post(gw.app, { name: "One" }, "key-2")).status).toBe(201);
    const res = await post(gw.app, { name: "Two" }, "key-2");
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: { code: "idempotency_key_reused", message: expect.any(String), param: "Idempotency-Key" },
    });
    expect((await post(gw.app, { name: "One" }, "key-2", t.tokens.owner, "/v1/company-departments?x=1")).status).toBe(422);
    expect(await departmentCount()).toBe(1);
  });

  it("concurrent duplicates make exactly one effect, and every answer is the first one", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => post(gw.app, { name: "Race" }, "key-race").then(answer)));
    expect(await departmentCount()).toBe(1);
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(results[0]!.status).toBe(201);
  });

  it("two API instances on one database: duplicates split across them make one effect; the key survives a restart", async () => {
    const other = await secondInstance();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(i % 2 ? gw.app : other, { name: "Across" }, "key-across").then(answer)),
    );
    expect(await departmentCount()).toBe(1);
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    // A new instance (a restart) replays it too.
    const restarted = createGatewayApp(gw.deps);
    expect(await answer(await post(restarted, { name: "Across" }, "key-across"))).toEqual(results[0]);
  });

  it("keys are scoped per credential: another company (or user) using the same key gets its own effect", async () => {
    const other = await makeTenant(gw.deps.db, "sandbox");
    expect((await post(gw.app, { name: "Mine" }, "shared-key")).status).toBe(201);
    expect((await post(gw.app, { name: "Theirs" }, "shared-key", other.tokens.owner)).status).toBe(201);
    expect((await post(gw.app, { name: "Admin's" }, "shared-key", t.tokens.admin)).status).toBe(201);
    expect(await departmentCount()).toBe(3);
  });

  it("a refusal is replayed too; after 24 hours the key is free again", async () => {
    const other = await makeTenant(gw.deps.db, "sandbox");
    // Another company's id: the handler refuses (404); the replay is that refusal, byte for byte.
    const refused = await answer(await post(gw.app, { name: "X", company_id: other.company.id }, "key-refused"));
    expect(refused.status).toBe(404);
    expect(await answer(await post(gw.app, { name: "X", company_id: other.company.id }, "key-refused"))).toEqual(refused);

    expect((await post(gw.app, { name: "Daily" }, "key-ttl")).status).toBe(201);
    gw.clock.advance(IDEMPOTENCY_TTL_MS - 1);
    expect((await post(gw.app, { name: "Daily" }, "key-ttl")).headers.get("idempotent-replayed")).toBe("true");
    gw.clock.advance(2);
    // Another body under the expired key is no longer a reuse: it runs.
    const fresh = await post(gw.app, { name: "Daily 2" }, "key-ttl");
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get("idempotent-replayed")).toBeNull();
    expect(await departmentCount()).toBe(2);
  });

  it("validation failures store nothing; a malformed key is a 400", async () => {
    expect((await post(gw.app, {}, "key-invalid")).status).toBe(422);
    expect(await gw.deps.db.select().from(idempotencyKeys)).toEqual([]);
    expect((await post(gw.app, { name: "Now valid" }, "key-invalid")).status).toBe(201);
    for (const bad of ["", "x".repeat(256), "has space"]) {
      const res = await post(gw.app, { name: "Y" }, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });
});
