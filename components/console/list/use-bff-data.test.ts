import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { ApiRequestError, type ApiErrorPayload } from "@/lib/console/api-errors";
import { clearBffDataCache, readWithRetry, remember, remembered, seed, useBffData } from "./use-bff-data";

// The rules useBffData keeps from the console's QueryClient (lib/queries/query-client.ts): one retry
// for a network failure or a 5xx and none for a 4xx, an equal answer keeps its object, the server's
// answer does not replace a newer one the tab holds. The hook itself runs in the e2e lists
// (e2e/console/employments-list.spec.ts, e2e/readmodel-lists.spec.ts' poll, the saved views specs).

const apiError = (status: number) =>
  new ApiRequestError({
    kind: status >= 500 ? "server_error" : "not_found",
    status,
    message: `HTTP ${status}`,
    requestId: null,
  } as ApiErrorPayload);

afterEach(() => clearBffDataCache());

describe("readWithRetry", () => {
  it("retries a 5xx or a network failure once, then gives up with the last error", async () => {
    let calls = 0;
    const flaky = async () => {
      calls++;
      if (calls === 1) throw new TypeError("fetch failed");
      return "ok";
    };
    await expect(readWithRetry(flaky, new AbortController().signal, 1)).resolves.toBe("ok");
    expect(calls).toBe(2);

    calls = 0;
    const down = async () => {
      calls++;
      throw apiError(503);
    };
    await expect(readWithRetry(down, new AbortController().signal, 1)).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(2);
  });

  it("does not retry a 4xx (an answer, not a hiccup)", async () => {
    let calls = 0;
    const missing = async () => {
      calls++;
      throw apiError(404);
    };
    await expect(readWithRetry(missing, new AbortController().signal, 1)).rejects.toMatchObject({ status: 404 });
    expect(calls).toBe(1);
  });

  it("stops waiting for the retry when aborted (and does not read again)", async () => {
    const controller = new AbortController();
    let calls = 0;
    const pending = readWithRetry(
      async () => {
        calls++;
        throw apiError(500);
      },
      controller.signal,
      60_000,
    );
    await new Promise((r) => setTimeout(r, 10)); // the first read failed: now waiting a minute for the retry
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(calls).toBe(1);
  });
});

describe("the tab's answers", () => {
  it("an equal answer keeps the object held (no re-render for a poll that found nothing new); a different one replaces it", () => {
    const first = { rows: [1, 2] };
    remember("k", first, JSON.stringify(first), 1);
    const same = { rows: [1, 2] };
    expect(remember("k", same, JSON.stringify(same), 2).data).toBe(first);
    expect(remembered("k")!.at).toBe(2);
    const other = { rows: [3] };
    expect(remember("k", other, JSON.stringify(other), 3).data).toBe(other);
  });

  it("the server's answer does not replace a newer one the tab read, and does replace an older one", () => {
    remember("k", "tab", JSON.stringify("tab"), 100);
    seed("k", "server", 50);
    expect(remembered("k")!.data).toBe("tab");
    seed("k", "server", 200);
    expect(remembered("k")!.data).toBe("server");
  });

  it("keeps the last 50 keys", () => {
    for (let i = 0; i < 60; i++) remember(`k${i}`, i, String(i), i);
    expect(remembered("k9")).toBeUndefined();
    expect(remembered("k10")!.data).toBe(10);
    expect(remembered("k59")!.data).toBe(59);
  });
});

describe("useBffData on the server", () => {
  /** What a server render of the hook shows for `key`, given the server's answer. */
  function Shown({ k, initial }: { k: string; initial?: { key: string; data: string; at: number } }) {
    const query = useBffData<string>(k, () => Promise.reject(new Error("the server never reads")), { initial });
    return createElement("p", null, `${query.data ?? "none"}|${query.isPending ? "pending" : "ready"}`);
  }

  it("renders each request's own answer and keeps nothing in the module (shared by every request of the server)", () => {
    expect(typeof window).toBe("undefined");
    const newer = renderToString(
      createElement(Shown, { k: "company:acme", initial: { key: "company:acme", data: "read at 200", at: 200 } }),
    );
    // A render that read earlier (another request, another user of the company) still shows its own answer.
    const older = renderToString(
      createElement(Shown, { k: "company:acme", initial: { key: "company:acme", data: "read at 100", at: 100 } }),
    );
    expect(newer).toContain("read at 200|ready");
    expect(older).toContain("read at 100|ready");
    expect(remembered("company:acme")).toBeUndefined();
  });

  it("never shows what the module holds for the key: without an answer of its own the render is pending", () => {
    remember("company:acme", "held in the module", '"held in the module"', 300);
    expect(renderToString(createElement(Shown, { k: "company:acme" }))).toContain("none|pending");
    // An answer for another key is not this key's either.
    const other = renderToString(createElement(Shown, { k: "company:acme", initial: { key: "company:other", data: "other", at: 400 } }));
    expect(other).toContain("none|pending");
  });
});
