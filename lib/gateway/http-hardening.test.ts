import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseServerEnv } from "@/lib/env";
import { startGateway, type RunningGateway } from "./server";
import { makeTenant } from "@/test-support/gateway/factories";

// Issue 10 items 3, 4 and 7, on the real servers (startGateway: node:http on 127.0.0.1, port 0):
// security headers on every answer, node:http's own refusals in the API's JSON shape, and a
// shutdown under keep-alive load that resets no request.

let gateway: RunningGateway;
let dataDir: string;
let base: string;
let token: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "roster-http-hardening-"));
  gateway = await startGateway({
    env: parseServerEnv({ GATEWAY_RATE_LIMIT_PER_COMPANY: "5", LOG_LEVEL: "silent" }),
    ports: { sandbox: 0, production: 0 },
    dataDir,
    databaseUrl: null,
    redisUrl: null,
    banner: false,
    demo: false,
    dispatcher: false,
  });
  base = gateway.sandbox.url;
  token = (await makeTenant(gateway.sandbox.deps.db, "sandbox")).tokens.owner;
}, 180_000);

afterAll(async () => {
  await gateway?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(method: string, url: string, options: { headers?: Record<string, string>; body?: string; agent?: http.Agent } = {}) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = http.request(url, { method, headers: options.headers, agent: options.agent ?? false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

const expectSecurityHeaders = (answer: RawAnswer, label: string) => {
  expect(answer.headers["x-content-type-options"], label).toBe("nosniff");
  expect(answer.headers["cache-control"], label).toBe("no-store");
};

describe("X-Content-Type-Options: nosniff and Cache-Control: no-store on every API answer", () => {
  it("successes, 400, 401, 404, 405, 413, 415, 422, 429, OAuth errors and the authorize page", async () => {
    const auth = { authorization: `Bearer ${token}` };
    const json = { ...auth, "content-type": "application/json" };
    const cases: Array<[string, number, Promise<RawAnswer>]> = [
      ["openapi", 200, send("GET", `${base}/openapi.json`)],
      ["list", 200, send("GET", `${base}/v1/company-departments`, { headers: auth })],
      ["no token", 401, send("GET", `${base}/v1/employments`)],
      ["unknown route", 404, send("GET", `${base}/v1/nothing-here`)],
      ["wrong method", 405, send("DELETE", `${base}/v1/company-departments`, { headers: auth })],
      ["malformed JSON", 400, send("POST", `${base}/v1/company-departments`, { headers: json, body: "{" })],
      ["validation", 422, send("POST", `${base}/v1/company-departments`, { headers: json, body: "{}" })],
      [
        "media type",
        415,
        send("POST", `${base}/v1/company-departments`, { headers: { ...auth, "content-type": "text/plain" }, body: "x" }),
      ],
      ["too large", 413, send("POST", `${base}/v1/company-departments`, { headers: json, body: "x".repeat(1024 * 1024 + 1) })],
      [
        "oauth error",
        401,
        send("POST", `${base}/auth/oauth2/token`, {
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "grant_type=client_credentials",
        }),
      ],
      ["authorize page", 400, send("GET", `${base}/auth/oauth2/authorize`)],
    ];
    for (const [label, status, pending] of cases) {
      const answer = await pending;
      expect(answer.status, label).toBe(status);
      expectSecurityHeaders(answer, label);
    }
    let limited: RawAnswer | undefined;
    for (let i = 0; i < 10 && !limited; i++) {
      const answer = await send("GET", `${base}/v1/company-departments`, { headers: auth });
      if (answer.status === 429) limited = answer;
    }
    expect(limited?.status).toBe(429);
    expectSecurityHeaders(limited!, "429");
  });
});

describe("node:http's own refusals in the API's JSON error shape", () => {
  it("a URL over the 16 KiB header limit is a 431 with a JSON {message}, not a bare status line", async () => {
    const answer = await send("GET", `${base}/v1/employments?email=${"a".repeat(20_000)}`);
    expect(answer.status).toBe(431);
    expect(answer.headers["content-type"]).toBe("application/json");
    expectSecurityHeaders(answer, "431");
    expect(answer.headers["x-request-id"]).toBeTruthy();
    expect(JSON.parse(answer.body)).toEqual({ message: expect.stringContaining("too large") });
  });

  it("a malformed request line is a 400 with a JSON {message}", async () => {
    const net = await import("node:net");
    const { port } = new URL(base);
    const raw = await new Promise<string>((resolve, reject) => {
      let data = "";
      const socket = net.connect(Number(port), "127.0.0.1", () => socket.write("GARBAGE\r\n\r\n"));
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => (data += chunk));
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain("Content-Type: application/json");
    expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4))).toEqual({ message: "Malformed HTTP request" });
  });
});

describe("graceful shutdown under keep-alive load", () => {
  it(
    "no request is reset: answers during the drain say Connection: close, idle sockets close only once idle",
    { timeout: 60_000 },
    async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
      const tally = { ok: 0, closing: 0, resets: 0, refused: 0, other: [] as string[] };
      let stop = false;
      const worker = async (i: number) => {
        while (!stop) {
          try {
            const post = i % 2 === 0;
            const answer = await send(post ? "POST" : "GET", `${base}/v1/company-departments`, {
              agent,
              headers: { authorization: `Bearer ${token}`, ...(post ? { "content-type": "application/json" } : {}) },
              body: post ? "{}" : undefined,
            });
            tally.ok++;
            if (answer.headers.connection === "close") tally.closing++;
          } catch (error) {
            const code = (error as NodeJS.ErrnoException).code;
            if (code === "ECONNRESET" || code === "EPIPE" || /socket hang up/.test((error as Error).message)) tally.resets++;
            else if (code === "ECONNREFUSED") {
              // The listener is gone: the load is over.
              tally.refused++;
              return;
            } else tally.other.push(String(code ?? (error as Error).message));
          }
        }
      };
      // The rate limit (5 per company) answers 429 quickly: these requests are cheap, so the sockets are busy.
      const workers = Array.from({ length: 16 }, (_, i) => worker(i));
      // Load first (every socket open and reused), then the shutdown.
      for (let waited = 0; tally.ok < 50 && waited < 15_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      const okBefore = tally.ok;
      const closed = gateway.close({ idleGraceMs: 300, deadlineMs: 5_000 });
      await closed;
      stop = true;
      await Promise.all(workers);
      agent.destroy();
      expect(okBefore).toBeGreaterThanOrEqual(50);
      expect(tally.other).toEqual([]);
      expect(tally.resets, JSON.stringify(tally)).toBe(0);
      expect(tally.closing).toBeGreaterThan(0);
    },
  );
});
