import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, ButtonLink, buttonClasses, type ButtonSize, type ButtonVariant } from "./button";

// A button's look is the named classes of app/globals.css (`.ui-btn`, `.ui-btn-<variant>`,
// `.ui-btn-<size>`), not ~340 characters of utilities on every button of a page (issue 11,
// docs/decisions/bench-console-pages.md "detailbtn").

const css = readFileSync(path.join(process.cwd(), "app", "globals.css"), "utf8");
const VARIANTS: ButtonVariant[] = ["primary", "secondary", "ghost", "danger"];
const SIZES: ButtonSize[] = ["sm", "md"];

describe("button markup", () => {
  it("a small secondary button takes under 110 bytes of markup (the utilities' lists took 416)", () => {
    const html = renderToStaticMarkup(
      createElement(Button, { size: "sm", variant: "secondary", "aria-label": "Edit Cost center" }, "Edit"),
    );
    expect(html).toContain(">Edit</button>");
    expect(html.length).toBeLessThan(110);
  });

  it("a button link's class attribute stays under 40 characters", () => {
    const html = renderToStaticMarkup(createElement(ButtonLink, { href: "/custom-fields", size: "sm", variant: "ghost" }, "Manage fields"));
    const classes = html.match(/class="([^"]*)"/)![1]!;
    expect(classes.length).toBeLessThan(40);
  });

  it("every variant and size names classes that app/globals.css defines", () => {
    const named = new Set(VARIANTS.flatMap((variant) => SIZES.flatMap((size) => buttonClasses({ variant, size }).split(" "))));
    expect(named.size).toBe(1 + VARIANTS.length + SIZES.length);
    for (const name of named) expect(css, name).toMatch(new RegExp(`\\.${name}\\s*\\{`));
  });

  it("a button's own className comes after the named classes", () => {
    expect(buttonClasses({ variant: "ghost", size: "sm", className: "mt-2" })).toBe("ui-btn ui-btn-ghost ui-btn-sm mt-2");
  });
});
