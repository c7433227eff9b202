// The page cache's place in the request path (docs/decisions/console-page-cache.md): the listener
// of the first HTTP server this process creates (Next's own, in `next start`) is wrapped so that
// each request goes first to the page cache the console installs under a global symbol once it
// has started (lib/console/server/page-cache.ts), and to Next's listener when there is none.
// Only that first server: the embedded API's servers, created later, are left alone.
import http from "node:http";

const INSTALLED = Symbol.for("roster.console.pageCache");

/** Wraps the listener of the next `http.createServer` call, then restores `http.createServer`. */
export function hookFirstServer() {
  const create = http.createServer;
  http.createServer = function createServer(...args) {
    http.createServer = create;
    const at = args.findIndex((arg) => typeof arg === "function");
    if (at !== -1) {
      const listener = args[at];
      args[at] = function pageCacheListener(req, res) {
        const cache = globalThis[INSTALLED];
        return cache ? cache.serve(req, res, listener) : listener(req, res);
      };
    }
    return create.apply(this, args);
  };
}
