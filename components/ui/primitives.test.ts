import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StatusFilter } from "@/components/console/employments/status-filter";
import { UserMenu } from "@/components/console/user-menu";

// components/ui/ is the one place that wraps the UI libraries with behaviour (Radix, sonner,
// next-themes); the rest of the console composes those wrappers (docs/decisions/console-ui-primitives.md).

const root = join(import.meta.dirname, "..", "..");
const UI = `components${sep}ui${sep}`;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .filter((p) => !p.split(sep).includes("node_modules"));
}

const files = ["app", "components", "lib"].flatMap(sources);
const outsideUi = files.filter((p) => !p.startsWith(UI));

const LIBRARY_IMPORT = /from\s+["'](radix-ui|@radix-ui\/[^"']+|sonner|next-themes)["']/;

describe("UI primitives live in components/ui", () => {
  it("finds the source tree", () => {
    expect(outsideUi.length).toBeGreaterThan(100);
    expect(files).toContain(`${UI}dialog.tsx`);
  });

  it("no file outside components/ui imports radix-ui, sonner or next-themes", () => {
    expect(outsideUi.filter((p) => LIBRARY_IMPORT.test(readFileSync(join(root, p), "utf8")))).toEqual([]);
  });

  it("no hand-rolled dialog or disclosure outside components/ui", () => {
    const handRolled = /role=["']dialog["']|<dialog[\s>]|\.showModal\(|useDisclosure|addEventListener\(\s*["'](pointerdown|mousedown)["']/;
    expect(outsideUi.filter((p) => p.endsWith(".tsx") && handRolled.test(readFileSync(join(root, p), "utf8")))).toEqual([]);
  });

  it("a popover trigger keeps its name and announces its panel (status filter)", () => {
    const html = renderToString(createElement(StatusFilter, { selected: ["active", "created"], onChange: () => {} }));
    expect(html).toContain('aria-label="Status: 2 selected"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('aria-haspopup="dialog"');
    // Closed, the panel is not rendered at all.
    expect(html).not.toContain("Show employments in status");
  });

  it("a deferred popover's trigger is drawn collapsed, announcing its panel, without any of the panel (account menu)", () => {
    const html = renderToString(
      createElement(UserMenu, { user: { id: "u1", name: "Ada Admin", email: "ada@example.com" }, company: { id: "c1", name: "Acme" } }),
    );
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).toContain("Ada Admin");
    // The panel (and Radix) load on the first press: nothing of it in the first render.
    expect(html).not.toContain("Sign out");
  });
});
