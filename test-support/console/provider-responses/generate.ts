import { createHash } from "node:crypto";

// A small, deterministic instance generator over the JSON Schemas of the provider's types.gen.ts
// (draft-07 as ts-json-schema-generator writes them: type, properties, required,
// additionalProperties, anyOf, enum, const, items, format, $ref to #/definitions). It writes
// schema-valid bodies that look like the provider's: dates where a field holds a date, ids that
// are UUIDs, emails, currency and country codes. Only what the schema allows is ever produced
// (generate.test.ts validates every instance with ajv); names only steer the choice inside it.
//
// Variants:
// - "minimal": required properties only; a nullable value is null, an optional one is absent;
// - "sparse": as minimal, but optional properties that hold an object or an array (envelopes such as
//   `data`, nested resources, lists) are present: the absent and null scalars inside them show even
//   where a consumer insists on the envelope;
// - "full": every property, non-null where a non-null value is allowed, arrays of ARRAY_ITEMS items.
// `offset` rotates every enum and every union: the n-th occurrence of an enum (or of a union) in one
// instance takes value (offset + n) mod its length, so offsets 0..K-1 cover every value of every
// enum of at most K values, at every place where it occurs.

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
};

export type VariantMode = "minimal" | "sparse" | "full";

export const VARIANT_MODES: readonly VariantMode[] = ["minimal", "sparse", "full"];

export interface Variant {
  mode: VariantMode;
  offset: number;
}

export const variantName = (v: Variant) => `${v.mode}#${v.offset}`;

export interface GenerateOptions {
  definitions: Record<string, unknown>;
  variant: Variant;
  /** The id the first `id` property (breadth-first) takes: a show endpoint answers for the id it was asked. */
  primaryId?: string;
  /** Seed of the generated ids and strings (e.g. the operation and the path), so answers are stable. */
  seed?: string;
}

export const ARRAY_ITEMS = 3;
const MAX_DEPTH = 12;

const DATE = "2026-03-16";
const DATE_TIME = "2026-03-16T09:30:00Z";

interface Ctx {
  defs: Record<string, unknown>;
  variant: Variant;
  seed: string;
  /** Occurrences per enum/union location in this instance (the rotation's n). */
  counters: Map<string, number>;
  ids: number;
}

function uuid(seed: string, n: number): string {
  const h = createHash("sha256").update(`${seed}:${n}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function rotate(ctx: Ctx, location: string, length: number): number {
  const n = ctx.counters.get(location) ?? 0;
  ctx.counters.set(location, n + 1);
  return (ctx.variant.offset + n) % length;
}

function resolveRef(ctx: Ctx, ref: string): { schema: JsonSchema; name: string } {
  const m = /^#\/definitions\/(.+)$/.exec(ref);
  if (!m) throw new Error(`unsupported $ref ${ref}`);
  const name = decodeURIComponent(m[1]!);
  const schema = ctx.defs[name] as JsonSchema | undefined;
  if (!schema) throw new Error(`unknown definition ${name}`);
  return { schema, name };
}

const typesOf = (s: JsonSchema): string[] => (s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]);

/** A string for a field, by its name and its type's name (both only hints; any string is valid). */
function stringFor(ctx: Ctx, hint: Hint, format: string | undefined): string {
  const name = hint.prop.toLowerCase();
  const type = hint.typeName?.toLowerCase() ?? "";
  if (format === "date-time" || /datetime|iso8601/.test(type) || /(_at|^at|timestamp)$/.test(name)) return DATE_TIME;
  if (format === "date" || type.endsWith("date") || /(^|_)(date|on|day|birthday|dob)$/.test(name) || name.endsWith("_date")) return DATE;
  if (format === "email" || name.includes("email")) return `person${++ctx.ids}@example.com`;
  if (format === "uuid" || name === "id" || name.endsWith("_id") || /uuidslug|^.*id$/.test(type)) return uuid(ctx.seed, ++ctx.ids);
  if (name === "short_id") return `SID${++ctx.ids}`;
  if (format === "uri" || name === "url" || name.endsWith("_url") || type === "url") return `https://files.example.com/${++ctx.ids}`;
  if (name === "alpha_2_code") return "PT";
  if (name === "country_code" || (name === "code" && hint.parentName?.toLowerCase().includes("country"))) return "PRT";
  if (name.includes("currency") || type.includes("currencycode") || (name === "code" && hint.parentName?.toLowerCase().includes("currenc")))
    return "EUR";
  if (name === "timezone" || type === "timezone") return "Europe/Lisbon";
  if (name === "token_type") return "Bearer";
  if (type === "decimal" || name.endsWith("amount")) return "1250.50";
  if (name === "slug" || type === "slug") return `slug-${++ctx.ids}`;
  if (name === "name" || name.endsWith("_name") || name === "title") return `${hint.parentName ?? "Item"} ${++ctx.ids}`;
  return `${hint.prop || "value"} ${++ctx.ids}`;
}

function numberFor(hint: Hint, integer: boolean): number {
  const name = hint.prop.toLowerCase();
  if (name === "expires_in") return 3600;
  if (name === "current_page" || name === "page" || name === "total_pages") return 1;
  if (name === "total_count" || name === "count") return ARRAY_ITEMS;
  if (name.includes("year")) return 2026;
  if (name.includes("minutes")) return 480;
  if (name.includes("hours")) return integer ? 8 : 7.5;
  // Amounts are in cents and counts are whole: a `number` is integral unless its name says otherwise.
  if (!integer && /(percent|rate|ratio|factor)/.test(name)) return 12.5;
  return integer ? 2 : 1250;
}

interface Hint {
  prop: string;
  /** Name of the definition this value's schema came from, if any. */
  typeName?: string;
  /** Name of the definition of the object holding this property. */
  parentName?: string;
}

function gen(ctx: Ctx, schema: JsonSchema, location: string, hint: Hint, depth: number): unknown {
  if (depth > 200) throw new Error(`schema recursion without a way out at ${location}`);
  // Recursive types (trees): past MAX_DEPTH every value is minimal (null, absent, no items), which
  // ends every recursion the provider's schemas have.
  const minimal = ctx.variant.mode !== "full" || depth > MAX_DEPTH;
  const sparse = ctx.variant.mode === "sparse" && depth <= MAX_DEPTH;
  if (schema.$ref) {
    const { schema: target, name } = resolveRef(ctx, schema.$ref);
    return gen(ctx, target, name, { ...hint, typeName: name }, depth + 1);
  }
  if ("const" in schema) return schema.const;
  if (schema.enum) {
    const values = minimal && schema.enum.includes(null) ? [null] : schema.enum.filter((v) => v !== null);
    const pool = values.length ? values : schema.enum;
    return pool[rotate(ctx, `${location}|enum`, pool.length)];
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const isNull = (s: JsonSchema) => s.type === "null";
    if (minimal && union.some(isNull)) return null;
    const branches = union.filter((s) => !isNull(s));
    // oneOf needs exactly one branch to match: the generated value of a branch could match another
    // one too; the provider's schemas have none (only anyOf), and the unit test would catch it.
    const pick = branches[rotate(ctx, `${location}|anyOf`, branches.length)]!;
    return gen(ctx, pick, `${location}|anyOf`, hint, depth + 1);
  }
  if (schema.allOf) {
    // Merge object branches (none in the provider's schemas today; kept simple).
    const merged: Record<string, unknown> = {};
    for (const part of schema.allOf) Object.assign(merged, gen(ctx, part, location, hint, depth + 1));
    return merged;
  }
  const types = typesOf(schema);
  if (types.length === 0) {
    // `{}` (unknown): the provider may send anything; an empty object is the least surprising.
    return minimal ? null : {};
  }
  if (types.includes("null") && (minimal || types.length === 1)) return null;
  const type = types.find((t) => t !== "null")!;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [prop, sub] of Object.entries(schema.properties ?? {})) {
        if (minimal && !required.has(prop) && !(sparse && isStructural(ctx, sub))) continue;
        out[prop] = gen(ctx, sub, `${location}/${prop}`, { prop, parentName: hint.typeName ?? hint.parentName }, depth + 1);
      }
      return out;
    }
    case "array": {
      if (Array.isArray(schema.items)) return schema.items.map((s, i) => gen(ctx, s, `${location}/${i}`, hint, depth + 1));
      if (!schema.items) return [];
      const n = depth > MAX_DEPTH ? 0 : minimal ? 1 : ARRAY_ITEMS;
      return Array.from({ length: n }, () => gen(ctx, schema.items as JsonSchema, `${location}/*`, hint, depth + 1));
    }
    case "string":
      return stringFor(ctx, hint, schema.format);
    case "integer":
      return numberFor(hint, true);
    case "number":
      return numberFor(hint, false);
    case "boolean":
      return !minimal ? (ctx.variant.offset + depth) % 2 === 0 : false;
    default:
      throw new Error(`unsupported type ${type} at ${location}`);
  }
}

/** Whether a property holds an object or an array (never null): sparse variants keep it. */
function isStructural(ctx: Ctx, schema: JsonSchema): boolean {
  let s = schema;
  for (let i = 0; s.$ref && i < 20; i++) s = resolveRef(ctx, s.$ref).schema;
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.every((branch) => branch.type !== "null" && isStructural(ctx, branch));
  const types = typesOf(s);
  return !types.includes("null") && (types.includes("object") || types.includes("array"));
}

/** Sets the first `id` (breadth-first) of a body: the resource a show endpoint was asked for. */
function setPrimaryId(body: unknown, id: string): void {
  const queue: unknown[] = [body];
  while (queue.length) {
    const node = queue.shift();
    if (!node || typeof node !== "object") continue;
    if (!Array.isArray(node) && typeof (node as Record<string, unknown>).id === "string") {
      (node as Record<string, unknown>).id = id;
      return;
    }
    queue.push(...(Array.isArray(node) ? node : Object.values(node)));
  }
}

/** A schema-valid instance of `schema` for the variant. */
export function generateInstance(schema: JsonSchema, options: GenerateOptions): unknown {
  const ctx: Ctx = { defs: options.definitions, variant: options.variant, seed: options.seed ?? "", counters: new Map(), ids: 0 };
  const value = gen(ctx, schema, "#", { prop: "" }, 0);
  if (options.primaryId !== undefined) setPrimaryId(value, options.primaryId);
  return value;
}

/** The longest enum or union reachable from `schema`: how many offsets cover every value of it. */
export function rotationLength(schema: JsonSchema, definitions: Record<string, unknown>): number {
  const seen = new Set<string>();
  let longest = 1;
  const walk = (s: JsonSchema | undefined): void => {
    if (!s || typeof s !== "object") return;
    if (s.$ref) {
      if (seen.has(s.$ref)) return;
      seen.add(s.$ref);
      walk(definitions[decodeURIComponent(s.$ref.replace("#/definitions/", ""))] as JsonSchema);
      return;
    }
    if (s.enum) longest = Math.max(longest, s.enum.filter((v) => v !== null).length);
    const union = s.anyOf ?? s.oneOf;
    if (union) {
      longest = Math.max(longest, union.filter((b) => b.type !== "null").length);
      union.forEach(walk);
    }
    s.allOf?.forEach(walk);
    Object.values(s.properties ?? {}).forEach(walk);
    if (Array.isArray(s.items)) s.items.forEach(walk);
    else walk(s.items);
    if (typeof s.additionalProperties === "object") walk(s.additionalProperties);
  };
  walk(schema);
  return longest;
}
