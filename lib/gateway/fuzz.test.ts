import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import type { GatewayApp } from "./app";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeAccessToken, makeClient, makeDepartment, makeEmployment, makeTenant, makeUser } from "@/test-support/gateway/factories";

// Property-based robustness: thousands of generated malformed requests, in-process, against every path
// of the OpenAPI document. Half are chaos (any method, garbage paths, queries, headers, bodies and
// content types); half are near-valid (a documented operation, a working token, plausible ids and a
// schema-shaped body with one or two fields replaced by a hostile value), so validation, handlers and
// the database are reached. Property: never a 5xx, always a JSON body (an HTML page or a redirect only
// under /auth/oauth2/authorize), always an x-request-id.
// Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run lib/gateway/fuzz.test.ts
// (FUZZ_RUNS=<n> for longer hunts, FUZZ_EXCLUDE=<regexp of paths> to set a known failure aside).

const SEED = Number(process.env.FUZZ_SEED ?? 20260115);
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
/** Triage aid: a regular expression of document paths to leave out (e.g. FUZZ_EXCLUDE='^/auth/'). */
const EXCLUDE = process.env.FUZZ_EXCLUDE ? new RegExp(process.env.FUZZ_EXCLUDE) : null;
const MiB = 1024 * 1024;

type DocOperation = {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: Array<{ name: string; in: string; schema?: JsonSchema }>;
};
type Doc = { paths: Record<string, Record<string, DocOperation>> };
type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** Property names of a body schema, looking through anyOf/oneOf/allOf (optional bodies are an anyOf). */
function propertyNames(schema: JsonSchema | undefined): string[] {
  if (!schema || typeof schema !== "object") return [];
  return [
    ...Object.keys(schema.properties ?? {}),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(propertyNames),
  ];
}

interface Operation {
  path: string;
  method: string;
  contentType: string | undefined;
  body: JsonSchema | undefined;
  query: Array<{ name: string; schema: JsonSchema }>;
}

interface Fixture {
  sandbox: TestGateway;
  production: TestGateway;
  templates: Array<{ path: string; methods: string[]; fields: string[]; queries: string[] }>;
  operations: Operation[];
  ids: string[];
  /** Plausible values per path parameter name, tried before garbage. */
  paramValues: Record<string, string[]>;
  tokens: string[];
  /** Tokens that pass authentication and, for most routes, authorization. */
  goodTokens: string[];
  prodTokens: string[];
}
let f: Fixture;

beforeAll(async () => {
  const sandbox = await createTestGateway();
  const production = await createTestGateway({ environment: "production" });
  const db = sandbox.deps.db;
  const t = await makeTenant(db, "sandbox");
  const other = await makeTenant(db, "sandbox");
  const dept = await makeDepartment(db, t.company.id);
  const mine = await makeEmployment(db, t.company.id, { departmentId: dept.id });
  const contractor = await makeEmployment(db, t.company.id, { type: "contractor" });
  const foreign = await makeEmployment(db, other.company.id);
  // Users that requests may delete or demote: never the holders of the tokens the fuzzer relies on.
  const victims = [await makeUser(db, t.company.id, { role: "people_manager" }), await makeUser(db, t.company.id, { role: "admin" })];
  const client = await makeClient(db);
  const { token: grant } = await makeAccessToken(db, { clientId: client.id, user: t.admin });
  const { token: clientOnly } = await makeAccessToken(db, { clientId: client.id });
  const { token: expired } = await makeAccessToken(db, {
    clientId: client.id,
    user: t.owner,
    expiresAt: new Date(sandbox.clock.now().getTime() - 1),
  });
  const p = await makeTenant(production.deps.db, "production");
  const prodEmployment = await makeEmployment(production.deps.db, p.company.id);

  const doc = (await (await sandbox.call("GET", "/openapi.json")).json()) as Doc;
  const paths = Object.entries(doc.paths).filter(([path]) => !EXCLUDE?.test(path));
  const templates = paths.map(([path, item]) => ({
    path,
    methods: Object.keys(item).map((m) => m.toUpperCase()),
    fields: [
      ...new Set(Object.values(item).flatMap((op) => Object.values(op.requestBody?.content ?? {}).flatMap((m) => propertyNames(m.schema)))),
    ],
    queries: [...new Set(Object.values(item).flatMap((op) => (op.parameters ?? []).filter((q) => q.in === "query").map((q) => q.name)))],
  }));
  expect(templates.length).toBeGreaterThan(0);
  const operations: Operation[] = paths.flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => {
      const [contentType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      return {
        path,
        method: method.toUpperCase(),
        contentType,
        body: media?.schema,
        query: (op.parameters ?? []).filter((q) => q.in === "query").map((q) => ({ name: q.name, schema: q.schema ?? {} })),
      };
    }),
  );
  f = {
    sandbox,
    production,
    templates,
    operations,
    paramValues: {
      employment_id: [mine.id, contractor.id, foreign.id],
      user_id: [...victims.map((v) => v.id), t.onboardingManager.id, other.owner.id],
      company_id: [t.company.id, other.company.id],
      department_id: [dept.id],
      country_code: ["PRT", "DEU", "USA", "GBR", "pt", "XXX"],
      country: ["PRT", "DEU", "USA"],
      form: ["employment_basic_information", "address_details", "contract_details", "personal_details", "bogus_form"],
    },
    goodTokens: [t.tokens.admin, t.tokens.owner, t.tokens.peopleManager, grant, clientOnly],
    ids: [
      mine.id,
      contractor.id,
      foreign.id,
      dept.id,
      t.company.id,
      other.company.id,
      ...victims.map((v) => v.id),
      other.owner.id,
      prodEmployment.id,
      client.id,
    ],
    tokens: [
      t.tokens.admin,
      t.tokens.owner,
      t.tokens.peopleManager,
      t.tokens.onboardingManager,
      other.tokens.admin,
      grant,
      clientOnly,
      expired,
      p.tokens.admin,
    ],
    prodTokens: [p.tokens.admin, p.tokens.owner, t.tokens.admin],
  };
}, 120_000);

// ---- generators -------------------------------------------------------------------------------

const unicode = fc.string({ unit: "grapheme", maxLength: 20 });
const printable = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 });
const latin1 = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 60 });
/** encodeURIComponent that does not throw on lone surrogates (they become U+FFFD, as a browser would send). */
const encode = (s: string) =>
  encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"));
const long = (min: number, max: number) => fc.integer({ min, max }).map((n) => "x".repeat(n));

const oddSegment = fc.constantFrom(
  "..",
  ".",
  "%00",
  "%2e%2e",
  "%2F",
  "%252F",
  "%E0%A4%A",
  "%",
  "%zz",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "00000000-0000-0000-0000-000000000000",
  "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
  "'; DROP TABLE employments; --",
  "<script>alert(1)</script>",
  "${jndi:ldap://x}",
  "__proto__",
  "constructor",
  "\u0000",
  "\uFEFF",
  "😀",
  "ＰＲＴ",
  "PRT",
  "DEU",
  "pt",
  "employment_basic_information",
  "a/b",
  "a?b=c",
  "a#b",
  " ",
);

const pathParam = (ids: string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...ids), weight: 4 },
    { arbitrary: fc.uuid(), weight: 2 },
    { arbitrary: oddSegment, weight: 3 },
    { arbitrary: unicode, weight: 2 },
    { arbitrary: printable, weight: 2 },
    { arbitrary: long(200, 10_000), weight: 1 },
  );

/** Strings that break naive code: NUL (PostgreSQL text cannot hold it), lone surrogates, bidi overrides, sizes. */
const nastyString = fc.constantFrom(
  "a\u0000b",
  "\u0000",
  "\ud800",
  "x\udfffy",
  "\u202eevil",
  "\uFEFF",
  "😀".repeat(50),
  "e\u0301".repeat(30),
  "x".repeat(65),
  "x".repeat(10_000),
  "%00",
  "../..",
  "<script>alert(1)</script>",
  "'; DROP TABLE employments; --",
  "__proto__",
  "constructor",
  "1e309",
  "-0",
);

const queryValue = fc.oneof(
  fc.constantFrom(
    "-1",
    "0",
    "1",
    "2",
    "100",
    "101",
    "1000",
    "abc",
    "1.5",
    "1e3",
    "0x10",
    "",
    " ",
    "99999999999999999999",
    "NaN",
    "Infinity",
    "true",
  ),
  fc.constantFrom("active", "created,active", "bogus", "active,bogus", ",,,", "invited, pending", "latest", "1"),
  fc.constantFrom("%00", "%", "%zz", "a@b.c", "worker1@example.test", "😀", "'", "\\", "[]", "{}"),
  nastyString,
  fc.uuid(),
  unicode,
  long(100, 5000),
);

const queryString = (known: string[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          {
            arbitrary: fc.constantFrom(
              ...(known.length ? known : ["page"]),
              "page",
              "page_size",
              "status",
              "email",
              "company_id",
              "json_schema_version",
            ),
            weight: 4,
          },
          { arbitrary: fc.constantFrom("page[]", "__proto__", "constructor", "", "a=b", "%00", "😀"), weight: 1 },
          { arbitrary: printable, weight: 1 },
        ),
        queryValue,
        fc.boolean(), // encode or paste raw
      ),
      { maxLength: 6 },
    )
    .map((pairs) =>
      pairs.length === 0
        ? ""
        : "?" + pairs.map(([k, v, encoded]) => (encoded ? `${encode(k)}=${encode(v)}` : `${k}=${v}`.replace(/#/g, "%23"))).join("&"),
    );

/** A JSON value of the wrong (or any) type for a known field. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -0, "", " ", "not-an-email", "2026-02-30", "9999-99-99", "active", "PRT"),
  fc.constantFrom([], [null], {}, { id: null }, { id: "x" }, { __proto__: null }),
  nastyString,
  nastyString.map((v) => ({ id: v, name: v })),
  fc.integer(),
  fc.double(),
  unicode,
  fc.uuid(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Values of the right shape for some field, so that some bodies pass the schema and reach the handlers. */
const plausibleValue = (ids: string[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(...ids),
    fc.constantFrom("PRT", "DEU", "employee", "contractor", "eor", "admin", "people_manager", "owner", "active", "HR-1", "Engineering"),
    fc.constantFrom("new@work.example", "a@b.co", "2026-03-01", "1999-01-01", null),
    fc.record(
      {
        name: fc.constantFrom("Ada Lovelace", "", "😀"),
        email: fc.constantFrom("ada@example.test", "bad"),
        job_title: fc.constantFrom("Engineer", ""),
        provisional_start_date: fc.constantFrom("2026-03-01", "2026-13-01"),
        has_seniority_date: fc.constantFrom("no", "yes"),
        department: fc.constantFrom(...ids).map((id) => ({ id })),
        manager: fc.constantFrom(...ids).map((id) => ({ id })),
      },
      { requiredKeys: [] },
    ),
  );

const objectBody = (fields: string[]) =>
  fc
    .tuple(
      fc.dictionary(fc.constantFrom(...(fields.length ? fields : ["name"])), fc.oneof(wrongValue, plausibleValue(f.ids)), { maxKeys: 6 }),
      fc.oneof(
        { arbitrary: fc.constant(null), weight: 3 },
        {
          arbitrary: fc.dictionary(
            fc.oneof(printable, unicode, fc.constantFrom("id", "company_id", "status", "role", "type")),
            wrongValue,
            { maxKeys: 2 },
          ),
          weight: 1,
        },
      ),
      fc.constantFrom(
        "",
        "",
        "",
        '"__proto__":{"polluted":true}',
        '"constructor":{"prototype":{"polluted":true}}',
        '"__proto__":null',
        '"prototype":1',
      ),
    )
    .map(([known, extra, proto]) => {
      // Unknown keys first or not at all; prototype keys spliced into the JSON text (JSON.stringify drops them).
      const json = JSON.stringify({ ...(extra ?? {}), ...known });
      return proto ? `{${proto}${json === "{}" ? "" : ","}${json.slice(1)}` : json;
    });

const nested = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.constantFrom("[", '{"a":', '{"basic_information":{"a":', '{"department_id":['))
  .map(([depth, open]) => {
    const close = open.startsWith("[") || open.endsWith("[") ? "]" : "}";
    const closeAll =
      open === '{"basic_information":{"a":'
        ? "}".repeat(depth + 1)
        : open === '{"department_id":['
          ? "]".repeat(depth) + "}"
          : close.repeat(depth);
    return open.repeat(depth) + "1" + closeAll;
  });

const body = (fields: string[]) =>
  fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 2 },
    { arbitrary: objectBody(fields), weight: 8 },
    {
      arbitrary: fc.constantFrom(
        "{",
        "{not json",
        '{"a":1,}',
        "[1,2",
        "'x'",
        "undefined",
        "NaN",
        "\u0000",
        "\uFEFF{}",
        '{"a":"\\ud800"}',
        "{}{}",
        "  ",
      ),
      weight: 2,
    },
    { arbitrary: fc.constantFrom("null", "[]", "0", "true", '"string"', "[{}]", "{}", '{"":""}'), weight: 2 },
    { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)), weight: 2 },
    { arbitrary: nested, weight: 1 },
    { arbitrary: long(1000, 300_000).map((s) => JSON.stringify({ [fields[0] ?? "name"]: s })), weight: 1 },
    { arbitrary: fc.constant("x".repeat(MiB + 1)), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        "grant_type=client_credentials",
        "grant_type=authorization_code&code=x&redirect_uri=%zz",
        "a=1&a=2&__proto__=x",
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      ),
      weight: 1,
    },
    { arbitrary: latin1, weight: 1 },
  );

const contentType = fc.constantFrom(
  undefined,
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16le",
  "application/merge-patch+json",
  "text/plain",
  "text/html",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "application/octet-stream",
  "*/*",
  "",
  "garbage",
  "application/json, text/plain",
  "application/json;;;",
);

const authorization = (tokens: string[]) =>
  fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 2 },
    { arbitrary: fc.constantFrom(...tokens).map((tk) => `Bearer ${tk}`), weight: 24 },
    { arbitrary: fc.constantFrom(...tokens).map((tk) => `bearer ${tk}`), weight: 1 },
    { arbitrary: fc.constantFrom(...tokens).map((tk) => `Token ${tk}`), weight: 1 },
    { arbitrary: fc.constantFrom(...tokens).map((tk) => `Bearer ${tk.slice(0, -2)}`), weight: 1 },
    { arbitrary: printable.map((s) => `Bearer ra_test_${s}`), weight: 1 },
    { arbitrary: latin1.map((s) => `Bearer ${s}`), weight: 1 },
    {
      arbitrary: fc.constantFrom("Bearer", "Bearer ", "Basic Zm9vOmJhcg==", "Basic %%%", "Bearer ra_live_x", `Bearer ${"a".repeat(600)}`),
      weight: 1,
    },
  );

const method = fc.oneof(
  { arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"), weight: 3 },
  { arbitrary: fc.constantFrom("HEAD", "OPTIONS", "PROPFIND", "PURGE", "LINK", "M-SEARCH", "QUERY", "patch", "get", "FOO"), weight: 1 },
);

interface Case {
  production: boolean;
  method: string;
  path: string;
  query: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string | undefined;
}

/** A value that satisfies the schema as far as a generator can guess (ids from the fixture, sane formats). */
function validValue(schema: JsonSchema | undefined, name: string, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant({});
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].filter((b) => b.type !== "null" && !("not" in b));
  if (branches.length > 0) return fc.oneof(...branches.map((b) => validValue(b, name, depth + 1)));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], name, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string":
      if (schema.format === "email" || /email/.test(name)) return fc.constantFrom("new@work.example", "ada@example.test");
      if (schema.format === "uuid" || /(^|_)id$/.test(name)) return fc.constantFrom(...(f.paramValues[name] ?? []), ...f.ids);
      if (schema.format === "date" || /date/.test(name)) return fc.constantFrom("2026-03-01", "2026-12-31");
      if (/country/.test(name)) return fc.constantFrom("PRT", "DEU", "USA");
      return fc.constantFrom("Engineering", "HR-1", "Ada Lovelace", "admin", "employee");
    case "integer":
    case "number":
      return fc.constantFrom(1, 2, 20);
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(validValue(schema.items, name, depth + 1), { maxLength: 2 });
    case "object": {
      const props = Object.entries(schema.properties ?? {});
      if (props.length === 0) return fc.constant({});
      return fc.record(Object.fromEntries(props.map(([k, v]) => [k, validValue(v, k, depth + 1)])), {
        requiredKeys: (schema.required ?? []).filter((k) => k in (schema.properties ?? {})),
      });
    }
    default:
      return fc.constant("x");
  }
}

/** Near-valid requests: a real operation, a working token, plausible ids, a schema-shaped body with a
 * field or two replaced by a wrong value. These reach the handlers and the database. */
function nearValidCase(): fc.Arbitrary<Case> {
  return fc.constantFrom(...f.operations).chain((op) => {
    const params = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const paramArbs = params.map((name) =>
      fc.oneof({ arbitrary: fc.constantFrom(...(f.paramValues[name] ?? f.ids)), weight: 6 }, { arbitrary: oddSegment, weight: 1 }),
    );
    const bodyKeys = propertyNames(op.body);
    const mutation = fc.oneof({ arbitrary: nastyString, weight: 3 }, { arbitrary: wrongValue, weight: 2 });
    const bodyArb = fc
      .tuple(
        validValue(op.body, "body"),
        fc.array(fc.tuple(fc.constantFrom(...(bodyKeys.length ? bodyKeys : ["x"])), mutation), { maxLength: 2 }),
      )
      .map(([valid, mutations]) => {
        const obj = valid !== null && typeof valid === "object" && !Array.isArray(valid) ? { ...(valid as Record<string, unknown>) } : {};
        for (const [k, v] of mutations) obj[k] = v;
        if (op.contentType === "application/x-www-form-urlencoded") {
          return new URLSearchParams(Object.entries(obj).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)])).toString();
        }
        return JSON.stringify(obj);
      });
    const queryArb = fc
      .tuple(
        ...op.query.map((q) =>
          fc.option(fc.oneof({ arbitrary: validValue(q.schema, q.name).map(String), weight: 2 }, { arbitrary: queryValue, weight: 1 })),
        ),
      )
      .map((values) => {
        const search = new URLSearchParams();
        values.forEach((v, i) => v !== null && search.append(op.query[i]!.name, v.replace(/[\ud800-\udfff]/g, "\ufffd")));
        const text = search.toString();
        return text ? `?${text}` : "";
      });
    return fc.record({
      production: fc.constant(false),
      method: fc.constant(op.method),
      path: fc.tuple(...paramArbs).map((values) => {
        let i = 0;
        return op.path.replace(/\{[^}]+\}/g, () => encode(values[i++]!));
      }),
      query: op.query.length > 0 ? queryArb : fc.constant(""),
      authorization: fc.constantFrom(...f.goodTokens).map((tk) => `Bearer ${tk}`),
      contentType: fc.constant(op.body ? (op.contentType ?? "application/json") : undefined),
      body: op.body ? bodyArb : fc.constant(undefined),
    });
  });
}

function requestCase(): fc.Arbitrary<Case> {
  return fc.oneof({ arbitrary: chaosCase(), weight: 1 }, { arbitrary: nearValidCase(), weight: 1 });
}

/** Chaos: any path of the document (or none), any method, garbage anywhere. */
function chaosCase(): fc.Arbitrary<Case> {
  const templateIndex = fc.nat({ max: f.templates.length - 1 });
  return fc
    .record({
      production: fc.integer({ min: 0, max: 9 }).map((n) => n === 0), // one request in ten on the production gateway
      templateIndex,
      useDocMethod: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
      method,
      params: fc.array(pathParam(f.ids), { minLength: 3, maxLength: 3 }),
      encodeParams: fc.boolean(),
      suffix: fc.oneof(
        { arbitrary: fc.constant(""), weight: 6 },
        { arbitrary: fc.constantFrom("/", "//", "/x", "/..", "/%00", ".json", "?"), weight: 1 },
      ),
      rawPath: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 12 },
        {
          arbitrary: fc.constantFrom(
            "/",
            "//",
            "/v1",
            "/v2",
            "/%00",
            "/..%2f..%2fetc/passwd",
            "/v1//employments",
            "/V1/EMPLOYMENTS",
            "/auth/oauth2/authorize",
            "/openapi.json",
          ),
          weight: 1,
        },
      ),
      auth: authorization(f.tokens),
      prodAuth: authorization(f.prodTokens),
      contentType,
    })
    .chain((r) => {
      const tpl = f.templates[r.templateIndex]!;
      let i = 0;
      const filled = tpl.path.replace(/\{[^}]+\}/g, () => {
        const v = r.params[i++ % r.params.length]!;
        return r.encodeParams ? encode(v) : v;
      });
      return fc.record({
        production: fc.constant(r.production),
        method: r.useDocMethod ? fc.constantFrom(...tpl.methods) : fc.constant(r.method),
        path: fc.constant(r.rawPath ?? filled + r.suffix),
        query: queryString(tpl.queries),
        authorization: fc.constant(r.production ? r.prodAuth : r.auth),
        contentType: fc.constant(r.contentType),
        body: body(tpl.fields),
      });
    });
}

// ---- property -----------------------------------------------------------------------------------

function toRequest(c: Case): Request | null {
  const headers = new Headers();
  try {
    if (c.authorization !== undefined) headers.set("authorization", c.authorization);
    if (c.contentType !== undefined) headers.set("content-type", c.contentType);
    const url = new URL(c.path.startsWith("/") ? c.path : `/${c.path}`, "http://127.0.0.1");
    url.search = c.query;
    const canHaveBody = !["GET", "HEAD"].includes(c.method.toUpperCase());
    return new Request(url, { method: c.method, headers, body: canHaveBody ? c.body : undefined });
  } catch {
    return null; // not expressible as an HTTP request (e.g. a header value no client can send)
  }
}

const stats = new Map<number, number>();

async function check(app: GatewayApp, c: Case): Promise<void> {
  const request = toRequest(c);
  fc.pre(request !== null);
  const pathname = new URL(request!.url).pathname;
  const res = await app.request(request!);
  stats.set(res.status, (stats.get(res.status) ?? 0) + 1);
  const where = `${c.method} ${pathname}${c.query ? " (query)" : ""} → ${res.status}`;
  if (res.status >= 500) throw new Error(`${where}: server error ${await res.text()}`);
  if (!res.headers.get("x-request-id")) throw new Error(`${where}: no x-request-id`);
  const type = res.headers.get("content-type") ?? "";
  const text = await res.text();
  const authorizePage = pathname.startsWith("/auth/oauth2/authorize");
  if (authorizePage && (/^text\/html/.test(type) || (res.status >= 300 && res.status < 400 && res.headers.get("location")))) return;
  if (!/^application\/json/.test(type)) throw new Error(`${where}: content-type ${JSON.stringify(type)}`);
  if (c.method.toUpperCase() === "HEAD") return;
  try {
    JSON.parse(text);
  } catch {
    throw new Error(`${where}: body is not JSON: ${text.slice(0, 200)}`);
  }
}

describe("fuzz: malformed requests never break the API", () => {
  it(`${NUM_RUNS} generated requests (seed ${SEED}): never a 5xx, always JSON and an x-request-id`, async () => {
    const started = Date.now();
    try {
      await fc.assert(
        fc.asyncProperty(requestCase(), (c) => check(c.production ? f.production.app : f.sandbox.app, c)),
        { seed: SEED, numRuns: NUM_RUNS, maxSkipsPerRun: 1, endOnFailure: false },
      );
    } catch (error) {
      console.error(`fuzz failed — reproduce with FUZZ_SEED=${SEED} FUZZ_RUNS=${NUM_RUNS} npx vitest run lib/gateway/fuzz.test.ts`);
      throw error;
    }
    const seconds = (Date.now() - started) / 1000;
    const distribution = [...stats.entries()].sort(([a], [b]) => a - b);
    console.info(`fuzz: ${NUM_RUNS} runs in ${seconds.toFixed(1)} s, statuses ${JSON.stringify(Object.fromEntries(distribution))}`);
    // The generator reaches past authentication into validation and the handlers.
    if (NUM_RUNS >= 1000) {
      for (const status of [200, 400, 401, 403, 404, 405, 413, 415, 422])
        expect(stats.get(status) ?? 0, `status ${status} reached`).toBeGreaterThan(0);
    }
  }, 180_000);
});
