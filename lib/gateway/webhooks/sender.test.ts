import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHttpSender, WebhookTimeoutError } from "./sender";
import { ForbiddenAddressError } from "./ssrf-guard";

// The default HTTP sender against real loopback servers: what it sends, redirects not followed,
// the timeout, and the connection-time refusal of names that resolve to forbidden addresses.

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.url === "/redirect") {
        res.writeHead(302, { Location: `${base}/target` }).end();
      } else if (req.url === "/hang") {
        // never answers
      } else if (req.url === "/error") {
        res.writeHead(503).end("down");
      } else if (req.url === "/big") {
        res.writeHead(204).end();
      } else {
        res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const request = (url: string, timeoutMs = 2000) => ({
  url,
  body: '{"event_type":"x"}',
  headers: { "Content-Type": "application/json", "X-Service-Event-Id": "e1" },
  timeoutMs,
});

describe("HTTP sender", () => {
  it("POSTs the body and headers and reports the status code", async () => {
    const send = createHttpSender({ mode: "local" });
    received.length = 0;
    expect(await send(request(`${base}/hook?x=1`))).toEqual({ statusCode: 200 });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: "POST", url: "/hook?x=1", body: '{"event_type":"x"}' });
    expect(received[0]!.headers).toMatchObject({ "content-type": "application/json", "x-service-event-id": "e1", "content-length": "18" });
    expect(await send(request(`${base}/error`))).toEqual({ statusCode: 503 });
    expect(await send(request(`${base}/big`))).toEqual({ statusCode: 204 });
  });

  it("does not follow redirects: a 302 is the answer", async () => {
    const send = createHttpSender({ mode: "local" });
    received.length = 0;
    expect(await send(request(`${base}/redirect`))).toEqual({ statusCode: 302 });
    expect(received.map((r) => r.url)).toEqual(["/redirect"]);
  });

  it("gives up after the timeout", async () => {
    const send = createHttpSender({ mode: "local" });
    const started = Date.now();
    await expect(send(request(`${base}/hang`, 150))).rejects.toBeInstanceOf(WebhookTimeoutError);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("an aborted attempt rejects at once", async () => {
    const send = createHttpSender({ mode: "local" });
    const controller = new AbortController();
    const pending = send({ ...request(`${base}/hang`, 10_000), signal: controller.signal });
    setTimeout(() => controller.abort(new Error("killed")), 50);
    await expect(pending).rejects.toThrow();
  });

  it("refuses a connection error cleanly", async () => {
    const send = createHttpSender({ mode: "local" });
    await expect(send(request("http://127.0.0.1:1/"))).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("production mode: a name resolving to 127.0.0.1 is refused when sending, and nothing reaches the server", async () => {
    const port = (server.address() as AddressInfo).port;
    const send = createHttpSender({ mode: "production", resolver: async () => [{ address: "127.0.0.1", family: 4 }] });
    received.length = 0;
    await expect(send(request(`https://hooks.partner.example:${port}/hook`))).rejects.toBeInstanceOf(ForbiddenAddressError);
    // localhost through the system resolver, too (and http is refused before any lookup).
    const system = createHttpSender({ mode: "production" });
    await expect(system(request(`https://localhost:${port}/hook`))).rejects.toBeInstanceOf(ForbiddenAddressError);
    await expect(system(request(`${base}/hook`))).rejects.toBeInstanceOf(ForbiddenAddressError);
    expect(received).toHaveLength(0);
  });

  it("local mode: a name resolving to a private address is refused; to loopback it goes through", async () => {
    const port = (server.address() as AddressInfo).port;
    const toPrivate = createHttpSender({ mode: "local", resolver: async () => [{ address: "10.1.2.3", family: 4 }] });
    await expect(toPrivate(request(`https://intranet.example:${port}/`))).rejects.toBeInstanceOf(ForbiddenAddressError);
    const local = createHttpSender({ mode: "local" });
    received.length = 0;
    expect(await local(request(`http://localhost:${port}/hook`))).toEqual({ statusCode: 200 });
    expect(received).toHaveLength(1);
  });
});
