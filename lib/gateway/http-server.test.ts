import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeTenant, makeUser } from "@/test-support/gateway/factories";

// The API over a real node:http server (not only app.request): adapters differ on bodies.

let gw: TestGateway;
let server: ServerType;
let base: string;
let t: Awaited<ReturnType<typeof makeTenant>>;

beforeAll(async () => {
  gw = await createTestGateway();
  t = await makeTenant(gw.deps.db, "sandbox");
  server = serve({ fetch: gw.app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise<void>((r) => server.once("listening", () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("over HTTP", () => {
  it("a DELETE without a body works", async () => {
    const user = await makeUser(gw.deps.db, t.company.id, { role: "people_manager" });
    const res = await fetch(`${base}/v1/company-managers/${user.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${t.tokens.owner}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { status: "ok" } });
  });

  it("bodies over 1 MiB are 413, under are read", async () => {
    const big = JSON.stringify({ name: "x".repeat(1024 * 1024 + 10) });
    const res = await fetch(`${base}/v1/company-departments`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.tokens.owner}`, "content-type": "application/json" },
      body: big,
    });
    expect(res.status).toBe(413);
    const ok = await fetch(`${base}/v1/company-departments`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.tokens.owner}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Over HTTP" }),
    });
    expect(ok.status).toBe(201);
  });

  it("a GET answers with the request id and rate-limit headers", async () => {
    const res = await fetch(`${base}/v1/employments`, { headers: { authorization: `Bearer ${t.tokens.owner}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(res.headers.get("x-ratelimit-remaining")).toBeTruthy();
  });
});
