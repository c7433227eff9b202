import { describe, expect, it } from "vitest";
import { toApiErrorPayload } from "@/lib/console/api-errors";
import { webhookErrorDetails } from "./errors";

describe("webhook error details", () => {
  it("names the missing permission on a 403, by operation", () => {
    const forbidden = toApiErrorPayload(403, { message: "Forbidden" }, "req_1");
    expect(webhookErrorDetails(forbidden, "read")[0]).toContain("webhook:read");
    expect(webhookErrorDetails(forbidden, "write")[0]).toMatch(/webhook:write.*owner or admin/);
  });

  it("adds nothing to other errors", () => {
    expect(webhookErrorDetails(toApiErrorPayload(404, { message: "Webhook callback not found" }, null), "write")).toEqual([]);
  });
});
