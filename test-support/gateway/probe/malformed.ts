import type { Prng } from "@/lib/gateway/seed/prng";

// Seeded malformed requests over every operation of the OpenAPI document: a documented path with
// its parameters filled with real, foreign or hostile values, the right method or another, a good,
// foreign, expired or absent token, and a body or query that is broken in one of many ways.

export interface DocOperation {
  path: string;
  method: string;
  properties: string[];
  queries: string[];
}

export interface GeneratedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface MalformedContext {
  operations: DocOperation[];
  /** Plausible values per path parameter name (own and foreign ids). */
  params: Record<string, string[]>;
  /** Tokens, good and bad; undefined sends none. */
  tokens: Array<string | undefined>;
}

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ name: string; in: string }>;
        requestBody?: {
          content?: Record<
            string,
            { schema?: { properties?: Record<string, unknown>; anyOf?: Array<{ properties?: Record<string, unknown> }> } }
          >;
        };
      }
    >
  >;
};

export function operationsOf(doc: Doc): DocOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => {
      const schema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
      const properties = [
        ...Object.keys(schema?.properties ?? {}),
        ...(schema?.anyOf ?? []).flatMap((s) => Object.keys(s.properties ?? {})),
      ];
      return {
        path,
        method: method.toUpperCase(),
        properties: [...new Set(properties)],
        queries: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
      };
    }),
  );
}

const HOSTILE_SEGMENTS = [
  "..",
  "%2e%2e",
  "%00",
  "abc%00def",
  "%ff%fe",
  "%E0%A4%A",
  "%",
  "00000000-0000-0000-0000-000000000000",
  "not-a-uuid",
  "-1",
  "9".repeat(40),
  "x".repeat(2000),
  "%F0%9F%98%80",
  "'%20OR%201=1--",
  "__proto__",
  "%ED%A0%80",
];

/** Values a JSON field should never be trusted with. */
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  -Number.MAX_SAFE_INTEGER - 2,
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfff",
  "😀".repeat(100),
  "x".repeat(70_000),
  "2026-02-30",
  "0000-00-00",
  "not-a-date",
  "00000000-0000-0000-0000-000000000000",
  "<script>alert(1)</script>",
  "'; DROP TABLE employments; --",
  [],
  [null],
  {},
  { __proto__: { admin: true } },
  { constructor: { prototype: { x: 1 } } },
  ["x".repeat(100)],
];

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "TRACE"];
const CONTENT_TYPES = [
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=utf-16",
  "application/vnd.api+json",
  "",
];

/** JSON.stringify that keeps lone surrogates as \u escapes (they survive to the server's JSON.parse). */
const json = (value: unknown) => JSON.stringify(value);

function body(prng: Prng, op: DocOperation): string | undefined {
  const kind = prng.int(0, 13);
  const field = op.properties.length > 0 ? prng.pick(op.properties) : "name";
  switch (kind) {
    case 0:
      return undefined;
    case 1:
      return prng.pick(["{", "[", "nul", "{]", '{"a":}', '{"a" 1}', "\u0000", "\ufeff{}", "{'a':1}", "1e99999", '"\\ud800"']);
    case 2: {
      const depth = prng.pick([33, 64, 1000, 50_000]);
      return `{"${field}":${"[".repeat(depth)}${"]".repeat(depth)}}`;
    }
    case 3:
      return json(prng.pick([[], "string", 42, null, true]));
    case 4:
      return `{"${field}":"x","${field}":"y"}`;
    case 5:
      return json({ [field]: prng.pick(HOSTILE_VALUES), unknown_property: 1 });
    case 6:
      return `{"${field}":"\\ud800"}`;
    case 7:
      return `{"${field}":"a\\u0000b"}`;
    case 8:
      return `{"\\udfff":1,"${field}":1}`;
    default: {
      // Near-valid: every documented field, one or two hostile.
      const value: Record<string, unknown> = {};
      for (const p of op.properties)
        value[p] = prng.chance(0.3) ? prng.pick(HOSTILE_VALUES) : prng.pick(["x", 1, true, "2026-01-01", "PRT"]);
      return json(value);
    }
  }
}

function fillPath(prng: Prng, template: string, params: Record<string, string[]>): string {
  return template.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const known = params[name];
    if (known && known.length > 0 && prng.chance(0.7)) return encodeURIComponent(prng.pick(known));
    return prng.pick(HOSTILE_SEGMENTS);
  });
}

function query(prng: Prng, op: DocOperation): string {
  if (!prng.chance(0.5)) return "";
  const names = [...op.queries, "page", "page_size", "__proto__", "status"];
  const parts: string[] = [];
  for (let i = prng.int(1, 3); i > 0; i--) {
    const value = prng.pick(["-1", "0", "1e9", "abc", "%00", "%ff", "x".repeat(500), "", "true", "%ED%A0%80", "[]", "2026-13-45"]);
    parts.push(`${encodeURIComponent(prng.pick(names))}=${value}`);
  }
  return `?${parts.join("&")}`;
}

export function generateRequest(prng: Prng, ctx: MalformedContext): GeneratedRequest {
  const op = prng.pick(ctx.operations);
  const method = prng.chance(0.85) ? op.method : prng.pick(METHODS);
  const headers: Record<string, string> = {};
  const token = prng.pick(ctx.tokens);
  if (token !== undefined)
    headers.authorization = prng.chance(0.95) ? `Bearer ${token}` : prng.pick(["Bearer", "Basic x", `bearer  ${token}`, "Bearer \u00e9"]);
  const b = ["GET", "HEAD", "OPTIONS", "TRACE"].includes(method) && prng.chance(0.8) ? undefined : body(prng, op);
  if (b !== undefined) {
    const type = prng.pick(CONTENT_TYPES);
    if (type) headers["content-type"] = type;
  }
  if (method === "POST" && prng.chance(0.3))
    headers["idempotency-key"] = prng.pick(["k-1", "k-2", "x".repeat(300), "with space", `probe-${prng.code(8)}`]);
  if (prng.chance(0.01)) headers["x-padding"] = "p".repeat(20_000);
  const path = prng.chance(0.01)
    ? `${fillPath(prng, op.path, ctx.params)}?q=${"a".repeat(20_000)}`
    : `${fillPath(prng, op.path, ctx.params)}${query(prng, op)}`;
  return { method, path, headers, body: b };
}
