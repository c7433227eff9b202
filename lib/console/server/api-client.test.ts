import { beforeEach, describe, expect, it } from "vitest";
import { createApiClient } from "./api-client";
import { ApiRequestError } from "../api-errors";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeCustomerToken, makeDepartment, makeEmployment, makeTenant } from "@/test-support/gateway/factories";
import { getEmployment, listEmployments, updateEmploymentV2 } from "@/lib/console/server/employments/api";

// The console's client against a real API (in-process fetch): error payloads, 429 and 401 handling.

let gw: TestGateway;
let t: Awaited<ReturnType<typeof makeTenant>>;
let calls: number;

const fetchVia = (gateway: TestGateway): typeof fetch =>
  (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls++;
    const url = new URL(String(input));
    return gateway.app.request(url.pathname + url.search, init);
  }) as typeof fetch;

const client = (token: string, over: Partial<Parameters<typeof createApiClient>[0]> = {}, gateway = gw) =>
  createApiClient({
    baseUrl: "http://127.0.0.1:4010",
    environment: "sandbox",
    getToken: async () => token,
    fetch: fetchVia(gateway),
    sleep: async () => {},
    ...over,
  });

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiRequestError) return e.payload;
    throw e;
  }
  throw new Error("expected the call to fail");
};

beforeEach(async () => {
  calls = 0;
  gw = await createTestGateway();
  t = await makeTenant(gw.deps.db, "sandbox");
});

describe("createApiClient", () => {
  it("parses responses with the contract", async () => {
    await makeEmployment(gw.deps.db, t.company.id);
    const list = await listEmployments(client(t.tokens.admin), { page: 1, page_size: 5, status: ["created", "active"] });
    expect(list.total_count).toBe(1);
  });

  it("422 field errors, 409 message and 404 reach the caller with the request id", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const other = await makeTenant(gw.deps.db, "sandbox");
    const foreign = await makeDepartment(gw.deps.db, other.company.id);
    const v = await failure(updateEmploymentV2(client(t.tokens.admin), e.id, { department_id: foreign.id }));
    expect(v).toMatchObject({
      kind: "validation",
      status: 422,
      fieldErrors: { department_id: ["must be a department of the employment's company"] },
    });
    expect(v.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const inactive = await makeTenant(gw.deps.db, "sandbox", { status: "review" });
    const ie = await makeEmployment(gw.deps.db, inactive.company.id);
    const c = await failure(updateEmploymentV2(client(inactive.tokens.admin), ie.id, { external_id: "x" }));
    expect(c.kind).toBe("conflict");
    expect(c.message).toMatch(/status active/);
    const n = await failure(getEmployment(client(t.tokens.admin), ie.id));
    expect(n).toMatchObject({ kind: "not_found", status: 404, message: "Employment not found" });
  });

  it("403 is a forbidden payload", async () => {
    const token = await makeCustomerToken(gw.deps.db, "sandbox", t.admin, ["country:read"]);
    expect(await failure(listEmployments(client(token)))).toMatchObject({ kind: "forbidden", status: 403, message: "Forbidden" });
  });

  it("429: waits for a short Retry-After once, then reports the limit", async () => {
    const limited = await createTestGateway({ keepData: true, rateLimits: { perCompany: 1, windowMs: 2000 } });
    const waits: number[] = [];
    const api = client(t.tokens.admin, { sleep: async (ms) => void waits.push(ms) }, limited);
    await listEmployments(api);
    const p = await failure(listEmployments(api));
    expect(p).toMatchObject({ kind: "rate_limited", status: 429, message: "Too many requests" });
    expect(p.retryAfter).toBeGreaterThan(0);
    expect(waits).toEqual([p.retryAfter! * 1000]);
    expect(calls).toBe(3);
  });

  it("429 with a long Retry-After (over maxRetryAfterSeconds) is reported at once with the wait", async () => {
    const limited = await createTestGateway({ keepData: true, rateLimits: { perCompany: 1 } });
    const waits: number[] = [];
    const api = client(t.tokens.admin, { sleep: async (ms) => void waits.push(ms), maxRetryAfterSeconds: 10 }, limited);
    await listEmployments(api);
    const p = await failure(listEmployments(api));
    expect(p.kind).toBe("rate_limited");
    expect(p.retryAfter).toBeGreaterThan(10);
    expect(waits).toEqual([]);
  });

  it("401: asks for a new token once and retries with it", async () => {
    let asked = 0;
    const api = client("ra_test_expired", {
      onUnauthorized: async () => {
        asked++;
        return t.tokens.admin;
      },
    });
    expect((await listEmployments(api)).total_count).toBe(0);
    expect(asked).toBe(1);
    const dead = client("ra_test_expired", { onUnauthorized: async () => null });
    expect(await failure(listEmployments(dead))).toMatchObject({ kind: "unauthorized", status: 401 });
  });

  it("a network failure is a network payload", async () => {
    const api = createApiClient({
      baseUrl: "http://127.0.0.1:9",
      environment: "sandbox",
      getToken: async () => "x",
      fetch: (async () => {
        throw new TypeError("fetch failed");
      }) as typeof fetch,
    });
    expect(await failure(listEmployments(api))).toMatchObject({ kind: "network", status: 0, message: "fetch failed" });
  });
});
