import { describe, expect, it } from "vitest";
import { AUTHORIZATION_CODE_SCOPES, CLIENT_CREDENTIALS_SCOPES } from "@/lib/contract";
import { renderConsentPage } from "./pages";
import { groupScopes } from "./scope-areas";

describe("the consent page groups the requested scopes by area", () => {
  it("every scope of the API belongs to a named area (none falls under Other)", () => {
    const groups = groupScopes([...AUTHORIZATION_CODE_SCOPES, ...CLIENT_CREDENTIALS_SCOPES]);
    expect(groups.map((g) => g.id)).not.toContain("other");
    expect(groups.flatMap((g) => g.scopes).length).toBe(AUTHORIZATION_CODE_SCOPES.length + CLIENT_CREDENTIALS_SCOPES.length);
  });

  it("one line per area names what is asked there and no more: View, or View and change when a scope writes", () => {
    const groups = groupScopes([
      "timeoff:read",
      "employment:read",
      "employment:write",
      "made_up:read",
      "payslip:read",
      "expense:write",
      "payroll",
    ]);
    expect(groups.map((g) => [g.label, g.summary])).toEqual([
      ["Employments", "View and change employment"],
      ["Time off and time tracking", "View timeoff"],
      ["Pay, expenses and benefits", "View and change expense and payroll; view payslip"],
      ["Other", "View made up"],
    ]);
  });

  it("the page shows one expandable item per area and the buttons after the list, in the sticky footer", () => {
    const html = renderConsentPage({
      environment: "sandbox",
      clientName: "Acme <Payroll>",
      companyName: "Co",
      user: { name: "A", email: "a@example.com" },
      scopes: ["employment:read", "employment:write", "webhook:read"],
      redirectUri: "https://client.example/cb",
      params: { state: "s" },
      csrfToken: "t",
    });
    expect(html.match(/<details>/g)).toHaveLength(2);
    expect(html).toContain("<strong>Webhooks</strong>");
    expect(html).toContain("<code>employment:write</code>");
    expect(html).toContain("Acme &#60;Payroll&#62;");
    const footer = html.indexOf('class="sticky-actions"');
    expect(footer).toBeGreaterThan(html.lastIndexOf("</details>"));
    expect(html.indexOf('value="allow"')).toBeGreaterThan(footer);
    expect(html).toMatch(/\.sticky-actions\{position:sticky;bottom:0/);
  });
});
