import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { hookFirstServer } from "./page-cache-hook.mjs";

// scripts/start.mjs's hook: the first server created after it hands its requests to the page cache
// installed under the global symbol (to its own listener when none is), and every later server is
// created untouched.

const INSTALLED = Symbol.for("roster.console.pageCache");
const g = globalThis as unknown as Record<symbol, unknown>;
const servers: http.Server[] = [];
const original = http.createServer;

afterEach(async () => {
  http.createServer = original;
  delete g[INSTALLED];
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const answer = (text: string) => (_req: http.IncomingMessage, res: http.ServerResponse) => res.end(text);

describe("hookFirstServer", () => {
  it("the first server's requests go to the installed cache, with its own listener to render", async () => {
    hookFirstServer();
    const first = await listen(http.createServer(answer("next")));
    expect(http.createServer).toBe(original);
    const later = await listen(http.createServer(answer("api")));

    // No cache installed yet (the console is still starting): Next's listener answers.
    expect(await (await fetch(first)).text()).toBe("next");
    g[INSTALLED] = {
      serve: (req: http.IncomingMessage, res: http.ServerResponse, listener: (q: http.IncomingMessage, r: http.ServerResponse) => void) => {
        res.setHeader("x-through", "cache");
        listener(req, res);
      },
    };
    const cached = await fetch(first);
    expect(cached.headers.get("x-through")).toBe("cache");
    expect(await cached.text()).toBe("next");
    // A later server (the embedded API's) is not handed to the cache.
    const api = await fetch(later);
    expect(api.headers.get("x-through")).toBeNull();
    expect(await api.text()).toBe("api");
  });
});
