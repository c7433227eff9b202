import type { FieldErrors } from "./types";
import { isObject } from "./types";

// The API's 422 errors of a section ({errors: {"contract_details.field": [...]}}) mapped onto the
// form's fields, and errors in the shape RJSF displays (ErrorSchema).

/**
 * Field errors of one section with the section prefix stripped ("contract_details.work_address.city"
 * → "work_address.city"). Errors of the section as a whole ("contract_details") go to the form
 * key "". Errors of other parameters are kept under their own names, so nothing is lost.
 * Bank accounts sent as a list come back as "bank_account_details.0.field".
 */
export function mapServerErrors(fieldErrors: Record<string, string[]> | undefined | null, section?: string): FieldErrors {
  const out: FieldErrors = {};
  const add = (key: string, messages: readonly string[]) => {
    const list = (out[key] ??= []);
    for (const m of messages) if (!list.includes(m)) list.push(m);
  };
  for (const [key, raw] of Object.entries(fieldErrors ?? {})) {
    const messages = (Array.isArray(raw) ? raw : [raw]).map(String);
    let path = key;
    if (section && (key === section || key.startsWith(`${section}.`))) {
      path = key === section ? "" : key.slice(section.length + 1);
      if (section === "bank_account_details") path = path.replace(/^\d+(\.|$)/, "");
    }
    add(path, messages);
  }
  return out;
}

/** RJSF's error shape: `{field: {__errors: [...]}, __errors: [...]}` from dotted paths. */
export type ErrorTree = { __errors?: string[]; [key: string]: ErrorTree | string[] | undefined };

export function toErrorSchema(errors: FieldErrors | null | undefined): ErrorTree {
  const root: ErrorTree = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    if (!messages.length) continue;
    let node = root;
    for (const seg of path === "" ? [] : path.split(".")) {
      const child = node[seg];
      if (!isObject(child) || Array.isArray(child)) node[seg] = {};
      node = node[seg] as ErrorTree;
    }
    node.__errors = [...(node.__errors ?? []), ...messages.filter((m) => !(node.__errors ?? []).includes(m))];
  }
  return root;
}

/** Dotted paths → messages from an RJSF ErrorSchema. */
export function fromErrorSchema(tree: unknown, prefix: string[] = []): FieldErrors {
  const out: FieldErrors = {};
  if (!isObject(tree)) return out;
  for (const [k, v] of Object.entries(tree)) {
    if (k === "__errors" && Array.isArray(v)) {
      if (v.length) out[prefix.join(".")] = v.map(String);
    } else if (isObject(v)) Object.assign(out, fromErrorSchema(v, [...prefix, k]));
  }
  return out;
}

/** Both sets of errors, messages of a path merged without repeats. */
export function mergeFieldErrors(...sets: (FieldErrors | null | undefined)[]): FieldErrors {
  const out: FieldErrors = {};
  for (const set of sets) {
    for (const [k, list] of Object.entries(set ?? {})) {
      const into = (out[k] ??= []);
      for (const m of list) if (!into.includes(m)) into.push(m);
    }
  }
  return out;
}
