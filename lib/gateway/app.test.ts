import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createGatewayApp } from "./app";
import { customerTokens } from "./db/schema";
import { defineRoute, methodsOf } from "./route";
import { allRoutes } from "./routes";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeAccessToken, makeClient, makeCustomerToken, makeEmployment, makeTenant, makeUser } from "@/test-support/gateway/factories";
import { sha256 } from "./crypto";

// The app shell (app.ts): request id, body limit, not found / method not allowed, error mapping, 401.

let gw: TestGateway;
let t: Awaited<ReturnType<typeof makeTenant>>;

beforeEach(async () => {
  gw = await createTestGateway();
  t = await makeTenant(gw.deps.db, "sandbox");
});

const MiB = 1024 * 1024;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function expectJson(res: Response, status: number, body?: unknown) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const json = await res.json();
  if (body !== undefined) expect(json).toEqual(body);
  return json as Record<string, unknown>;
}

describe("routing", () => {
  it.each([
    ["GET", "/"],
    ["GET", "/v1"],
    ["GET", "/v1/nope"],
    ["POST", "/v3/employments"],
    ["GET", "/v1/employments/x/y/z"],
    ["DELETE", "/totally/unknown"],
  ])("%s %s is 404 JSON {message: 'Route not found'}", async (method, path) => {
    await expectJson(await gw.call(method, path, { token: t.tokens.admin }), 404, { message: "Route not found" });
  });

  it.each([
    ["DELETE", "/v1/employments", ["GET", "POST"]],
    ["PUT", "/v1/employments", ["GET", "POST"]],
    ["POST", "/v2/employments/6f1c1c9e-4a47-4a8a-9a3b-8f1f1a2b3c4d", ["PUT", "PATCH"]],
    ["DELETE", "/v2/employments/anything", ["PUT", "PATCH"]],
    ["GET", "/v1/employments/6f1c1c9e-4a47-4a8a-9a3b-8f1f1a2b3c4d/invite", ["POST"]],
  ])("%s %s is 405 with Allow listing the route's methods", async (method, path, allowed) => {
    const res = await gw.call(method, path, { token: t.tokens.admin });
    await expectJson(res, 405, { message: "Method not allowed" });
    const allow = (res.headers.get("allow") ?? "").split(",").map((m) => m.trim());
    expect(allow.sort()).toEqual([...allowed].sort());
  });

  it("405 answers before authentication (no token needed to learn the methods)", async () => {
    const res = await gw.call("DELETE", "/v1/employments");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBeTruthy();
  });

  it("a trailing slash on a known path is answered like the path's sibling would be, never a 5xx", async () => {
    const res = await gw.call("GET", "/v1/employments/", { token: t.tokens.admin });
    expect([200, 404, 405]).toContain(res.status);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("request bodies", () => {
  it("a body over 1 MiB (declared by Content-Length) is 413 JSON", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const body = JSON.stringify({ external_id: "x".repeat(MiB) });
    const res = await gw.call("PATCH", `/v2/employments/${e.id}`, {
      token: t.tokens.admin,
      body,
      headers: { "content-length": String(body.length) },
    });
    const json = await expectJson(res, 413);
    expect(typeof json.message).toBe("string");
  });

  it("a streamed body over 1 MiB (no Content-Length) is 413 JSON", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 2 * MiB) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await gw.app.request(`/v2/employments/${e.id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${t.tokens.admin}`, "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    await expectJson(res, 413);
  });

  it("a body of exactly 1 MiB is not refused for its size", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const prefix = '{"external_id":"';
    const body = prefix + "x".repeat(MiB - prefix.length - 2) + '"}';
    expect(body.length).toBe(MiB);
    const res = await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body });
    expect(res.status).toBe(422); // external_id is at most 64 characters
  });

  it("malformed JSON is 400 {message: 'Malformed JSON body'}", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    for (const body of ["{", "{not json", '{"a":1,}', "[1,2", "undefined", "'single'"]) {
      await expectJson(await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body }), 400, {
        message: "Malformed JSON body",
      });
    }
    await expectJson(await gw.call("POST", "/v1/employments", { token: t.tokens.admin, body: "{]" }), 400, {
      message: "Malformed JSON body",
    });
  });

  it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "text/json"])(
    "a JSON route with content type %s is 415",
    async (type) => {
      const e = await makeEmployment(gw.deps.db, t.company.id);
      const res = await gw.call("PATCH", `/v2/employments/${e.id}`, {
        token: t.tokens.admin,
        body: JSON.stringify({ external_id: "x" }),
        headers: { "content-type": type },
      });
      await expectJson(res, 415, { message: "Content-Type must be application/json" });
    },
  );

  it("application/json with a charset, and +json types, are accepted", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    for (const type of ["application/json; charset=utf-8", "application/merge-patch+json"]) {
      const res = await gw.call("PATCH", `/v2/employments/${e.id}`, {
        token: t.tokens.admin,
        body: { external_id: "ok" },
        headers: { "content-type": type },
      });
      expect(res.status).toBe(200);
    }
  });
});

describe("the NUL character (PostgreSQL text cannot hold it)", () => {
  it("in a query value is a 422 on the parameter (the body's rule: docs/decisions/api-input-hygiene.md), never a 500", async () => {
    const res = await gw.call("GET", "/v1/employments?email=a%00b", { token: t.tokens.admin });
    await expectJson(res, 422, { errors: { email: ["must not contain the NUL character"] } });
  });

  it("in a body string, at any depth, is a 422 on the field, never a 500", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const cases: Array<[string, string, unknown, string]> = [
      ["PATCH", `/v2/employments/${e.id}`, { external_id: "a\u0000b" }, "external_id"],
      ["PUT", `/v1/employments/${e.id}`, { external_id: "a\u0000b" }, "external_id"],
      ["POST", "/v1/company-departments", { company_id: t.company.id, name: "a\u0000b" }, "name"],
      ["POST", "/v1/company-managers", { name: "x\u0000", email: "m@example.test", role: "admin" }, "name"],
      ["PATCH", `/v1/employments/${e.id}`, { basic_information: { name: ["ok", "a\u0000b"] } }, "basic_information.name.1"],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await gw.call(method, path, { token: t.tokens.owner, body });
      await expectJson(res, 422, { errors: { [field]: ["must not contain the NUL character"] } });
    }
  });

  it("a deeply nested body (20,000 levels) is answered without exhausting the stack", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const body = '{"external_id":' + "[".repeat(20_000) + "]".repeat(20_000) + "}";
    const res = await gw.call("PATCH", `/v2/employments/${e.id}`, { token: t.tokens.admin, body });
    expect(res.status).toBeLessThan(500);
  });
});

describe("x-request-id", () => {
  it("is on every response (200, 401, 404, 405, 413, openapi) and differs per request", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const responses = [
      await gw.call("GET", `/v1/employments/${e.id}`, { token: t.tokens.admin }),
      await gw.call("GET", "/v1/employments"),
      await gw.call("GET", "/nowhere"),
      await gw.call("DELETE", "/v1/employments"),
      await gw.call("PATCH", `/v2/employments/${e.id}`, {
        token: t.tokens.admin,
        body: "x".repeat(MiB + 1),
        headers: { "content-length": String(MiB + 1) },
      }),
      await gw.call("GET", "/openapi.json"),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 401, 404, 405, 413, 200]);
    const ids = responses.map((r) => r.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(UUID_RE);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("unexpected errors", () => {
  const secret = "password=hunter2 at db.internal:5432";
  const boom = defineRoute({
    method: "get",
    path: "/v1/boom",
    operationId: "boom",
    summary: "Throws",
    tag: "Test",
    auth: { kind: "none" },
    responses: { 200: { description: "never" } },
    handler: () => {
      throw new Error(`connection failed: ${secret}`);
    },
  });
  const boomAsync = defineRoute({
    ...boom,
    path: "/v1/boom-async/{id}",
    operationId: "boom_async",
    auth: { kind: "any" },
    handler: async () => {
      await Promise.resolve();
      throw new TypeError(`Cannot read properties of undefined (reading '${secret}')`);
    },
  });
  const boomNotError = defineRoute({
    ...boom,
    path: "/v1/boom-not-error",
    operationId: "boom_not_error",
    handler: () => {
      throw { detail: secret };
    },
  });

  it.each([
    ["a thrown Error", "/v1/boom", false],
    ["an async TypeError behind authentication", "/v1/boom-async/1", true],
    ["a thrown non-Error value", "/v1/boom-not-error", false],
  ])("%s becomes a generic 500 naming the request id, without internals", async (_, path, auth) => {
    const logged: unknown[] = [];
    const logger = Object.assign(Object.create(gw.deps.logger) as typeof gw.deps.logger, {
      error: (obj: unknown) => void logged.push(obj),
      info: () => {},
    });
    const app = createGatewayApp({ ...gw.deps, logger }, [boom, boomAsync, boomNotError]);
    const res = await app.request(path, { headers: auth ? { authorization: `Bearer ${t.tokens.admin}` } : {} });
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toMatch(UUID_RE);
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(JSON.parse(text)).toEqual({ message: `Internal server error (request ${requestId})` });
    expect(text).not.toMatch(/hunter2|db\.internal|stack|\bat \S+:\d+|TypeError|connection failed/);
    // The details go to the log with the same request id.
    expect(JSON.stringify(logged)).toContain(requestId);
  });
});

describe("401 {message: 'Unauthorized'}", () => {
  it("for missing, malformed, unknown, revoked, expired and other-environment tokens", async () => {
    const client = await makeClient(gw.deps.db);
    const { token: expired } = await makeAccessToken(gw.deps.db, {
      clientId: client.id,
      user: t.admin,
      expiresAt: new Date(gw.clock.now().getTime() - 1000),
    });
    const { token: expiredClient } = await makeAccessToken(gw.deps.db, {
      clientId: client.id,
      expiresAt: new Date(gw.clock.now().getTime() - 1),
    });
    const revoked = await makeCustomerToken(gw.deps.db, "sandbox", t.admin);
    await gw.deps.db
      .update(customerTokens)
      .set({ revokedAt: new Date() })
      .where(eq(customerTokens.tokenHash, sha256(revoked)));
    const inactiveUser = await makeUser(gw.deps.db, t.company.id, { status: "inactive" });
    const ofInactiveUser = await makeCustomerToken(gw.deps.db, "sandbox", inactiveUser);
    const live = await makeCustomerToken(gw.deps.db, "production", t.admin);
    const authorizations: Array<string | undefined> = [
      undefined,
      "",
      "Bearer",
      "Bearer ",
      "bearer " + t.tokens.admin.slice(0, -1),
      `Basic ${Buffer.from("a:b").toString("base64")}`,
      `Token ${t.tokens.admin}`,
      `${t.tokens.admin}`,
      `Bearer  ${t.tokens.admin}`,
      `Bearer ${t.tokens.admin} extra`,
      `Bearer ${"x".repeat(5000)}`,
      "Bearer ra_test_unknown",
      "Bearer unknown-partner-token",
      `Bearer ${expired}`,
      `Bearer ${expiredClient}`,
      `Bearer ${revoked}`,
      `Bearer ${ofInactiveUser}`,
      `Bearer ${live}`,
      `Bearer ${t.tokens.admin}é`,
    ];
    for (const authorization of authorizations) {
      const res = await gw.app.request("/v1/employments", { headers: authorization === undefined ? {} : { authorization } });
      expect(res.status, String(authorization)).toBe(401);
      expect(await res.json()).toEqual({ message: "Unauthorized" });
      expect(res.headers.get("x-ratelimit-count")).toBeNull();
    }
    // The same token, well formed, works.
    expect((await gw.call("GET", "/v1/employments", { token: t.tokens.admin })).status).toBe(200);
  });

  it("a token that expires is refused from its expiry on (gateway clock)", async () => {
    const client = await makeClient(gw.deps.db);
    const { token } = await makeAccessToken(gw.deps.db, {
      clientId: client.id,
      user: t.admin,
      expiresAt: new Date(gw.clock.now().getTime() + 60_000),
    });
    expect((await gw.call("GET", "/v1/employments", { token })).status).toBe(200);
    gw.clock.advance(60_000);
    await expectJson(await gw.call("GET", "/v1/employments", { token }), 401, { message: "Unauthorized" });
  });
});

describe("environments", () => {
  it("sandbox-only routes answer 404 on production, whatever the token", async () => {
    const prod = await createTestGateway({ environment: "production" });
    const p = await makeTenant(prod.deps.db, "production");
    const e = await makeEmployment(prod.deps.db, p.company.id);
    const sandboxOnly = allRoutes.filter((r) => r.sandboxOnly);
    expect(sandboxOnly.map((r) => r.path)).toContain("/v1/sandbox/employments/{employment_id}");
    for (const route of sandboxOnly) {
      const path = route.path.replace(/\{[^}]+\}/g, e.id);
      for (const method of methodsOf(route)) {
        for (const token of [p.tokens.admin, undefined]) {
          const res = await prod.call(method.toUpperCase(), path, { token, body: { status: "active" } });
          await expectJson(res, 404, { message: "Route not found" });
          expect(res.headers.get("x-request-id")).toMatch(UUID_RE);
          expect(res.headers.get("x-ratelimit-count")).toBeNull();
        }
      }
    }
    // The production gateway is otherwise working with its own tokens.
    expect((await prod.call("GET", `/v1/employments/${e.id}`, { token: p.tokens.admin })).status).toBe(200);
  });

  it("the sandbox-only route exists on sandbox", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const res = await gw.call("PATCH", `/v1/sandbox/employments/${e.id}`, { token: t.tokens.admin, body: {} });
    expect(res.status).not.toBe(404);
    expect(res.status).toBeLessThan(500);
  });
});
