import type { CsvColumn } from "./csv";

// Which columns an export writes: the columns on screen. The list's URL may name them
// (`?cols=employee,status,amount`: comma-separated column ids, in screen order; the parameter the
// column-visibility control writes); without it, the list's default columns. Ids are compared
// normalised (lower case, runs of other characters as "_"), so a table whose column ids are its
// header labels ("Request id") and a URL written with snake case ids ("request_id") agree.

/** The URL parameter of the visible columns. */
export const COLUMNS_PARAM = "cols";

export const normaliseColumnId = (id: string) =>
  id
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");

/**
 * The columns to write: those `cols` names (in its order; unknown ids ignored, each once), or the
 * defaults (`defaults` ids, or every column) when it names none we know. One column on screen may
 * be several in the file (an amount and its currency): they share the screen column's id.
 */
export function selectColumns<T, C>(
  all: readonly CsvColumn<T, C>[],
  cols: string | null | undefined,
  defaults?: readonly string[],
): CsvColumn<T, C>[] {
  const byId = new Map<string, CsvColumn<T, C>[]>();
  for (const c of all) {
    const id = normaliseColumnId(c.id);
    byId.set(id, [...(byId.get(id) ?? []), c]);
  }
  const pick = (ids: readonly string[]) => [...new Set(ids.map(normaliseColumnId))].flatMap((id) => byId.get(id) ?? []);
  const wanted = pick((cols ?? "").split(",").filter((s) => s.trim() !== ""));
  if (wanted.length > 0) return wanted;
  return defaults ? pick(defaults) : [...all];
}
