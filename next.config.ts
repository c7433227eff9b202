import type { NextConfig } from "next";
import { getServerEnv } from "./lib/env";

// Validate the configuration when Next loads it: a bad value fails `next build`, `next dev` and
// `next start` with the variable's name (lib/env.ts).
getServerEnv();

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Route modules load on a route's first request, not all at start-up: Next's default preloads every
  // route's server chunks, 1,454 modules at idle instead of 845 and ~5 MB more V8 heap
  // (docs/decisions/runtime-idle-memory.md, Follow-up).
  experimental: { preloadEntriesOnStart: false },
  // Node-only packages (WASM, native addons, worker threads, sockets) are required at run time, not
  // bundled: the embedded Employment API runs inside the console's server process.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg",
    "ioredis",
    "pino",
    "thread-stream",
    "@node-rs/argon2",
    "rate-limiter-flexible",
    "drizzle-orm",
    "@hono/node-server",
    // The read model's job queue (lib/console/server/readmodel/job-queue.ts).
    "pg-boss",
  ],
  // RJSF imports a markdown renderer for places the x-jsf forms never reach (components/forms/plain-markdown.tsx).
  turbopack: { resolveAlias: { "markdown-to-jsx/react": "./components/forms/plain-markdown.tsx" } },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
