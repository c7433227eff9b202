import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { API_REFERENCE_SCRIPT_PATH, OPENAPI_PATH } from "./api-reference";
import { createTestGateway } from "@/test-support/gateway/harness";

// GET /docs: the browsable reference of the API, from the same OpenAPI document, with no CDN.

describe("GET /docs", () => {
  it("answers an HTML page that loads the local Scalar bundle and reads /openapi.json, under a CSP of this origin only", async () => {
    const gw = await createTestGateway();
    const res = await gw.call("GET", "/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(`<script src="${API_REFERENCE_SCRIPT_PATH}">`);
    expect(html).toContain(`"url": "${OPENAPI_PATH}"`);
    // Nothing from another origin: no CDN, no web fonts.
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toContain('"withDefaultFonts": false');

    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/https?:|\*|'unsafe-eval'/);
    // The one inline script (Scalar's initialisation) is allowed by its hash, and only it.
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash("sha256").update(inline[0]!).digest("base64");
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, "\\$&")}';`));
    // The API's own headers stay.
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("serves Scalar's standalone bundle as JavaScript from node_modules", async () => {
    const gw = await createTestGateway();
    const res = await gw.call("GET", API_REFERENCE_SCRIPT_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    const js = await res.text();
    expect(js.length).toBeGreaterThan(100_000);
    expect(js).toContain("createApiReference");
  });

  it("documents the document the page reads", async () => {
    const gw = await createTestGateway();
    const res = await gw.call("GET", OPENAPI_PATH);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(20);
  });
});
