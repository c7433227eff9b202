import { describe, expect, it } from "vitest";
import { flagEmoji, formatAmount, formatDate, formatDateTime } from "./format";
import { afterEnvironmentSwitchHref, sameOriginPath, signInHref } from "./employments/links";

describe("formatting", () => {
  it("prints dates the same on server and browser", () => {
    expect(formatDate("2024-03-07")).toBe("7 Mar 2024");
    expect(formatDate("2024-12-31")).toBe("31 Dec 2024");
    expect(formatDate(null)).toBe("");
    expect(formatDateTime("2024-03-07T14:03:09Z")).toBe("7 Mar 2024, 14:03 UTC");
  });

  it("prints amounts and flags", () => {
    expect(formatAmount(1234567.5, "EUR")).toBe("1,234,567.50 EUR");
    expect(formatAmount(-3, "USD")).toBe("-3.00 USD");
    expect(flagEmoji("de")).toBe("🇩🇪");
    expect(flagEmoji("DEU")).toBe("");
  });
});

describe("sign-in link", () => {
  it("comes back only to same-origin paths", () => {
    expect(signInHref("/employments?page=2")).toBe("/sign-in?callbackUrl=%2Femployments%3Fpage%3D2");
    expect(signInHref("//evil.example")).toBe("/sign-in");
    expect(signInHref("https://evil.example")).toBe("/sign-in");
    expect(signInHref("/employments", { expired: true })).toBe("/sign-in?callbackUrl=%2Femployments&error=SessionExpired");
  });
});

describe("environment switch navigation", () => {
  it("leaves pages of one employment for the list, and restarts the list at page 1", () => {
    expect(afterEnvironmentSwitchHref("/employments/abc/edit", "")).toBe("/employments");
    expect(afterEnvironmentSwitchHref("/employments", "?status=active&page=3")).toBe("/employments?status=active");
    expect(afterEnvironmentSwitchHref("/settings", "?tab=x")).toBe("/settings?tab=x");
  });

  it("follows only same-origin sign-in URLs", () => {
    expect(sameOriginPath("/sign-in?environment=production")).toBe("/sign-in?environment=production");
    expect(sameOriginPath("https://evil.example")).toBeNull();
    expect(sameOriginPath("//evil.example")).toBeNull();
    expect(sameOriginPath(undefined)).toBeNull();
  });
});
