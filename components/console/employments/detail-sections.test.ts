import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Stepper } from "@/components/ui/stepper";
import type { FieldGroup, SectionView } from "@/lib/console/employments/detail-groups";
import { EmploymentAreaLinks } from "./area-links";
import { FieldGroupCard, FormSectionsCard } from "./detail-sections";

// The employment page's cards and field rows use the named classes of app/globals.css (issue 11,
// docs/decisions/bench-console-pages.md "detailcss"), not the utilities' lists repeated on every row.

const group = (n: number): FieldGroup => ({
  id: "job",
  title: "Job",
  rows: Array.from({ length: n }, (_, i) => ({ key: `field_${i}`, label: `Field ${i}`, value: { kind: "text", text: `Value ${i}` } })),
});
const sections = (n: number): SectionView[] => [
  {
    key: "address_details",
    title: "Address details",
    entries: Array.from({ length: n }, (_, i) => ({ path: `a.${i}`, label: `Entry ${i}`, value: `Value ${i}` })),
  },
];
const classAttrs = (html: string) => [...html.matchAll(/class="([^"]*)"/g)].map((m) => m[1]!);
const css = readFileSync(path.join(process.cwd(), "app", "globals.css"), "utf8");

describe("employment page markup", () => {
  it("renders every field row with its term and value", () => {
    const html = renderToStaticMarkup(createElement(FieldGroupCard, { group: group(3) }));
    expect(html.match(/<dt[^>]*>Field \d<\/dt>/g)).toHaveLength(3);
    expect(html).toContain("Value 2");
    expect(html).toMatch(/<section[^>]*aria-labelledby="group-job"/);
  });

  it("adds under 160 bytes of markup per field row (the utilities' lists took ~270)", () => {
    const perRow =
      (renderToStaticMarkup(createElement(FieldGroupCard, { group: group(21) })).length -
        renderToStaticMarkup(createElement(FieldGroupCard, { group: group(1) })).length) /
      20;
    expect(perRow).toBeGreaterThan(60); // the rows are there
    expect(perRow).toBeLessThan(160);
  });

  it("adds under 130 bytes of markup per country-form entry (the utilities' lists took ~160)", () => {
    const perEntry =
      (renderToStaticMarkup(createElement(FormSectionsCard, { sections: sections(21) })).length -
        renderToStaticMarkup(createElement(FormSectionsCard, { sections: sections(1) })).length) /
      20;
    expect(perEntry).toBeGreaterThan(40);
    expect(perEntry).toBeLessThan(130);
  });

  it("uses only named classes that app/globals.css defines, none longer than 60 characters", () => {
    const html = [
      renderToStaticMarkup(createElement(FieldGroupCard, { group: group(2) })),
      renderToStaticMarkup(createElement(FormSectionsCard, { sections: sections(2) })),
      renderToStaticMarkup(createElement(EmploymentAreaLinks, { employmentId: "e1" })),
      renderToStaticMarkup(
        createElement(Stepper, {
          label: "Stages",
          steps: [
            { key: "a", label: "A", state: "complete" },
            { key: "b", label: "B", state: "current" },
            { key: "c", label: "C", state: "upcoming" },
          ],
        }),
      ),
    ].join("");
    const named = new Set(
      classAttrs(html)
        .flatMap((c) => c.split(" "))
        .filter((c) => /^(ui|detail)-/.test(c)),
    );
    expect(named.size).toBeGreaterThanOrEqual(15);
    for (const name of named) expect(css, name).toMatch(new RegExp(`\\.${name}\\s*\\{`));
    const longest = Math.max(...classAttrs(renderToStaticMarkup(createElement(FieldGroupCard, { group: group(2) }))).map((c) => c.length));
    expect(longest).toBeLessThanOrEqual(60);
  });
});
