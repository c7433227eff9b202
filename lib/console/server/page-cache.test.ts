import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache, fetchSkippingPageCacheOnFailure, PAGE_CACHE_HEADER, skipPageCache, type PageCacheOptions } from "./page-cache";

// The page cache (page-cache.ts) over real node:http: a rendering is answered again to the same
// request while no write happened and it is young enough, never to another session, and never when
// it was not a whole, clean HTML page.

type Render = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const PAGE = "<!DOCTYPE html><html><body><h1>Employments</h1></body></html>";
const html = (_req: IncomingMessage, res: ServerResponse): void => {
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.setHeader("cache-control", "private, no-cache, no-store, max-age=0, must-revalidate");
  res.write("<!DOCTYPE html><html><body>");
  // Streamed in parts, as Next sends a page.
  setImmediate(() => res.end("<h1>Employments</h1></body></html>"));
};

async function serve(render: Render, options: Partial<PageCacheOptions> = {}) {
  let epoch: number | null = 0;
  let clock = 1_000_000;
  let renders = 0;
  const cache = createPageCache({
    paths: [/^\/employments$/, /^\/employments\/[^/]+$/],
    ttlMs: 2_000,
    maxBytes: 1024 * 1024,
    epoch: () => epoch,
    now: () => clock,
    ...options,
  });
  const server = http.createServer((req, res) =>
    cache.serve(req, res, async (rq, rs) => {
      renders += 1;
      await render(rq, rs);
    }),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = { cookie: "roster.session=a" }, method = "GET") => {
    const res = await fetch(`${base}${path}`, { headers, method, redirect: "manual" });
    return { status: res.status, marker: res.headers.get(PAGE_CACHE_HEADER), headers: res.headers, body: await res.text() };
  };
  return {
    cache,
    get,
    base,
    renders: () => renders,
    write: () => void (epoch = (epoch ?? 0) + 1),
    untrack: () => void (epoch = null),
    advance: (ms: number) => void (clock += ms),
  };
}

describe("a rendering is answered again to the same request", () => {
  it("the second GET is the first one's bytes and headers, without rendering", async () => {
    const s = await serve(html);
    const first = await s.get("/employments?status=active");
    const second = await s.get("/employments?status=active");
    expect(first).toMatchObject({ status: 200, marker: "miss", body: PAGE });
    expect(second).toMatchObject({ status: 200, marker: "hit", body: PAGE });
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(second.headers.get("cache-control")).toBe("private, no-cache, no-store, max-age=0, must-revalidate");
    expect(second.headers.get("content-length")).toBe(String(Buffer.byteLength(PAGE)));
    expect(s.renders()).toBe(1);
    expect(s.cache.stats()).toMatchObject({ hits: 1, misses: 1, stored: 1, entries: 1 });
  });

  it("a compressed rendering is answered compressed, to requests that accept the same encodings", async () => {
    const s = await serve((req, res) => {
      const gzip = String(req.headers["accept-encoding"] ?? "").includes("gzip");
      res.writeHead(200, { "content-type": "text/html", ...(gzip ? { "content-encoding": "gzip" } : {}) });
      res.end(gzip ? gzipSync(PAGE) : PAGE);
    });
    const raw = async (encoding: string) => {
      const res = await new Promise<IncomingMessage>((resolve) =>
        http.get(`${s.base}/employments`, { headers: { cookie: "roster.session=a", "accept-encoding": encoding } }, resolve),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of res) chunks.push(chunk as Buffer);
      return { marker: res.headers[PAGE_CACHE_HEADER], encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) };
    };
    await raw("gzip");
    const hit = await raw("gzip");
    expect(hit.marker).toBe("hit");
    expect(hit.encoding).toBe("gzip");
    expect(gunzipSync(hit.body).toString()).toBe(PAGE);
    const identity = await raw("identity");
    expect(identity).toMatchObject({ marker: "miss", encoding: undefined });
    expect(identity.body.toString()).toBe(PAGE);
  });
});

describe("never to anything else", () => {
  it("another session, another query or another path is rendered", async () => {
    const s = await serve(html);
    await s.get("/employments");
    expect((await s.get("/employments", { cookie: "roster.session=b" })).marker).toBe("miss");
    expect((await s.get("/employments?page=2")).marker).toBe("miss");
    expect((await s.get("/employments/e-1")).marker).toBe("miss");
    expect(s.renders()).toBe(4);
  });

  it("any other header that differs makes another entry; the browser's fetch metadata does not", async () => {
    const s = await serve(html);
    await s.get("/employments", { cookie: "roster.session=a", "accept-language": "en" });
    expect((await s.get("/employments", { cookie: "roster.session=a", "accept-language": "pt" })).marker).toBe("miss");
    expect(
      (
        await s.get("/employments", {
          cookie: "roster.session=a",
          "accept-language": "en",
          "sec-fetch-site": "same-origin",
          priority: "u=0, i",
        })
      ).marker,
    ).toBe("hit");
  });

  it("not after a write: the write epoch moved", async () => {
    const s = await serve(html);
    await s.get("/employments");
    s.write();
    expect((await s.get("/employments")).marker).toBe("miss");
    expect((await s.get("/employments")).marker).toBe("hit");
  });

  it("nothing kept nor answered while some write cannot be seen (the epoch is null)", async () => {
    const s = await serve(html);
    await s.get("/employments");
    s.untrack();
    const passed = await s.get("/employments");
    expect(passed).toMatchObject({ marker: null, body: PAGE });
    expect(s.renders()).toBe(2);
    expect(s.cache.stats()).toMatchObject({ hits: 0, misses: 1, stored: 1 });
  });

  it("not once older than its time to live", async () => {
    const s = await serve(html);
    await s.get("/employments");
    s.advance(1_999);
    expect((await s.get("/employments")).marker).toBe("hit");
    s.advance(1);
    expect((await s.get("/employments")).marker).toBe("miss");
  });

  it("a request that asks for a fresh answer (hard reload) is rendered, and its rendering replaces the kept one", async () => {
    let n = 0;
    const s = await serve((_req, res) => {
      n += 1;
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<p>${n}</p>`);
    });
    await s.get("/employments");
    const fresh = await s.get("/employments", { cookie: "roster.session=a", "cache-control": "no-cache" });
    expect(fresh).toMatchObject({ marker: "bypass", body: "<p>2</p>" });
    expect(await s.get("/employments", { cookie: "roster.session=a", pragma: "no-cache" })).toMatchObject({
      marker: "bypass",
      body: "<p>3</p>",
    });
    expect(await s.get("/employments")).toMatchObject({ marker: "hit", body: "<p>3</p>" });
  });

  it("requests that are not a signed-in GET of a listed page's document are passed through untouched", async () => {
    const s = await serve(html);
    for (const [path, headers, method] of [
      ["/employments", {}, "GET"],
      ["/employments", { cookie: "roster.session=a" }, "POST"],
      ["/employments", { cookie: "roster.session=a", rsc: "1" }, "GET"],
      ["/employments", { cookie: "roster.session=a", "next-router-prefetch": "1" }, "GET"],
      ["/employments/e-1/edit", { cookie: "roster.session=a" }, "GET"],
      // Matched decoded, as Next routes it: this is /employments/e-1/edit; a malformed escape is passed through.
      ["/employments/e-1%2Fedit", { cookie: "roster.session=a" }, "GET"],
      ["/employments/%E0%A4%A", { cookie: "roster.session=a" }, "GET"],
      ["/timeoff", { cookie: "roster.session=a" }, "GET"],
    ] as const) {
      await s.get(path, headers, method);
      const again = await s.get(path, headers, method);
      expect(again.marker, `${method} ${path} ${JSON.stringify(headers)}`).toBeNull();
    }
    expect(s.cache.stats()).toMatchObject({ hits: 0, misses: 0, stored: 0 });
  });
});

describe("a rendering is kept only when whole and clean", () => {
  const cases: Array<[string, Render]> = [
    [
      "status",
      (_q, r) => {
        r.writeHead(404, { "content-type": "text/html" });
        r.end("<p>not found</p>");
      },
    ],
    [
      "status",
      (_q, r) => {
        r.writeHead(307, { location: "/sign-in" });
        r.end();
      },
    ],
    [
      "set-cookie",
      (_q, r) => {
        r.setHeader("set-cookie", "roster.session=new");
        r.writeHead(200, { "content-type": "text/html" });
        r.end(PAGE);
      },
    ],
    [
      "content-type",
      (_q, r) => {
        r.writeHead(200, { "content-type": "application/json" });
        r.end("{}");
      },
    ],
    [
      "api-502",
      async (_q, r) => {
        // A call of the render failed, deep in its async work.
        await new Promise((resolve) => setTimeout(resolve, 5));
        await fetchSkippingPageCacheOnFailure(async () => new Response("bad gateway", { status: 502 }))("http://api.invalid/x");
        html(_q, r);
      },
    ],
    [
      "api-failure",
      async (_q, r) => {
        await fetchSkippingPageCacheOnFailure(async () => {
          throw new TypeError("fetch failed");
        })("http://api.invalid/x").catch(() => undefined);
        html(_q, r);
      },
    ],
    [
      "page-error",
      (_q, r) => {
        setImmediate(() => skipPageCache("page-error"));
        setTimeout(() => html(_q, r), 5);
      },
    ],
  ];
  it.each(cases)("not kept: %s", async (reason, render) => {
    const s = await serve(render);
    await s.get("/employments");
    const again = await s.get("/employments");
    expect(again.marker).toBe("miss");
    expect(s.cache.stats()).toMatchObject({ stored: 0, skipped: { [reason]: 2 } });
  });

  it("not kept when a write finished while it rendered", async () => {
    let write = () => {};
    const s = await serve((q, r) => {
      write();
      html(q, r);
    });
    write = s.write;
    await s.get("/employments");
    expect(s.cache.stats()).toMatchObject({ stored: 0, skipped: { "written-meanwhile": 1 } });
  });

  it("not kept when the client went away before the end", async () => {
    let ended = false;
    const s = await serve((_q, r) => {
      r.writeHead(200, { "content-type": "text/html" });
      r.write("<!DOCTYPE html><html><body>");
      setTimeout(() => {
        r.end("</body></html>");
        ended = true;
      }, 100);
    });
    await new Promise<void>((resolve) => {
      const req = http.get(`${s.base}/employments`, { headers: { cookie: "roster.session=a" } }, (res) => {
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      });
      req.on("error", () => resolve());
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ended).toBe(true);
    expect(s.cache.stats().stored).toBe(0);
  });

  it("not kept when larger than one entry may be; the least recently used go first past the total", async () => {
    const big = "x".repeat(600);
    const s = await serve(
      (req, r) => {
        r.writeHead(200, { "content-type": "text/html" });
        r.end(req.url === "/employments/huge" ? big.repeat(4) : big);
      },
      { maxBytes: 1_500, maxEntryBytes: 1_000 },
    );
    await s.get("/employments/huge");
    expect(s.cache.stats()).toMatchObject({ stored: 0, skipped: { "too-large": 1 } });
    await s.get("/employments/a");
    await s.get("/employments/b");
    await s.get("/employments/a"); // a is now the most recently used
    await s.get("/employments/c"); // 1,800 bytes: b goes
    expect(s.cache.stats()).toMatchObject({ entries: 2, bytes: 1_200 });
    expect((await s.get("/employments/a")).marker).toBe("hit");
    expect((await s.get("/employments/c")).marker).toBe("hit");
    expect((await s.get("/employments/b")).marker).toBe("miss");
  });
});

describe("skipPageCache outside a rendering", () => {
  it("does nothing", () => {
    expect(() => skipPageCache("no rendering")).not.toThrow();
  });
});
