import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// Loopback servers for the benchmarks: bind 127.0.0.1 on a free port, close without waiting on
// keep-alive connections.

export async function listenLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export interface CannedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const NODE_SETS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** Fetches a response once, keeping the bytes and the headers a client would need to see again. */
export async function captureResponse(url: string, headers: Record<string, string>): Promise<CannedResponse> {
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  // Every header line of the answer (rate limits, request id, security headers…), so the baseline
  // sends the same bytes; node:http adds date, connection and keep-alive to both, and content-length
  // is set by the baseline itself.
  const kept: Record<string, string> = {};
  for (const [name, value] of res.headers) {
    if (!NODE_SETS.has(name)) kept[name] = value;
  }
  return { status: res.status, headers: kept, body };
}

/**
 * The floor: a bare node:http server answering each path with bytes captured from the gateway (same
 * status, body and headers), doing no other work. Unknown paths are 404.
 */
export function createBaselineServer(responses: Map<string, CannedResponse>): Server {
  return createServer((req, res) => {
    const canned = responses.get(req.url ?? "");
    if (!canned) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"message":"Route not found"}');
      return;
    }
    res.writeHead(canned.status, { ...canned.headers, "content-length": canned.body.length });
    res.end(canned.body);
  });
}
