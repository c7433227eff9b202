import { beforeAll, describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import { API_REFERENCE_PATH, API_REFERENCE_SCRIPT_PATH, OPENAPI_PATH } from "./api-reference";
import { createGatewayApp, type GatewayApp } from "./app";
import { buildOpenApiDocument } from "./openapi";
import { defineRoute } from "./route";
import { allRoutes } from "./routes";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";

// The OpenAPI document is generated from the route list (CONVENTIONS 6): this test fails when a route
// Hono serves is missing from the document, or when the document names a route Hono does not serve.

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: unknown }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  security?: unknown[];
};
type Document = {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
};

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** `/v1/employments/:employment_id` ↔ `/v1/employments/{employment_id}`. */
const fromHonoPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "{$1}");

/** The document and its browsable reference: not API operations. */
const DOCUMENT_PATHS = [OPENAPI_PATH, API_REFERENCE_PATH, API_REFERENCE_SCRIPT_PATH];

/** "METHOD path" of every route Hono serves, without middleware entries, the document itself and its /docs pages. */
function servedOperations(app: GatewayApp): Set<string> {
  return new Set(
    app.routes
      .filter((r) => r.method !== "ALL" && !DOCUMENT_PATHS.includes(r.path) && r.path !== "/*" && r.path !== "*")
      .map((r) => `${r.method.toUpperCase()} ${fromHonoPath(r.path)}`),
  );
}

function documentedOperations(doc: Document): Set<string> {
  return new Set(
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => HTTP_METHODS.includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    ),
  );
}

function compare(app: GatewayApp, doc: Document) {
  const served = servedOperations(app);
  const documented = documentedOperations(doc);
  return {
    undocumented: [...served].filter((op) => !documented.has(op)).sort(),
    unserved: [...documented].filter((op) => !served.has(op)).sort(),
  };
}

// A subset of the OpenAPI 3.1 schema (https://spec.openapis.org/oas/3.1/schema/2022-10-07) covering
// what the generator emits; embedded schemas are checked against JSON Schema 2020-12 separately.
const OPENAPI_31_SUBSET = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  required: ["openapi", "info", "paths"],
  properties: {
    openapi: { type: "string", pattern: "^3\\.1\\.\\d+(-.+)?$" },
    info: {
      type: "object",
      required: ["title", "version"],
      properties: { title: { type: "string" }, version: { type: "string" }, description: { type: "string" } },
    },
    servers: {
      type: "array",
      items: { type: "object", required: ["url"], properties: { url: { type: "string" }, description: { type: "string" } } },
    },
    components: {
      type: "object",
      properties: {
        securitySchemes: {
          type: "object",
          additionalProperties: {
            type: "object",
            required: ["type"],
            properties: { type: { enum: ["apiKey", "http", "mutualTLS", "oauth2", "openIdConnect"] } },
          },
        },
      },
    },
    paths: {
      type: "object",
      propertyNames: { pattern: "^/" },
      additionalProperties: {
        type: "object",
        propertyNames: { enum: [...HTTP_METHODS, "summary", "description", "servers", "parameters", "$ref"] },
        additionalProperties: { $ref: "#/$defs/operation" },
      },
    },
  },
  patternProperties: { "^x-": true },
  additionalProperties: false,
  $defs: {
    operation: {
      type: "object",
      required: ["responses"],
      properties: {
        operationId: { type: "string", minLength: 1 },
        summary: { type: "string" },
        description: { type: "string" },
        tags: { type: "array", items: { type: "string" } },
        parameters: {
          type: "array",
          items: {
            type: "object",
            required: ["name", "in", "schema"],
            properties: {
              name: { type: "string", minLength: 1 },
              in: { enum: ["query", "header", "path", "cookie"] },
              required: { type: "boolean" },
              schema: { type: ["object", "boolean"] },
            },
            if: { properties: { in: { const: "path" } } },
            then: { required: ["required"], properties: { required: { const: true } } },
          },
        },
        requestBody: {
          type: "object",
          required: ["content"],
          properties: { required: { type: "boolean" }, content: { $ref: "#/$defs/content" } },
        },
        responses: {
          type: "object",
          minProperties: 1,
          propertyNames: { pattern: "^([1-5](\\d\\d|XX)|default)$" },
          additionalProperties: {
            type: "object",
            required: ["description"],
            properties: { description: { type: "string" }, content: { $ref: "#/$defs/content" } },
          },
        },
        security: { type: "array", items: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } } },
      },
      patternProperties: { "^x-": true },
      additionalProperties: false,
    },
    content: {
      type: "object",
      propertyNames: { pattern: "^[a-z*]+/[a-z0-9.+*-]+$" },
      additionalProperties: { type: "object", properties: { schema: { type: ["object", "boolean"] } } },
    },
  },
};

let gw: TestGateway;
let doc: Document;

beforeAll(async () => {
  gw = await createTestGateway();
  const res = await gw.call("GET", "/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  doc = (await res.json()) as Document;
});

describe("GET /openapi.json", () => {
  it("is an OpenAPI 3.1.0 document of this environment, without authentication", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
  });

  it("documents every route Hono serves, and serves every route it documents", () => {
    const { undocumented, unserved } = compare(gw.app, doc);
    expect(undocumented, "routes served without an OpenAPI entry").toEqual([]);
    expect(unserved, "OpenAPI entries without a served route").toEqual([]);
    expect(servedOperations(gw.app).size).toBeGreaterThanOrEqual(allRoutes.length);
  });

  it("the document is the one built from the route list", () => {
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(allRoutes, gw.deps.config))));
  });

  it("fails when a route is served without an entry (a raw app.get added beside the route list)", () => {
    const app = createGatewayApp(gw.deps);
    app.get("/v1/sneaky/:id", (c) => c.json({}));
    app.on("DELETE", "/v1/employments", (c) => c.json({}));
    expect(compare(app, doc)).toEqual({ undocumented: ["DELETE /v1/employments", "GET /v1/sneaky/{id}"], unserved: [] });
  });

  it("fails when the document names a path or a method that is not served", () => {
    const firstPath = Object.keys(doc.paths)[0]!;
    const tampered: Document = {
      ...doc,
      paths: {
        ...doc.paths,
        "/v1/ghost/{ghost_id}": { get: { responses: { 200: { description: "x" } } } },
        [firstPath]: { ...doc.paths[firstPath], trace: { responses: { 200: { description: "x" } } } },
      },
    };
    expect(compare(gw.app, tampered)).toEqual({ undocumented: [], unserved: [`GET /v1/ghost/{ghost_id}`, `TRACE ${firstPath}`].sort() });
  });

  it("an app built with a route list documents exactly that list", async () => {
    const route = defineRoute({
      method: ["get", "delete"],
      path: "/v1/things/{thing_id}",
      operationId: "things_thing_id",
      summary: "Thing",
      tag: "Test",
      auth: { kind: "any" },
      responses: { 200: { description: "ok" } },
      handler: (c) => c.json({}),
    });
    const app = createGatewayApp(gw.deps, [route]);
    const small = (await (await app.request("/openapi.json")).json()) as Document;
    expect(compare(app, small)).toEqual({ undocumented: [], unserved: [] });
    expect([...documentedOperations(small)].sort()).toEqual(["DELETE /v1/things/{thing_id}", "GET /v1/things/{thing_id}"]);
  });
});

describe("document structure", () => {
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([m]) => HTTP_METHODS.includes(m))
        .map(([method, op]) => ({ path, method, op, name: `${method.toUpperCase()} ${path}` })),
    );

  it("validates against the OpenAPI 3.1 structure (subset schema, ajv)", () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const validate = ajv.compile(OPENAPI_31_SUBSET);
    const ok = validate(doc);
    expect(ok ? [] : validate.errors!.slice(0, 10).map((e) => `${e.instancePath} ${e.message}`)).toEqual([]);
  });

  it("the structural schema rejects broken documents (so the check above means something)", () => {
    const validate = new Ajv2020({ strict: false }).compile(OPENAPI_31_SUBSET);
    const broken: unknown[] = [
      { ...doc, openapi: "3.0.3" },
      { ...doc, paths: { "/v1/x": { get: { operationId: "x" } } } },
      {
        ...doc,
        paths: {
          "/v1/x/{id}": { get: { responses: { 200: { description: "ok" } }, parameters: [{ name: "id", in: "path", schema: {} }] } },
        },
      },
      { ...doc, paths: { "/v1/x": { get: { responses: { 200: {} } } } } },
      { ...doc, paths: { "/v1/x": { fetch: { responses: { 200: { description: "ok" } } } } } },
    ];
    for (const d of broken) expect(validate(d)).toBe(false);
  });

  it("every embedded schema is a valid JSON Schema 2020-12 (the OpenAPI 3.1 dialect)", () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const problems: string[] = [];
    for (const { name, op } of operations()) {
      const schemas: Array<[string, unknown]> = [
        ...(op.parameters ?? []).map((p) => [`parameter ${p.name}`, p.schema] as [string, unknown]),
        ...Object.entries(op.requestBody?.content ?? {}).map(([type, m]) => [`request ${type}`, m.schema] as [string, unknown]),
        ...Object.entries(op.responses ?? {}).flatMap(([status, r]) =>
          Object.entries(r.content ?? {})
            .filter(([, m]) => m.schema !== undefined)
            .map(([type, m]) => [`response ${status} ${type}`, m.schema] as [string, unknown]),
        ),
      ];
      for (const [where, schema] of schemas) {
        if (!ajv.validateSchema(schema as object)) problems.push(`${name} ${where}: ${ajv.errorsText(ajv.errors)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("operationIds are present and unique", () => {
    const ids = operations().map((o) => o.op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(duplicates).toEqual([]);
  });

  it("every operation has a summary, a tag, responses with a description, and a success (2xx or redirect 3xx) response", () => {
    for (const { name, op } of operations()) {
      expect(op.summary, name).toBeTruthy();
      expect(op.tags?.length, name).toBeGreaterThan(0);
      const statuses = Object.keys(op.responses ?? {});
      expect(
        statuses.some((s) => /^[23]/.test(s)),
        `${name} has a 2xx or 3xx response`,
      ).toBe(true);
      for (const [status, r] of Object.entries(op.responses ?? {})) expect(r.description, `${name} ${status}`).toBeTruthy();
    }
  });

  it("request bodies have a media type and a schema", () => {
    for (const { name, op } of operations()) {
      if (!op.requestBody) continue;
      const content = Object.entries(op.requestBody.content ?? {});
      expect(content.length, name).toBeGreaterThan(0);
      for (const [type, media] of content) expect(media.schema, `${name} ${type}`).toBeTypeOf("object");
    }
  });

  it("path parameters match the path template exactly, and are required strings", () => {
    for (const { path, name, op } of operations()) {
      const inTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((p) => p.in === "path");
      expect(declared.map((p) => p.name).sort(), name).toEqual(inTemplate);
      for (const p of declared) expect(p.required, `${name} ${p.name}`).toBe(true);
      const names = (op.parameters ?? []).map((p) => `${p.in}:${p.name}`);
      expect(new Set(names).size, `${name} has no duplicate parameters`).toBe(names.length);
    }
  });

  it("authenticated operations declare the bearer scheme, and declare 401 and 429", () => {
    const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, { type: string; scheme?: string }>;
    expect(schemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    const byPath = new Map(allRoutes.map((r) => [r.path, r]));
    for (const { path, name, op } of operations()) {
      const route = byPath.get(path);
      if (!route || route.auth.kind === "none") continue;
      expect(op.security, name).toEqual([{ bearer: [] }]);
      expect(Object.keys(op.responses ?? {}), name).toEqual(expect.arrayContaining(["401", "429"]));
    }
  });
});
