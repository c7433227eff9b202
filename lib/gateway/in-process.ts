import "server-only";
import type { HotReadPath } from "./cache/hot-read";

// The in-process transport of one API environment (docs/decisions/console-embedded-api-transport.md):
// a web Request answered as the node:http server on the environment's port answers it, without a
// socket. The console of this process calls the embedded API through it.
//
// What a socket would have given the exchange, given here instead:
//   - the peer address: the loopback address of the host the API binds (127.0.0.1, or ::1 for an
//     IPv6 host), the address a call from this process over HTTP comes from. The OAuth endpoints'
//     brute-force throttle keys on it (oauth/auth-throttle.ts `clientAddress`), so the console's
//     calls count in the same bucket either way instead of one named `unknown`;
//   - `Date` (RFC 9110 6.6.1: an origin server with a clock sends it; node:http adds it).
// Not given: `Connection` and `Keep-Alive` (hop-by-hop, RFC 9110 7.6.1: they describe a connection,
// and there is none), nor `Content-Length`/`Transfer-Encoding` (message framing; the body is the
// same bytes, read as a stream).

/** The Hono env of a request handed over in-process (the node:http adapter passes `{ incoming, outgoing }`). */
export interface InProcessEnv {
  /** The address the request would have come from over a loopback socket. */
  inProcessPeer: string;
}

/** The loopback address a call from this process to an API bound to `host` comes from. */
export function loopbackPeerOf(host: string): string {
  return host.includes(":") ? "::1" : "127.0.0.1";
}

export function createInProcessTransport(options: {
  hotReads: Pick<HotReadPath, "answer">;
  app: { fetch: (request: Request, env: InProcessEnv) => Response | Promise<Response> };
  /** The host the API's port binds (GATEWAY_HOST). */
  host: string;
}): (request: Request) => Promise<Response> {
  const { hotReads, app } = options;
  const env: InProcessEnv = { inProcessPeer: loopbackPeerOf(options.host) };
  return async (request) => withDate((await hotReads.answer(request)) ?? (await app.fetch(request, env)));
}

/** The answer with a `Date` of now, as node:http sends it (an answer that has its own keeps it). */
export function withDate(response: Response): Response {
  if (response.headers.has("date")) return response;
  const date = new Date().toUTCString();
  try {
    response.headers.set("date", date);
    return response;
  } catch {
    // Immutable headers (Response.redirect, Response.error): the same answer with headers of its own.
    const headers = new Headers(response.headers);
    headers.set("date", date);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
