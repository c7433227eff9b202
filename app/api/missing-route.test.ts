import { describe, expect, it } from "vitest";
import * as route from "./[...missing]/route";

describe("an unknown /api address", () => {
  it.each(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const)(
    "answers %s with a JSON 404 in the console's error shape, never the HTML page",
    async (method) => {
      const res = route[method]();
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.headers.get("cache-control")).toBe("no-store");
      await expect(res.json()).resolves.toEqual({
        error: { kind: "not_found", status: 404, message: "No such console API route", requestId: null },
      });
    },
  );
});
