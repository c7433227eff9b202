import { describe, expect, it } from "vitest";
import { decodeNotice, encodeNotice, missingScopeNotice } from "./missing-scope";

// What a connection without a scope the console now uses is told, per kind of session.

const base = { scope: "company:read", readsWhat: "the company's billing currency", returnTo: "/payslips?start_date=2026-01-01" };

describe("missingScopeNotice", () => {
  it("names the scope and gives each kind of session its own way to get it", () => {
    const admin = missingScopeNotice({ ...base, kind: "oauth", environment: "production" });
    expect(admin.message).toMatch(/^This connection to the Employment API \(production\) was granted without the company:read scope/);
    expect(admin.message).toContain("allow Roster's current scopes on the Employment API's consent page");
    expect(admin.action).toEqual({
      href: "/sign-in?callbackUrl=%2Fpayslips%3Fstart_date%3D2026-01-01&environment=production",
      label: "Sign in to production again",
    });

    const token = missingScopeNotice({ ...base, kind: "customer_token", environment: "sandbox" });
    expect(token.message).toContain("create one that includes company:read");
    expect(token.action.href).toBe("/sign-in?callbackUrl=%2Fpayslips%3Fstart_date%3D2026-01-01&environment=sandbox");

    const operator = missingScopeNotice({ ...base, kind: "operator", environment: "sandbox" });
    expect(operator.message).toContain("send it a new consent link");
    expect(operator.action).toEqual({ href: "/partner/connect", label: "Create a consent link" });
  });

  it("travels in a response header and back; a header that is not one, or links elsewhere, is dropped", () => {
    const notice = missingScopeNotice({ ...base, kind: "oauth", environment: "sandbox" });
    const header = encodeNotice(notice);
    expect(header).toMatch(/^[\x21-\x7e]+$/);
    expect(decodeNotice(header)).toEqual(notice);
    expect(decodeNotice(null)).toBeNull();
    expect(decodeNotice("%E0%A4%A")).toBeNull();
    expect(decodeNotice(encodeURIComponent("[]"))).toBeNull();
    for (const href of ["https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:alert(1)"])
      expect(decodeNotice(encodeNotice({ ...notice, action: { ...notice.action, href } }))).toBeNull();
  });
});
