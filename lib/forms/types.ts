// Shared shapes of the form adapter. Browser-safe: no server imports anywhere in lib/forms.

/** A JSON Schema node of the x-jsf dialect (draft-07 with x-jsf-* keywords). */
export type JsonSchema = { [keyword: string]: unknown };

/** The values of a form (or of a nested fieldset). */
export type FormValues = Record<string, unknown>;

/** Errors keyed by dotted field path ("" is the form itself), as the API reports them. */
export type FieldErrors = Record<string, string[]>;

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export const asSchema = (v: unknown): JsonSchema | undefined => (isObject(v) ? v : undefined);

export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Structural equality of JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => jsonEqual(v, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return ak.length === bk.length && ak.every((k) => jsonEqual(ao[k], bo[k]));
}

/** A deep copy of JSON data (undefined members dropped). */
export function cloneJson<T>(v: T): T {
  if (Array.isArray(v)) return v.map(cloneJson) as T;
  if (isObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = cloneJson(x);
    return out as T;
  }
  return v;
}
