import { isHTTPAccessFallbackError } from "next/dist/client/components/http-access-fallback/http-access-fallback";
import { describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "@/lib/console/api-errors";

vi.mock("server-only", () => ({}));
const { requireFound } = await import("./found");

function apiError(status: number) {
  return new ApiRequestError({ kind: status === 404 ? "not_found" : "server", status, message: "x", requestId: "req_1" });
}

/** What requireFound threw, or null when it resolved. */
async function thrown(loaded: Promise<unknown>): Promise<unknown> {
  try {
    await requireFound(loaded);
    return null;
  } catch (error) {
    return error;
  }
}

describe("requireFound (a detail segment's layout decides the 404 before the page streams)", () => {
  it("an API 404 renders the not-found page (Next's not-found signal)", async () => {
    const error = await thrown(Promise.reject(apiError(404)));
    expect(isHTTPAccessFallbackError(error)).toBe(true);
  });

  it("a found object lets the segment render", async () => {
    expect(await thrown(Promise.resolve({ id: "e1" }))).toBeNull();
  });

  it.each([401, 403, 500])("an API %i is left to the page, which shows or redirects it", async (status) => {
    expect(await thrown(Promise.reject(apiError(status)))).toBeNull();
  });

  it("an error that is not the API's is left to the page (its error boundary sits inside the layout)", async () => {
    expect(await thrown(Promise.reject(new TypeError("fetch failed")))).toBeNull();
  });
});
