// Next.js calls register() once per server instance, before it serves requests. On the Node.js
// runtime it starts the embedded Employment API (both environments) unless the console is configured
// for an external provider (API_SANDBOX_URL / API_PRODUCTION_URL, or GATEWAY_EMBEDDED=false), then
// prepares the console (its database and operator account).
// The import is dynamic so the edge bundle never pulls in PGlite, pg, ioredis or argon2.

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // `next build` loads the server to collect page data: no API (nor database) during a build.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startEmbeddedGatewayOrExit } = await import("./lib/gateway/server");
  await startEmbeddedGatewayOrExit();
  // The console's own database and its operator account, ready before the first request.
  const { prepareConsole } = await import("./lib/console/server/startup");
  await prepareConsole();
  // Rendered pages kept per session while nothing changed, when every database is this process's own
  // (scripts/start.mjs hands the server's requests to it; docs/decisions/console-page-cache.md).
  const { startPageCache } = await import("./lib/console/server/page-cache-setup");
  startPageCache();
  // Start-up garbage (initdb of fresh PGlite directories) collected now: an idle server might never.
  const { collectStartupGarbage } = await import("./lib/runtime-memory");
  collectStartupGarbage();
}

// A rendering that failed somewhere (an error boundary shown in its place) is not kept by the page
// cache: Next calls this inside the request's own async context.
export async function onRequestError(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { skipPageCache } = await import("./lib/console/server/page-cache");
  skipPageCache("render-error");
}
