import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

// What a page makes the browser download besides its HTML: the JavaScript chunks (raw and gzip) and
// stylesheets it references, and the inline scripts (Next's RSC payload, `self.__next_f.push(...)`)
// inside the HTML. Two sources:
// - the page as served: every <script src> of the HTML, except `nomodule` ones (polyfills that
//   module-capable browsers skip), plus any chunk the inline RSC payload names (client components
//   the browser loads before hydrating);
// - the build: Next 16 no longer prints "First Load JS" in `next build`, but writes the same
//   accounting per route to .next/diagnostics/route-bundle-stats.json (root main files plus the
//   entry JS files of every segment of the route, from its client reference manifest).
// gzip is zlib's default level, the one `next start` compresses with.

export interface PageAssets {
  scripts: string[];
  stylesheets: string[];
  /** Bytes of <script> elements without src (mostly the RSC payload). */
  inlineScriptBytes: number;
  /** Polyfill scripts marked nomodule (not counted). */
  noModule: string[];
}

const ATTR = (name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i");

function attr(attrs: string, name: string): string | null {
  const m = ATTR(name).exec(attrs);
  return m ? (m[1] ?? m[2] ?? m[3] ?? "") : null;
}

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

/** The scripts and stylesheets of an HTML page (paths as written in the page). */
export function pageAssets(html: string): PageAssets {
  const scripts = new Set<string>();
  const noModule: string[] = [];
  let inlineScriptBytes = 0;
  let inline = "";
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? "";
    const src = attr(attrs, "src");
    if (src === null) {
      inlineScriptBytes += Buffer.byteLength(m[2] ?? "");
      inline += m[2] ?? "";
    } else if (/\snomodule\b/i.test(attrs)) noModule.push(decodeEntities(src));
    else scripts.add(decodeEntities(src));
  }
  // Chunks named only in the RSC payload (JSON inside a JS string: slashes may be escaped).
  const prefix = [...scripts].find((s) => s.includes("/_next/static/"))?.replace(/\/_next\/static\/.*$/, "") ?? "";
  for (const m of inline.matchAll(/(?:\\?\/)?_next\\?\/static\\?\/chunks\\?\/([A-Za-z0-9_.~-]+\.js)\b/g)) {
    const chunk = `${prefix}/_next/static/chunks/${m[1]}`;
    if (!noModule.includes(chunk)) scripts.add(chunk);
  }
  const stylesheets = new Set<string>();
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = m[1] ?? "";
    if (attr(attrs, "rel")?.toLowerCase() === "stylesheet") {
      const href = attr(attrs, "href");
      if (href) stylesheets.add(decodeEntities(href));
    }
  }
  return { scripts: [...scripts], stylesheets: [...stylesheets], inlineScriptBytes, noModule };
}

export interface Weight {
  files: number;
  raw: number;
  gzip: number;
}

export const sizeOf = (body: Buffer): { raw: number; gzip: number } => ({ raw: body.length, gzip: gzipSync(body).length });

/** Downloads assets from the server that rendered the page (once each, across calls sharing `cache`). */
export async function servedWeight(origin: string, paths: string[], cache: Map<string, { raw: number; gzip: number }>): Promise<Weight> {
  const weight: Weight = { files: 0, raw: 0, gzip: 0 };
  for (const p of paths) {
    const url = new URL(p, origin).toString();
    let size = cache.get(url);
    if (!size) {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}`);
      size = sizeOf(Buffer.from(await res.arrayBuffer()));
      cache.set(url, size);
    }
    weight.files++;
    weight.raw += size.raw;
    weight.gzip += size.gzip;
  }
  return weight;
}

export interface RouteBundleStat {
  route: string;
  firstLoadUncompressedJsBytes: number;
  /** Relative to the project directory, e.g. .next/static/chunks/abc.js */
  firstLoadChunkPaths: string[];
}

/** .next/diagnostics/route-bundle-stats.json (Next ≥ 16), or null when this build has none. */
export function readRouteBundleStats(projectRoot: string): RouteBundleStat[] | null {
  const file = path.join(projectRoot, ".next", "diagnostics", "route-bundle-stats.json");
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8")) as RouteBundleStat[];
}

/** A route's first-load JS per the build, sized from the files on disk. */
export function buildWeight(projectRoot: string, stat: RouteBundleStat): Weight {
  const weight: Weight = { files: 0, raw: 0, gzip: 0 };
  for (const rel of stat.firstLoadChunkPaths) {
    if (!rel.endsWith(".js")) continue;
    const size = sizeOf(readFileSync(path.join(projectRoot, rel)));
    weight.files++;
    weight.raw += size.raw;
    weight.gzip += size.gzip;
  }
  return weight;
}

/** The JS every App Router page loads (build-manifest.json rootMainFiles: React, Next's runtime). */
export function sharedWeight(projectRoot: string): Weight | null {
  const file = path.join(projectRoot, ".next", "build-manifest.json");
  if (!existsSync(file)) return null;
  const { rootMainFiles = [] } = JSON.parse(readFileSync(file, "utf8")) as { rootMainFiles?: string[] };
  return buildWeight(projectRoot, {
    route: "(shared)",
    firstLoadUncompressedJsBytes: 0,
    firstLoadChunkPaths: rootMainFiles.map((f) => path.join(".next", f)),
  });
}

export const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
