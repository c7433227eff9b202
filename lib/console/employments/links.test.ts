import { describe, expect, it } from "vitest";
import { environmentSwitchPlan } from "./links";

describe("the environment switch", () => {
  it("to an environment without a sign-in leads to its sign-in page, coming back to the same place, with no switch request", () => {
    const plan = environmentSwitchPlan({
      target: "production",
      connected: ["sandbox"],
      operator: false,
      pathname: "/employments",
      search: "?status=active&page=3",
    });
    expect(plan.next).toBe("/employments?status=active");
    expect(plan.signInUrl).toBe("/sign-in?callbackUrl=%2Femployments%3Fstatus%3Dactive&environment=production");
  });

  it("to an environment the session is signed in to switches in place", () => {
    const plan = environmentSwitchPlan({
      target: "production",
      connected: ["sandbox", "production"],
      operator: false,
      pathname: "/employments/abc",
      search: "",
    });
    expect(plan).toEqual({ next: "/employments", signInUrl: null });
  });

  it("an operator switches freely and lands at the partner view", () => {
    expect(
      environmentSwitchPlan({ target: "production", connected: [], operator: true, pathname: "/partner/employments", search: "?page=2" }),
    ).toEqual({
      next: "/partner/employments",
      signInUrl: null,
    });
    expect(environmentSwitchPlan({ target: "sandbox", connected: [], operator: true, pathname: "/employments", search: "" }).next).toBe(
      "/partner",
    );
  });
});
