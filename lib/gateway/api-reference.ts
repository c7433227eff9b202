import "server-only";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Scalar } from "@scalar/hono-api-reference";
import type { Context, Hono } from "hono";
import type { GatewayEnv } from "./context";

// The browsable reference of the API at /docs (docs/decisions/api-reference-docs.md): Scalar's API
// reference rendering /openapi.json, the same document integrators download. Nothing is fetched
// from a CDN: the page loads Scalar's standalone bundle from this server (/docs/scalar.js, read from
// node_modules), without its web fonts or telemetry, and a Content-Security-Policy lets the page
// load and call nothing but this origin (its one inline script, Scalar's initialisation, is allowed
// by its hash).

export const API_REFERENCE_PATH = "/docs";
export const API_REFERENCE_SCRIPT_PATH = "/docs/scalar.js";
export const OPENAPI_PATH = "/openapi.json";

/**
 * Scalar's standalone browser bundle, read from the project's node_modules (a direct dependency, so
 * installed at its top level). A plain path from the project root, not a module resolution relative
 * to this file: the console's bundler moves this file when it bundles the embedded API.
 */
export const API_REFERENCE_BUNDLE_FILE = path.join("node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");

function readStandaloneBundle(): string {
  return readFileSync(path.join(process.cwd(), API_REFERENCE_BUNDLE_FILE), "utf8");
}

/** The policy of the /docs page: only this origin, plus the page's own inline initialisation script. */
export function apiReferenceCsp(html: string): string {
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash("sha256").update(m[1]!).digest("base64")}'`,
  );
  return [
    "default-src 'none'",
    `script-src 'self' ${inline.join(" ")}`.trim(),
    // Scalar's components set style attributes and inject <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function mountApiReference(app: Hono<GatewayEnv>): void {
  const render = Scalar({
    url: OPENAPI_PATH,
    cdn: API_REFERENCE_SCRIPT_PATH,
    pageTitle: "Roster Employment API reference",
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    // No developer toolbar ("Share" and "Deploy" upload the document to Scalar's service).
    showDeveloperTools: "never",
    // No request for /favicon.ico (a 404 in the console).
    favicon: "data:,",
  });
  let page: { html: string; csp: string } | undefined;
  let bundle: string | undefined;

  app.get(API_REFERENCE_PATH, async (c: Context<GatewayEnv>) => {
    if (!page) {
      // Scalar's handler is typed for Hono's default Env; it only calls c.html() on the context.
      const res = await render(c as unknown as Parameters<typeof render>[0], () => Promise.resolve());
      const html = await (res as Response).text();
      page = { html, csp: apiReferenceCsp(html) };
    }
    return c.body(page.html, 200, { "content-type": "text/html; charset=utf-8", "content-security-policy": page.csp });
  });

  app.get(API_REFERENCE_SCRIPT_PATH, (c) => {
    bundle ??= readStandaloneBundle();
    return c.body(bundle, 200, { "content-type": "text/javascript; charset=utf-8" });
  });
}
