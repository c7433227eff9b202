import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseServerEnv } from "@/lib/env";
import { startGateway, type RunningGateway } from "@/lib/gateway/server";
import { TEST_DATABASE_URL, TEST_DB_KIND } from "@/test-support/gateway/harness";
import { withEmbeddedApi } from "./config";
import type { ThrottleKey } from "@/lib/gateway/oauth/auth-throttle";
import { dropEnvironmentDatabases } from "@/test-support/gateway/databases";

// The console's in-process transport to the embedded API (docs/decisions/console-embedded-api-transport.md):
// the same answers as the API's port gives over HTTP (status, headers, body), hot cached reads included,
// and an external URL still over HTTP.

const TOKEN = "ra_test_transport_test_token_0123456789";
const PER_COMPANY = 30;
const EMBEDDED_KEY = Symbol.for("roster.gateway.embedded");
const g = globalThis as unknown as Record<symbol, Promise<RunningGateway | null> | undefined>;

/**
 * Headers of the connection's own (hop-by-hop, RFC 9110 7.6.1) and the message's framing: sent over
 * HTTP, and not in-process where there is no connection (lib/gateway/in-process.ts).
 */
const PER_TRANSPORT = new Set(["connection", "keep-alive", "content-length", "transfer-encoding"]);
const PER_REQUEST = new Set(["x-request-id", "x-ratelimit-count", "x-ratelimit-remaining", "x-ratelimit-reset", "retry-after"]);

/** `Date` is sent both ways: an HTTP date of now (its value differs from one second to the next). */
function dateOfNow(value: string): string {
  const at = Date.parse(value);
  expect(new Date(at).toUTCString()).toBe(value);
  expect(Math.abs(Date.now() - at)).toBeLessThan(5_000);
  return "(now)";
}

async function snapshot(res: Response) {
  const headers: Array<[string, string]> = [];
  res.headers.forEach((value, name) => {
    if (!PER_TRANSPORT.has(name)) headers.push([name, name === "date" ? dateOfNow(value) : PER_REQUEST.has(name) ? "…" : value]);
  });
  return { status: res.status, headers, body: await res.text() };
}

describe("the console's in-process transport to the embedded API", () => {
  let dataDir: string;
  let databaseUrl: string | null = null;
  let gateway: RunningGateway;
  let base: string;
  /** Calls that went over HTTP (the inner fetch). */
  const http: string[] = [];
  let transport: typeof fetch;
  const saved = g[EMBEDDED_KEY];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "roster-transport-"));
    if (TEST_DB_KIND === "postgres") {
      const u = new URL(TEST_DATABASE_URL);
      u.pathname = `/roster_transport_test_${process.pid}`;
      databaseUrl = u.toString();
    }
    const env = parseServerEnv({
      GATEWAY_DEMO_PASSWORD: "transport-test-password",
      GATEWAY_DEMO_CLIENT_SECRET: "transport-test-client-secret-0123456789",
      GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX: TOKEN,
      GATEWAY_DEMO_CUSTOMER_TOKEN_PRODUCTION: "ra_live_transport_test_token_0123456789",
      GATEWAY_RATE_LIMIT_PER_COMPANY: String(PER_COMPANY),
      LOG_LEVEL: "warn",
    });
    gateway = await startGateway({ env, ports: { sandbox: 0, production: 0 }, dataDir, databaseUrl, redisUrl: null, banner: false });
    g[EMBEDDED_KEY] = Promise.resolve(gateway);
    base = gateway.sandbox.url;
    transport = withEmbeddedApi(
      (input, init) => {
        http.push(input instanceof Request ? input.url : String(input));
        return fetch(input, init);
      },
      { embedded: true },
    );
  }, 180_000);

  afterAll(async () => {
    g[EMBEDDED_KEY] = saved;
    await gateway?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropEnvironmentDatabases(databaseUrl);
  });

  const auth = (token = TOKEN) => ({ authorization: `Bearer ${token}`, accept: "application/json" });

  it("answers reads, a 404, a 401, a write and a 429 exactly as the API's port does", { timeout: 120_000 }, async () => {
    const viaHttp = (p: string, init: RequestInit = {}) => fetch(`${base}${p}`, init);
    const inProcess = (p: string, init: RequestInit = {}) => transport(`${base}${p}`, init);

    // A list and a show, each asked enough times that both transports are answered by the hot read path too.
    const list = await (await viaHttp("/v1/employments?page_size=5", { headers: auth() })).json();
    const id = (list as { data: { employments: Array<{ id: string }> } }).data.employments[0]!.id;
    let used = 1;
    for (const p of ["/v1/employments?page_size=5", `/v1/employments/${id}`]) {
      for (let round = 0; round < 3; round++) {
        const [a, b] = [await snapshot(await viaHttp(p, { headers: auth() })), await snapshot(await inProcess(p, { headers: auth() }))];
        used += 2;
        expect(b).toEqual(a);
        expect(b.status).toBe(200);
      }
    }
    // An unknown employment, and a refused token.
    for (const [p, token, status] of [
      ["/v1/employments/00000000-0000-4000-8000-000000000000", TOKEN, 404],
      ["/v1/employments", "ra_test_not_a_token_of_anyone_0123456789", 401],
    ] as const) {
      const [a, b] = [
        await snapshot(await viaHttp(p, { headers: auth(token) })),
        await snapshot(await inProcess(p, { headers: auth(token) })),
      ];
      if (token === TOKEN) used += 2;
      expect(b.status).toBe(status);
      expect(b).toEqual(a);
    }
    // A write: the same status and shape (each creates its own department).
    const write = (send: typeof viaHttp, name: string) =>
      send("/v1/company-departments", {
        method: "POST",
        headers: { ...auth(), "content-type": "application/json" },
        body: JSON.stringify({ name }),
      });
    const [wa, wb] = [await write(viaHttp, "Transport HTTP"), await write(inProcess, "Transport in-process")];
    used += 2;
    expect(wb.status).toBe(201);
    expect(wa.status).toBe(201);
    const [ja, jb] = [
      (await wa.json()) as { company_department: { name: string } },
      (await wb.json()) as { company_department: { name: string } },
    ];
    expect(Object.keys(jb.company_department).sort()).toEqual(Object.keys(ja.company_department).sort());
    expect(jb.company_department.name).toBe("Transport in-process");
    // The department written in-process is read back over HTTP at once (the same API, its caches invalidated).
    const departments = await (await viaHttp("/v1/company-departments", { headers: auth() })).text();
    used += 1;
    expect(departments).toContain("Transport in-process");

    // The company's budget used up: both transports answer the same 429, on a hot read as on the full stack.
    const hot = `/v1/employments/${id}`;
    for (; used < PER_COMPANY; used++) expect((await inProcess(hot, { headers: auth() })).status).toBe(200);
    const [ra, rb] = [await viaHttp(hot, { headers: auth() }), await inProcess(hot, { headers: auth() })];
    expect(rb.status).toBe(429);
    expect(rb.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(ra.status).toBe(429);
    expect(rb.headers.get("x-ratelimit-count")).toBe(ra.headers.get("x-ratelimit-count"));
    expect(await snapshot(rb)).toEqual(await snapshot(ra));

    // Every call above to the embedded API's URL stayed in-process.
    expect(http).toEqual([]);
  });

  it("the OAuth throttle counts a failed client authentication in-process under the address the same call over HTTP has", async () => {
    const deps = gateway.sandbox.deps;
    const real = deps.authThrottle!;
    const failures: ThrottleKey[][] = [];
    deps.authThrottle = {
      ...real,
      recordFailure: (keys) => {
        failures.push([...keys]);
        return real.recordFailure(keys);
      },
    };
    try {
      const token = (send: typeof fetch) =>
        send(`${base}/auth/oauth2/token`, {
          method: "POST",
          headers: {
            authorization: `Basic ${Buffer.from("transport-test-nobody:wrong").toString("base64")}`,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: "grant_type=refresh_token&refresh_token=none",
        });
      const [a, b] = [await snapshot(await token(fetch)), await snapshot(await token(transport))];
      expect(b.status).toBe(401);
      expect(b).toEqual(a);
      const expected = [
        { kind: "client", id: "transport-test-nobody" },
        { kind: "token_address", id: "127.0.0.1" },
      ];
      expect(failures).toEqual([expected, expected]);
      expect(http).toEqual([]);
    } finally {
      deps.authThrottle = real;
    }
  });

  it("an external base URL keeps real HTTP; a console without an embedded API uses its fetch as it is", async () => {
    // A server of its own on another port stands for the external provider.
    const { createServer } = await import("node:http");
    const external = createServer((_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("external"));
    await new Promise<void>((resolve) => external.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(external.address() as { port: number }).port}/v1/employments`;
      const res = await transport(url, { headers: auth() });
      expect(await res.text()).toBe("external");
      expect(http).toEqual([url]);
    } finally {
      external.close();
    }
    const inner: typeof fetch = (input, init) => fetch(input, init);
    expect(withEmbeddedApi(inner, { embedded: false })).toBe(inner);
  });

  it("a caller's abort ends its wait", async () => {
    const controller = new AbortController();
    controller.abort(new Error("given up"));
    await expect(transport(`${base}/v1/employments`, { headers: auth(), signal: controller.signal })).rejects.toThrow("given up");
  });
});
