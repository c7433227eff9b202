import "server-only";
import type { ServerResponse } from "node:http";
import { Hono, type Context } from "hono";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { bodyLimit } from "hono/body-limit";
import { randomUUID } from "node:crypto";
import { mountApiReference } from "./api-reference";
import type { GatewayDeps, GatewayEnv } from "./context";
import { ApiError, internalError, methodNotAllowed, notFound, payloadTooLarge } from "./errors";
import { stringBodies } from "./cache/read-path";
import { buildOpenApiDocument } from "./openapi";
import { hasResponseObserver as observed, notifyResponseObserver } from "./response-observer";
import { SECURITY_HEADERS } from "./security-headers";
import { methodsOf, mountRoutes, toHonoPath, type AnyRoute } from "./route";
import { allRoutes } from "./routes";

/** Builds the API of one environment. Tests call it in-process with `app.request()`. */
export function createGatewayApp(deps: GatewayDeps, routes: readonly AnyRoute[] = allRoutes) {
  const app = new Hono<GatewayEnv>();
  const patterns = routes.flatMap((r) =>
    methodsOf(r).map((m) => ({ method: m.toUpperCase(), regex: new RegExp(`^${toHonoPath(r.path).replace(/:[a-z_]+/g, "[^/]+")}/?$`) })),
  );
  let openapi: string | undefined;

  const handleError = (error: Error, c: Context<GatewayEnv>) => {
    if (error instanceof ApiError) {
      for (const [k, v] of Object.entries(error.headers)) c.header(k, v);
      return c.json(error.body, error.status as 400);
    }
    const requestId = c.get("requestId") ?? "unknown";
    deps.logger.error({ requestId, err: { message: error.message, stack: error.stack } }, "unhandled error");
    return c.json(internalError(requestId).body, 500);
  };

  app.use("*", async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    c.set("deps", deps);
    c.set("requestId", requestId);
    try {
      await next();
    } catch (thrown) {
      // Hono hands only Error instances to onError; any other thrown value would escape as a bare 500.
      c.res = handleError(thrown instanceof Error ? thrown : new Error(`Non-Error value thrown: ${String(thrown)}`), c);
    }
    const log = () =>
      deps.logger.info(
        { requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
        "request",
      );
    // A GET answer held as a string goes straight to the socket over node:http (cache/read-path.ts).
    const body = c.req.method === "GET" ? stringBodies.get(c.res) : undefined;
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (body !== undefined && outgoing && !outgoing.headersSent && !observed()) {
      const headers: Record<string, string> = {};
      c.res.headers.forEach((value, name) => {
        headers[name] = value;
      });
      headers["x-request-id"] = requestId;
      Object.assign(headers, SECURITY_HEADERS);
      headers["content-length"] = String(typeof body === "string" ? Buffer.byteLength(body) : body.length);
      outgoing.writeHead(c.res.status, headers);
      outgoing.end(body);
      log();
      c.res = undefined;
      c.res = RESPONSE_ALREADY_SENT;
      return;
    }
    c.res.headers.set("x-request-id", requestId);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
    if (body !== undefined && c.res.body === null) c.res = new Response(typeof body === "string" ? body : new Uint8Array(body), c.res);
    notifyResponseObserver(c.req.method, c.req.path, c.res);
    log();
  });

  const limitBody = bodyLimit({
    maxSize: deps.config.bodyLimitBytes,
    onError: () => {
      throw payloadTooLarge(deps.config.bodyLimitBytes);
    },
  });
  // Only methods whose bodies the API reads: over node's HTTP server a bodiless DELETE still has a
  // body stream, which the limiter would rebuild into a request the adapter cannot handle.
  app.use("*", (c, next) => (["POST", "PUT", "PATCH"].includes(c.req.method) ? limitBody(c, next) : next()));

  app.get("/openapi.json", (c) => {
    openapi ??= JSON.stringify(buildOpenApiDocument(routes, deps.config));
    return c.body(openapi, 200, { "content-type": "application/json" });
  });
  mountApiReference(app);

  mountRoutes(app, routes);

  app.notFound((c) => {
    const allow = [...new Set(patterns.filter((p) => p.regex.test(c.req.path)).map((p) => p.method))];
    if (allow.length > 0) {
      const err = methodNotAllowed(allow);
      return c.json(err.body, 405, err.headers);
    }
    return c.json(notFound("Route").body, 404);
  });

  app.onError(handleError);

  return app;
}

export type GatewayApp = ReturnType<typeof createGatewayApp>;
