import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The project's documents stay true to the tree (issue 12, "Habits"): every repository path that
// ARCHITECTURE.md names exists, and docs/decisions/README.md indexes every decision record under one
// naming scheme with links that resolve. A rename that forgets the documents fails here.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DECISIONS_DIR = path.join(ROOT, "docs/decisions");
const read = (relative: string) => readFileSync(path.join(ROOT, relative), "utf8");

const FILE_EXTENSION = /\.(ts|tsx|mts|mjs|js|json|md|sql|css)$/;

/** The inline code spans of a Markdown text, fenced code blocks left out. */
function inlineCodeSpans(markdown: string): string[] {
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, "");
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
}

/**
 * The repository path a code span names, or null when it names none. A path has no spaces, has a
 * `/` or a file extension, and is relative to the repository root (URL paths such as `/api/bff/…`,
 * and `../shared/…` outside the repository, are not checked). A placeholder (`<area>`), a glob (`**`)
 * or an ellipsis ends the checked part: `app/api/bff/**` checks `app/api/bff`.
 */
function repoPathOf(span: string): string | null {
  if (/\s/.test(span) || span.includes("://") || /^[/.~$@]/.test(span)) return null;
  if (!span.includes("/") && !FILE_EXTENSION.test(span)) return null;
  const kept: string[] = [];
  for (const segment of span.split("/")) {
    if (segment === "" || /[<>*{}…]/.test(segment)) break;
    kept.push(segment);
  }
  return kept.length ? kept.join("/") : null;
}

/** Decision records: every Markdown file of docs/decisions but its README. */
const decisionRecords = () =>
  readdirSync(DECISIONS_DIR)
    .filter((f) => f.endsWith(".md") && f !== "README.md")
    .sort();

/** The index's area sections: heading "### `api-`: …" → the links listed under it. */
function indexSections(readme: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of readme.split("\n")) {
    if (/^#{1,6} /.test(line)) {
      const area = /^### `([a-z0-9]+(?:-[a-z0-9]+)*)-`/.exec(line)?.[1];
      current = area === undefined ? undefined : [];
      if (area !== undefined) sections.set(area, current!);
      continue;
    }
    if (current) for (const m of line.matchAll(/\]\(([^)]+)\)/g)) current.push(m[1]!);
  }
  return sections;
}

describe("ARCHITECTURE.md", () => {
  const text = read("ARCHITECTURE.md");
  const paths = [...new Set(inlineCodeSpans(text).map(repoPathOf))].filter((p): p is string => p !== null);

  it("names paths (the checker finds them)", () => {
    expect(paths.length).toBeGreaterThan(40);
    expect(paths).toContain("lib/gateway/route.ts");
    expect(paths).toContain("app/api/bff");
  });

  it("every repository path it names exists", () => {
    expect(
      paths.filter((p) => !existsSync(path.join(ROOT, p))),
      "paths in ARCHITECTURE.md that do not exist",
    ).toEqual([]);
  });

  it("its Markdown links resolve", () => {
    const links = [...text.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
    expect(links.filter((l) => !existsSync(path.join(ROOT, l)))).toEqual([]);
  });

  it("the path checker reads spans as documented", () => {
    expect(repoPathOf("app/api/bff/**")).toBe("app/api/bff");
    expect(repoPathOf("lib/gateway/routes/<area>/<verb>.ts")).toBe("lib/gateway/routes");
    expect(repoPathOf("app/(console)/employments/[id]")).toBe("app/(console)/employments/[id]");
    expect(repoPathOf("instrumentation.ts")).toBe("instrumentation.ts");
    expect(repoPathOf("/api/bff/…")).toBeNull();
    expect(repoPathOf("../shared/spec/employment-api.md")).toBeNull();
    expect(repoPathOf("npm run gateway")).toBeNull();
    expect(repoPathOf("defineRoute")).toBeNull();
  });
});

describe("docs/decisions/README.md", () => {
  const readme = read("docs/decisions/README.md");
  const sections = indexSections(readme);
  const areas = [...sections.keys()];

  it("has area sections", () => {
    expect(areas.length).toBeGreaterThan(5);
  });

  it("every record is named <area>-<topic>.md, with an area of the index", () => {
    const offenders = decisionRecords().filter(
      (f) => !/^[a-z][a-z0-9]*(-[a-z0-9]+)+\.md$/.test(f) || !areas.some((a) => f.startsWith(`${a}-`)),
    );
    expect(offenders, `areas: ${areas.join(", ")}`).toEqual([]);
  });

  it("every record is listed under its area (the longest matching prefix)", () => {
    const misplaced = decisionRecords().filter((f) => {
      const area = areas.filter((a) => f.startsWith(`${a}-`)).sort((a, b) => b.length - a.length)[0];
      return !area || !sections.get(area)!.includes(f);
    });
    expect(misplaced, "records missing from their area of docs/decisions/README.md").toEqual([]);
  });

  it("every link resolves", () => {
    const links = [...readme.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((l) => !existsSync(path.join(DECISIONS_DIR, l)))).toEqual([]);
  });

  it("lists each record once", () => {
    const listed = [...sections.values()].flat();
    expect(listed.filter((l, i) => listed.indexOf(l) !== i)).toEqual([]);
  });
});

describe("README.md's project layout", () => {
  const readme = read("README.md");
  const start = readme.indexOf("## Project layout");
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const pathCells = section
    .split("\n")
    .filter((l) => l.startsWith("| `"))
    .map((l) => l.split("|")[1]!);
  const named = pathCells.flatMap((cell) => inlineCodeSpans(cell)).map((span) => span.replace(/\/$/, ""));

  it("links ARCHITECTURE.md and the decisions index", () => {
    expect(section).toContain("](ARCHITECTURE.md)");
    expect(section).toContain("](docs/decisions/README.md)");
  });

  it("names only paths that exist (globs aside)", () => {
    expect(named.filter((p) => !p.includes("*") && !existsSync(path.join(ROOT, p)))).toEqual([]);
  });

  it("names every tracked top-level folder and every folder of lib/", () => {
    const tracked = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);
    const folders = new Set<string>();
    for (const file of tracked) {
      const parts = file.split("/");
      if (parts.length > 1) folders.add(parts[0]!);
      if (parts[0] === "lib" && parts.length > 2) folders.add(`lib/${parts[1]}`);
    }
    const covered = (folder: string) => named.some((p) => p === folder || p.startsWith(`${folder}/`));
    expect([...folders].filter((f) => !covered(f)).sort()).toEqual([]);
  });
});
