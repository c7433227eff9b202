import { describe, expect, it } from "vitest";
import { createInProcessTransport, loopbackPeerOf, withDate, type InProcessEnv } from "./in-process";

// The in-process transport's own additions (the answers compared with HTTP: lib/console/server/embedded-transport.test.ts).

describe("the in-process transport", () => {
  it("gives the app the loopback peer of the API's host, and every answer a Date", async () => {
    const envs: InProcessEnv[] = [];
    const app = {
      fetch: (_request: Request, env: InProcessEnv) => {
        envs.push(env);
        return new Response("full stack", { status: 200 });
      },
    };
    const hot = new Response("hot", { status: 200 });
    const hotReads = { answer: (request: Request) => (request.url.endsWith("/hot") ? hot : null) };
    for (const [host, peer] of [
      ["127.0.0.1", "127.0.0.1"],
      ["0.0.0.0", "127.0.0.1"],
      ["localhost", "127.0.0.1"],
      ["::1", "::1"],
      ["::", "::1"],
    ] as const) {
      expect(loopbackPeerOf(host)).toBe(peer);
      const transport = createInProcessTransport({ hotReads, app, host });
      const full = await transport(new Request("http://api.test/v1/x"));
      expect(await full.text()).toBe("full stack");
      expect(envs.pop()).toEqual({ inProcessPeer: peer });
      expect(new Date(full.headers.get("date")!).toUTCString()).toBe(full.headers.get("date"));
    }
    const transport = createInProcessTransport({ hotReads, app, host: "127.0.0.1" });
    const answered = await transport(new Request("http://api.test/hot"));
    expect(answered).toBe(hot);
    expect(envs).toEqual([]);
    expect(Math.abs(Date.parse(answered.headers.get("date")!) - Date.now())).toBeLessThan(5_000);
  });

  it("keeps an answer's own Date, and dates an answer whose headers are immutable", async () => {
    const own = new Response(null, { headers: { date: "Mon, 02 Jan 2006 15:04:05 GMT" } });
    expect(withDate(own).headers.get("date")).toBe("Mon, 02 Jan 2006 15:04:05 GMT");
    // Response.redirect's headers are immutable in undici, but @hono/node-server may have replaced the
    // global Response earlier in this test process: the immutability is made explicit here.
    const redirect = Response.redirect("http://api.test/elsewhere", 302);
    Object.defineProperty(redirect.headers, "set", {
      value: () => {
        throw new TypeError("immutable");
      },
    });
    expect(() => redirect.headers.set("date", "x")).toThrow();
    const dated = withDate(redirect);
    expect(dated.status).toBe(302);
    expect(dated.headers.get("location")).toBe("http://api.test/elsewhere");
    expect(dated.headers.get("date")).toMatch(/ GMT$/);
  });
});
