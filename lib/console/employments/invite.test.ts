import { describe, expect, it } from "vitest";
import { inviteAvailability } from "./invite";

describe("inviteAvailability", () => {
  it("lets a created employment be invited", () => {
    expect(inviteAvailability({ status: "created" })).toEqual({ available: true });
  });

  it("refuses an employment already invited or active, naming its status", () => {
    for (const status of ["invited", "active"] as const) {
      const a = inviteAvailability({ status });
      expect(a.available).toBe(false);
      if (!a.available) expect(a.reason).toMatch(/only employments not yet invited can be invited/);
    }
    const active = inviteAvailability({ status: "active" });
    expect(!active.available && active.reason).toContain("is active");
  });
});
