import "server-only";
import type { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { checkCallbackUrl, createGuardedLookup, ForbiddenAddressError, type DnsResolver, type GatewayMode } from "./ssrf-guard";

// The HTTP side of a delivery attempt, behind an interface so tests inject their own.
// The default sender uses node:http(s) with the SSRF guard's `lookup` (the resolved address is
// checked at connection time), never follows redirects (a 3xx is simply not a 2xx), and gives up
// after the timeout (15 s by default) counted from the start of the attempt to the response headers.

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Aborted when the dispatcher is killed: the attempt ends without a result. */
  signal?: AbortSignal;
}

export interface WebhookResponse {
  statusCode: number;
}

/** Resolves with the receiver's status code; rejects on network errors, timeouts and refused addresses. */
export type WebhookSender = (request: WebhookRequest) => Promise<WebhookResponse>;

export class WebhookTimeoutError extends Error {
  override name = "WebhookTimeoutError";
  readonly code = "ETIMEDOUT";
}

export interface HttpSenderOptions {
  mode: GatewayMode;
  /** DNS resolution (default: the system resolver). */
  resolver?: DnsResolver;
  /** Response bytes read before the connection is closed (the body is not used). Default 64 KiB. */
  maxResponseBytes?: number;
}

export function createHttpSender(options: HttpSenderOptions): WebhookSender {
  const lookup = createGuardedLookup({ mode: options.mode, resolver: options.resolver });
  const maxResponseBytes = options.maxResponseBytes ?? 64 * 1024;
  // Connections are kept and reused per receiver (a new TCP connection per attempt was the ceiling
  // of deliveries/s: docs/decisions/bench-api-scale.md). A kept connection goes to the address the
  // guarded lookup allowed when it was opened; idle ones do not keep the process alive.
  const agents = {
    "http:": new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64, timeout: 60_000 }),
    "https:": new https.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64, timeout: 60_000 }),
  };

  return (request) =>
    new Promise<WebhookResponse>((resolve, reject) => {
      const check = checkCallbackUrl(request.url, { mode: options.mode });
      if (!check.ok) return reject(new ForbiddenAddressError(`The callback URL ${check.reason}`));
      if (request.signal?.aborted) return reject(request.signal.reason ?? new Error("aborted"));
      const url = check.url;
      const client = url.protocol === "https:" ? https : http;
      let settled = false;
      const finish = (error: Error | null, response?: WebhookResponse) => {
        if (settled) return;
        settled = true;
        if (error) reject(error);
        else resolve(response!);
      };
      const req = client.request(
        url,
        {
          method: "POST",
          headers: { ...request.headers, "Content-Length": String(Buffer.byteLength(request.body)) },
          lookup: lookup as unknown as typeof dnsLookup,
          agent: url.protocol === "https:" ? agents["https:"] : agents["http:"],
          signal: request.signal,
        },
        (res) => {
          finish(null, { statusCode: res.statusCode ?? 0 });
          let received = 0;
          res.on("data", (chunk: Buffer) => {
            received += chunk.length;
            if (received > maxResponseBytes) res.destroy();
          });
          res.on("error", () => undefined);
          res.on("close", () => clearTimeout(timer));
        },
      );
      // One deadline for the whole attempt (connect, send, response headers); it also cuts a body
      // that never ends.
      const timer = setTimeout(() => {
        // Timers run before I/O in Node's event loop: after a stall of the loop (a busy database on
        // the same thread), a response that did arrive in time is read first, then the deadline hits.
        setImmediate(() => {
          // Answered already, but the body is still coming: stop reading it.
          if (settled) return void req.destroy();
          const error = new WebhookTimeoutError(`No response within ${request.timeoutMs} ms`);
          finish(error);
          req.destroy(error);
        });
      }, request.timeoutMs);
      timer.unref();
      req.on("error", (error) => {
        clearTimeout(timer);
        finish(error);
      });
      req.on("close", () => {
        if (settled) return;
        clearTimeout(timer);
        finish(new Error("Connection closed before a response"));
      });
      req.end(request.body);
    });
}
