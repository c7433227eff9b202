import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client";
import { companyKey, getVersionTracker, GLOBAL_KEY, versionStamp } from "./versions";

// Deep pages of page-number pagination without scanning the rows before them
// (docs/decisions/bench-api-scale.md): for a company, a filter and the company's data version, the
// sort key (created_at, id) of every ANCHOR_EVERY-th row, read once by one index scan. A page at
// offset o then starts from the anchor before it: `(created_at, id) > anchor ... OFFSET o % ANCHOR_EVERY`,
// an index range read of at most ANCHOR_EVERY + page size entries. Any write to the company changes
// its version, so anchors of older data are never used.

export const ANCHOR_EVERY = 500;
/** Below this offset a plain OFFSET reads fewer entries than building anchors would. */
export const ANCHOR_FROM_OFFSET = 2_000;
const MAX_ANCHOR_SETS = 64;

interface AnchorSet {
  stamp: string;
  /** anchors[i]: the sort key of the row at position (i + 1) * ANCHOR_EVERY - 1 (0-based). */
  anchors: Array<{ createdAt: string; id: string }>;
}

const sets = new WeakMap<object, Map<string, AnchorSet>>();

function setsOf(db: Db): Map<string, AnchorSet> {
  const holder = ((db as unknown as { $client?: object }).$client ?? db) as object;
  let m = sets.get(holder);
  if (!m) {
    m = new Map();
    sets.set(holder, m);
  }
  return m;
}

/**
 * The anchor a page at `offset` starts after, with the offset remaining from it (null: use a plain
 * OFFSET): the page reads `(created_at, id) > (anchor.createdAt, anchor.id) ... OFFSET offset`.
 * `where` gives the list's filter SQL (asked only when the anchors are read again), `filterKey` a
 * string naming it.
 */
export async function anchorFor(
  db: DbOrTx,
  rootDb: Db,
  companyId: string,
  filterKey: string,
  where: () => SQL | undefined,
  offset: number,
): Promise<{ createdAt: string; id: string; offset: number } | null> {
  if (offset < ANCHOR_FROM_OFFSET) return null;
  const keys = [GLOBAL_KEY, companyKey(companyId)];
  const stamp = versionStamp(await (await getVersionTracker(rootDb)).read(keys), keys);
  const all = setsOf(rootDb);
  const key = `${companyId}\n${filterKey}`;
  let set = all.get(key);
  if (!set || set.stamp !== stamp) {
    const result = await db.execute(sql`
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at, id::text AS id FROM (
        SELECT created_at, id, row_number() OVER (ORDER BY created_at, id) AS rn FROM employments WHERE ${where()}
      ) x WHERE rn % ${ANCHOR_EVERY} = 0 ORDER BY rn`);
    const rows = (result as unknown as { rows: Array<{ created_at: string; id: string }> }).rows;
    set = { stamp, anchors: rows.map((r) => ({ createdAt: r.created_at, id: r.id })) };
    all.delete(key);
    all.set(key, set);
    if (all.size > MAX_ANCHOR_SETS) all.delete(all.keys().next().value!);
  }
  const index = Math.floor(offset / ANCHOR_EVERY) - 1;
  const anchor = set.anchors[Math.min(index, set.anchors.length - 1)];
  if (!anchor || index < 0) return null;
  const used = Math.min(index, set.anchors.length - 1);
  return { createdAt: anchor.createdAt, id: anchor.id, offset: offset - (used + 1) * ANCHOR_EVERY };
}
