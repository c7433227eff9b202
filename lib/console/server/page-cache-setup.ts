import "server-only";
import { getServerEnv } from "@/lib/env";
import { currentWriteEpoch, untrackedReasons, writesTracked } from "@/lib/db-kit/write-epoch";
import { createPageCache, installPageCache, type PageCache } from "./page-cache";

// Whether this process may keep rendered pages (docs/decisions/console-page-cache.md), and the cache
// it installs for scripts/start.mjs's listener when it may.

/** The pages kept: the employments list (any query) and one employment's page. */
export const PAGE_CACHE_PATHS: readonly RegExp[] = [/^\/employments\/?$/, /^\/employments\/(?!new\/?$)[^/]+\/?$/];

/** The bytes of every kept page together: about 140 renderings of the list. */
export const PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/** Why this process keeps no page (null: it may). */
export function pageCacheOffReason(env = getServerEnv()): string | null {
  if (env.CONSOLE_PAGE_CACHE === "off") return "CONSOLE_PAGE_CACHE=off";
  if (!env.resolved.embedded || env.API_SANDBOX_URL || env.API_PRODUCTION_URL) return "the console calls an external API";
  if (env.CONSOLE_READMODEL_WORKERS === "elsewhere") return "other processes run the read model's jobs";
  const untracked = untrackedReasons();
  if (untracked.length > 0) return `writes are not all seen by this process (${untracked.join(", ")})`;
  return null;
}

/** Installs the page cache when this process may keep pages; returns it, or null with nothing installed. */
export function startPageCache(env = getServerEnv()): PageCache | null {
  if (pageCacheOffReason(env) !== null) {
    installPageCache(undefined);
    return null;
  }
  const cache = createPageCache({
    paths: PAGE_CACHE_PATHS,
    ttlMs: env.CONSOLE_PAGE_CACHE_TTL_MS,
    maxBytes: PAGE_CACHE_MAX_BYTES,
    // A database opened later that others may write (PostgreSQL) turns it off from then on.
    epoch: () => (writesTracked() ? currentWriteEpoch() : null),
  });
  installPageCache(cache);
  return cache;
}
