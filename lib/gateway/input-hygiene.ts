// The one check every string the API accepts goes through (docs/decisions/api-input-hygiene.md):
// body keys and values, query parameters and path parameters. PostgreSQL text and jsonb can store
// neither U+0000 nor an unpaired UTF-16 surrogate (JSON.parse turns a "\ud800" escape into one),
// and a string that cannot be stored must not be stored elsewhere as something else. Refused with
// 422 on the field, before any schema or handler sees the value.
//
// And the bound on parsing: JSON nested deeper than MAX_JSON_DEPTH is refused by a linear scan of
// the text before JSON.parse runs (JSON.parse and every recursive walk after it cost CPU and stack
// per level; the API's own bodies nest a handful of levels).

/** Deepest nesting of arrays and objects a JSON body may have (the body object itself is level 1). */
export const MAX_JSON_DEPTH = 32;

export const NUL_MESSAGE = "must not contain the NUL character";
export const SURROGATE_MESSAGE = "must be well-formed Unicode (an unpaired surrogate is not a character)";

/** A lone surrogate: in a `u` regular expression a paired one is one code point, outside the Cs category. */
const LONE_SURROGATE = /\p{Cs}/u;
/** String.prototype.toWellFormed (ES2024): lone surrogates become U+FFFD. */
export const toWellFormed = (s: string) => s.replace(/\p{Cs}/gu, "\uFFFD");

/** Why a string cannot be accepted, or null. */
export function stringProblem(s: string): string | null {
  if (s.includes("\u0000")) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(s)) return SURROGATE_MESSAGE;
  return null;
}

/**
 * The first string or key of a parsed value that cannot be accepted: its path ("" for the value
 * itself, "a.b.0" for nested ones, keys as written, made well-formed) and why; null when all are
 * fine. Iterative: a deep value must not exhaust the stack.
 */
export function findIllFormedString(value: unknown): { path: string; message: string } | null {
  const stack: Array<[unknown, string]> = [[value, ""]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === "string") {
      const problem = stringProblem(v);
      if (problem) return { path, message: problem };
    } else if (v !== null && typeof v === "object") {
      const entries = Object.entries(v);
      // Reverse, so the first key is checked first (a stack).
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        const childPath = path ? `${path}.${toWellFormed(k)}` : toWellFormed(k);
        const keyProblem = stringProblem(k);
        if (keyProblem) return { path: childPath, message: keyProblem };
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * Whether a JSON text nests arrays and objects deeper than `max`. One pass, no allocation; brackets
 * inside strings (escapes included) do not count. Malformed text is left to JSON.parse.
 */
export function exceedsJsonDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* \ */) i++;
      else if (ch === 0x22 /* " */) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) depth--;
  }
  return false;
}
