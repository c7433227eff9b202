import { describe, expect, it } from "vitest";
import { sanitizeHtml, stripHtml } from "./html";

describe("HTML of schema texts", () => {
  it("keeps the allowed tags, rebuilt without attributes", () => {
    expect(sanitizeHtml('Total of <b class="x">40 hours</b> per week.')).toBe("Total of <b>40 hours</b> per week.");
    expect(sanitizeHtml("<strong>A</strong><br />B<ul><li>c</li></ul>")).toBe("<strong>A</strong><br>B<ul><li>c</li></ul>");
  });

  it("escapes everything else", () => {
    expect(sanitizeHtml('<img src=x onerror="alert(1)">hi')).toBe("hi");
    expect(sanitizeHtml("<script>alert(1)</script>")).toBe("alert(1)");
    expect(sanitizeHtml("a < b & c > d")).toBe("a &lt; b &amp; c &gt; d");
    expect(sanitizeHtml("&nbsp;&amp;")).toBe("&nbsp;&amp;");
    expect(sanitizeHtml('<b onclick="x">x</b>')).toBe("<b>x</b>");
  });

  it("keeps only safe links", () => {
    expect(sanitizeHtml("<a href='https://example.com/a?b=1&c=2' target='_blank'>Learn</a>")).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">Learn</a>',
    );
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
  });

  it("closes what it opened", () => {
    expect(sanitizeHtml("<strong>open")).toBe("<strong>open</strong>");
    expect(sanitizeHtml("stray</em> close")).toBe("stray close");
  });

  it("gives plain text", () => {
    expect(stripHtml("<strong>Previous seniority</strong> cannot&nbsp;be <br/>recognized &amp; so")).toBe(
      "Previous seniority cannot be recognized & so",
    );
  });
});
