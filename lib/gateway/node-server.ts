import "server-only";
import { randomUUID } from "node:crypto";
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { HotReadPath } from "./cache/hot-read";
import { SECURITY_HEADERS } from "./security-headers";

// The node:http server of one API environment (docs/decisions/runtime-http-server-hardening.md):
//   - errors node:http answers before the app sees a request (a URL or headers over the header
//     limit, a malformed request line, a request timeout) get the API's JSON error shape, not a
//     bare status line;
//   - a graceful drain: on shutdown no request is reset. Listening stops; every request answered
//     from then on says `Connection: close` (the client opens a new connection elsewhere, so no
//     request is sent on a socket about to close); a socket that is idle is closed only once it has
//     stayed idle for the keep-alive timeout and no byte has arrived on it (a request may be on its
//     way); the rest close after their response. Only past the deadline are connections cut.

export interface DrainOptions {
  /**
   * How long a socket must have been idle before the drain closes it (default: the server's
   * keep-alive timeout, which node:http announces in `Keep-Alive: timeout=5`, so a client that
   * honours it has stopped using the socket by then).
   */
  idleGraceMs?: number;
  /** When every connection still open is cut (default 8 s). */
  deadlineMs?: number;
}

export interface ApiServer {
  server: Server;
  /** Whether a drain has begun. */
  readonly draining: boolean;
  /** Stops accepting connections and drains the open ones; resolves once every connection is closed. Idempotent. */
  drain(options?: DrainOptions): Promise<void>;
}

/** The raw HTTP answer to a request node:http refused before parsing it completely. */
export function clientErrorResponse(code: string | undefined): string {
  const [status, message] =
    code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request header fields too large: the URL and headers must fit in 16 KiB"]
      : code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request timeout: the request was not received in time"]
        : [400, "Malformed HTTP request"];
  const body = JSON.stringify({ message });
  const headers = {
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(body)),
    ...SECURITY_HEADERS,
    "X-Request-Id": randomUUID(),
    Connection: "close",
  };
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("");
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`;
}

/** node:http's response in progress on a socket (its internal `_httpMessage`), if any. */
const currentResponse = (socket: Socket): ServerResponse | null | undefined =>
  (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;

export interface ApiServerOptions {
  /** Answers hot cached GETs ahead of Hono (cache/hot-read.ts); what it declines goes to `fetch`. */
  hotReads?: Pick<HotReadPath, "serve">;
}

export function createApiServer(fetch: (request: Request) => Response | Promise<Response>, options: ApiServerOptions = {}): ApiServer {
  // overrideGlobalObjects: false keeps Node's own Request/Response (Next.js shares this process).
  const hono = getRequestListener(fetch, { overrideGlobalObjects: false });
  const app = (req: IncomingMessage, res: ServerResponse): void => void hono(req, res);
  const { hotReads } = options;
  /** Per open socket: requests in flight, and when and at which byte count it last became idle. */
  const sockets = new Map<Socket, { inFlight: number; idleSince: number; bytesAtIdle: number }>();
  let draining = false;
  // One listener shared by every response (a closure and a `once` wrapper per request cost more
  // than the rest of a cached read's bookkeeping: docs/decisions/runtime-http-server-hardening.md).
  function onResponseClose(this: ServerResponse) {
    const socket = this.req.socket;
    const state = sockets.get(socket);
    if (!state) return;
    state.inFlight--;
    state.idleSince = performance.now();
    state.bytesAtIdle = socket.bytesRead;
  }
  /** Counts the request on its socket; while draining, its answer closes the connection. */
  const track = (req: IncomingMessage, res: ServerResponse) => {
    const state = sockets.get(req.socket);
    if (state) state.inFlight++;
    if (draining) res.setHeader("Connection", "close");
    res.on("close", onResponseClose);
  };
  const server = createServer(
    hotReads
      ? (req, res) => {
          track(req, res);
          const served = hotReads.serve(req, res);
          if (served === true) return;
          if (served === false) return app(req, res);
          served.then(
            (done) => {
              if (!done) app(req, res);
            },
            // (Only before anything was written: the hot path writes its answer in one synchronous step.)
            () => {
              if (!res.headersSent) app(req, res);
            },
          );
        }
      : (req, res) => {
          track(req, res);
          app(req, res);
        },
  );
  server.requestTimeout = 60_000;
  let drained: Promise<void> | undefined;

  server.on("connection", (socket: Socket) => {
    sockets.set(socket, { inFlight: 0, idleSince: performance.now(), bytesAtIdle: socket.bytesRead });
    socket.once("close", () => sockets.delete(socket));
  });

  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    const current = currentResponse(socket);
    if (error.code === "ECONNRESET" || !socket.writable || (current && current.headersSent)) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(error.code));
  });

  const drain = (options: DrainOptions = {}): Promise<void> => {
    if (drained) return drained;
    draining = true;
    const idleGraceMs = options.idleGraceMs ?? server.keepAliveTimeout;
    const deadlineMs = options.deadlineMs ?? 8_000;
    // Answers not yet begun close their connection too (node:http's current response of each socket).
    for (const socket of sockets.keys()) {
      const current = currentResponse(socket);
      if (current && !current.headersSent) current.setHeader("Connection", "close");
    }
    drained = new Promise<void>((resolve) => {
      // net.Server's close, not http.Server's: since Node 19 the latter also closes every idle
      // keep-alive connection at once, resetting the requests already on their way on them.
      const finish = () => {
        clearInterval(sweep);
        clearTimeout(deadline);
        // What http.Server's close would have cleared: its request-timeout sweep.
        const checking = Object.getOwnPropertySymbols(server).find((k) => k.description === "http.server.connectionsCheckingInterval");
        if (checking) clearInterval((server as unknown as Record<symbol, NodeJS.Timeout>)[checking]);
        resolve();
      };
      if (server.listening) NetServer.prototype.close.call(server, finish);
      // A socket is closed once it has been idle for the grace period and no byte of a request
      // has arrived on it since; one that carries a request closes after its `Connection: close` answer.
      const sweep = setInterval(
        () => {
          const now = performance.now();
          const candidates = [...sockets].filter(
            ([socket, state]) => state.inFlight === 0 && now - state.idleSince >= idleGraceMs && socket.bytesRead === state.bytesAtIdle,
          );
          // Checked again after the event loop's I/O phase: bytes already received but not yet read
          // (a timer may run before them) would otherwise be cut off by the close.
          if (candidates.length > 0) {
            setImmediate(() => {
              for (const [socket, state] of candidates) {
                if (state.inFlight === 0 && socket.bytesRead === state.bytesAtIdle) socket.destroy();
              }
            });
          }
          if (!server.listening && sockets.size === 0) finish();
        },
        Math.max(10, Math.min(100, idleGraceMs / 4)),
      );
      const deadline = setTimeout(() => {
        clearInterval(sweep);
        for (const socket of sockets.keys()) socket.destroy();
        finish();
      }, deadlineMs);
      deadline.unref();
    });
    return drained;
  };

  return {
    server,
    get draining() {
      return draining;
    },
    drain,
  };
}
