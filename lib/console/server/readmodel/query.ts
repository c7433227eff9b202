import "server-only";
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { EmploymentListItem, Environment } from "@/lib/contract";
import { LIFECYCLE_LABELS, STATUS_LABELS } from "@/lib/console/employments/labels";
import type { ConsoleDb } from "../db/client";
import { localChangeCount } from "../db/local-changes";
import { remember } from "@/lib/recency";
import {
  partnerGrants,
  readmodelEmploymentCounts,
  readmodelEmployments,
  readmodelPendingItems,
  readmodelSyncState,
  type StoredCompany,
} from "../db/schema";

// Reading the read model: the one place lists, counts and exports get rows from. Every query takes a
// scope and never leaves it: a company scope reads that company's rows only; a partner scope reads
// the companies whose grant in that environment is not revoked (joined here, not trusted from the
// caller), optionally narrowed to a subset. The sync writes; nothing here calls the API.

export type ReadModelScope =
  | { kind: "company"; environment: Environment; companyId: string }
  /** `companyIds` narrows the partner's companies (a filter); ids without a live grant match nothing. */
  | { kind: "partner"; environment: Environment; companyIds?: readonly string[] };

/** The sortable columns: every column of the list. */
export const READMODEL_SORTS = [
  "full_name",
  "company",
  "job_title",
  "personal_email",
  "status",
  "type",
  "country",
  "department",
  "external_id",
  "lifecycle_stage",
  "onboarding",
] as const;
export type ReadModelSort = (typeof READMODEL_SORTS)[number];

export interface ReadModelQuery {
  page: number;
  page_size: number;
  sort?: ReadModelSort;
  order?: "asc" | "desc";
  status?: readonly string[];
  type?: readonly string[];
  /** ISO alpha-3 country codes. */
  country?: readonly string[];
  /** Matches a part of the name, an e-mail, the job title or the external id (case-insensitive). */
  search?: string;
}

export interface ReadModelEmployment extends EmploymentListItem {
  company: StoredCompany;
  onboarding: { completed: number; total: number } | null;
}

export interface ReadModelPage {
  employments: ReadModelEmployment[];
  current_page: number;
  total_count: number;
  total_pages: number;
}

const e = readmodelEmployments;
const COUNTS = readmodelEmploymentCounts;

/**
 * A code column ordered as its labels read (what the table shows), not by the code: the position of
 * the code in the codes sorted by label; a code without a label after every labelled one (never
 * null: a null stays null, so nulls-last holds). Status `review` is "In review", between "Deleted"
 * and "Initiated"; `created_awaiting_reserve` is "Awaiting reserve", before "Created". The codes are
 * the contract's enum values (checked below), written as literals. Not an index walk: a sort by
 * status or lifecycle sorts the filtered scope (docs/decisions/console-readmodel-lists.md).
 */
export function labelOrderOf(column: AnyPgColumn, labels: Record<string, string>): SQL {
  const codes = Object.keys(labels).sort((a, b) => labels[a]!.localeCompare(labels[b]!, "en", { sensitivity: "base" }) || (a < b ? -1 : 1));
  for (const c of codes) if (!/^[a-z0-9_]+$/.test(c)) throw new Error(`labelOrderOf: not a code: ${c}`);
  const array = sql.raw(`ARRAY[${codes.map((c) => `'${c}'`).join(", ")}]::text[]`);
  return sql`(CASE WHEN ${column} IS NULL THEN NULL ELSE coalesce(array_position(${array}, ${column}::text), ${codes.length + 1}) END)`;
}

/** Case-insensitive, byte-wise (the indexes of migration 0002 have the same expression). */
const lowerOf = (column: AnyPgColumn) => sql`(lower(${column}) COLLATE "C")`;
const SORT_EXPRESSIONS: Record<ReadModelSort, SQL | AnyPgColumn> = {
  full_name: lowerOf(e.fullName),
  company: lowerOf(e.companyName),
  job_title: lowerOf(e.jobTitle),
  personal_email: lowerOf(e.personalEmail),
  status: labelOrderOf(e.status, STATUS_LABELS),
  // The type's labels read in the order of its codes (Contractor, Direct employee, Employee, Global
  // payroll employee): the column itself, so the sort walks its index.
  type: e.type,
  country: lowerOf(e.countryName),
  department: lowerOf(e.department),
  external_id: lowerOf(e.externalId),
  lifecycle_stage: labelOrderOf(e.lifecycleStage, LIFECYCLE_LABELS),
  onboarding: e.onboardingCompleted,
};

/** Sort columns that are never null (NOT NULL in migration 0002). */
const NOT_NULL_SORTS = new Set<ReadModelSort>(["full_name", "company", "personal_email", "status", "type"]);

/** `%text%` for LIKE, with the pattern characters of the text escaped. */
export const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE of a scope: the environment, and the companies it may read. */
export function scopeCondition(
  scope: ReadModelScope,
  companyColumn: AnyPgColumn = e.companyId,
  envColumn: AnyPgColumn = e.environment,
): SQL {
  if (scope.kind === "company") return and(eq(envColumn, scope.environment), eq(companyColumn, scope.companyId))!;
  const live = sql`EXISTS (SELECT 1 FROM ${partnerGrants} WHERE ${partnerGrants.environment} = ${envColumn} AND ${partnerGrants.companyId} = ${companyColumn} AND ${ne(partnerGrants.status, "revoked")})`;
  const subset = scope.companyIds === undefined ? undefined : inArray(companyColumn, [...scope.companyIds]);
  if (scope.companyIds !== undefined && scope.companyIds.length === 0) return sql`false`;
  return and(eq(envColumn, scope.environment), live, subset)!;
}

function filterConditions(scope: ReadModelScope, query: ReadModelQuery): SQL {
  const search = query.search?.trim();
  return and(
    scopeCondition(scope),
    query.status?.length ? inArray(e.status, [...query.status]) : undefined,
    query.type?.length ? inArray(e.type, [...query.type]) : undefined,
    query.country?.length ? inArray(e.countryCode, [...query.country]) : undefined,
    search ? sql`${e.searchText} LIKE ${likeContains(search)}` : undefined,
  )!;
}

/**
 * The columns a page's row is made of (toEmployment): the stored list item, the company and the
 * onboarding counts. A page selects these only: every other column (the sort and filter copies,
 * the search text, the sync bookkeeping) would be written out by PGlite and parsed on every render
 * for nothing (a page of 20 full rows cost about 3× these, docs/decisions/bench-console-pages.md).
 */
const PAGE_COLUMNS = {
  item: e.item,
  companyId: e.companyId,
  companyName: e.companyName,
  onboardingCompleted: e.onboardingCompleted,
  onboardingTotal: e.onboardingTotal,
};
type PageRow = Pick<typeof e.$inferSelect, keyof typeof PAGE_COLUMNS>;

function toEmployment(row: PageRow): ReadModelEmployment {
  return {
    ...(row.item as unknown as EmploymentListItem),
    company: { id: row.companyId, name: row.companyName },
    onboarding:
      row.onboardingCompleted === null || row.onboardingTotal === null
        ? null
        : { completed: row.onboardingCompleted, total: row.onboardingTotal },
  };
}

/**
 * A page of employments of the scope, filtered, searched and sorted (ties broken by company and
 * employment id, so pages never overlap), with the total count.
 */
export async function listReadModelEmployments(db: ConsoleDb, scope: ReadModelScope, query: ReadModelQuery): Promise<ReadModelPage> {
  // A company's page is made of its rows and their counts only; the partner's scope also depends on
  // the grants, which are not announced: read every time.
  const changes = scope.kind === "company" && query.page_size <= KEPT_PAGE_SIZE_MAX ? localChangeCount(db, PAGE_TABLES, scope) : undefined;
  if (changes === undefined) return readReadModelEmployments(db, scope, query);
  let kept = keptPages.get(db);
  if (!kept) keptPages.set(db, (kept = new Map()));
  const key = JSON.stringify([scope, query]);
  const known = kept.get(key);
  if (known) {
    kept.delete(key);
    if (known.changes === changes) {
      remember(kept, key, known, KEPT_PAGES_MAX);
      return known.page;
    }
  }
  const page = await readReadModelEmployments(db, scope, query);
  remember(kept, key, { page, changes }, KEPT_PAGES_MAX);
  return page;
}

/**
 * Pages of a company's list kept between renders, per console database, on PGlite only: the query →
 * the page and the count of local writes to its company's rows it was read at (../db/local-changes.ts).
 * Any write to the company's employments or counts, by the sync, a webhook or anything else, moves the
 * count and the next render reads again; other companies' writes leave it. Shared between renders: callers never modify a page.
 */
const keptPages = new WeakMap<ConsoleDb, Map<string, { page: ReadModelPage; changes: number }>>();
/** Pages kept per database, at most (least recently used dropped first): about 20 KB each at 20 rows. */
export const KEPT_PAGES_MAX = 256;
/** Pages larger than this are read every time (exports, the overview's 500 rows). */
const KEPT_PAGE_SIZE_MAX = 100;
/** What a company's page is read from. */
const PAGE_TABLES = ["readmodel_employments", "readmodel_employment_counts"] as const;

async function readReadModelEmployments(db: ConsoleDb, scope: ReadModelScope, query: ReadModelQuery): Promise<ReadModelPage> {
  const where = filterConditions(scope, query);
  const direction = query.order === "desc" ? desc : asc;
  const sort = query.sort ?? "full_name";
  const page = Math.max(1, Math.floor(query.page));
  const size = Math.min(Math.max(1, Math.floor(query.page_size)), 500);
  // Nulls last in both directions, so an empty column never heads the list. A column that is never
  // null orders descending as its index walks backwards (NULLS FIRST), which lets deep pages use it.
  const nulls = NOT_NULL_SORTS.has(sort) && query.order === "desc" ? sql`NULLS FIRST` : sql`NULLS LAST`;
  const orderBy = [
    sql`${SORT_EXPRESSIONS[sort]} ${query.order === "desc" ? sql`DESC` : sql`ASC`} ${nulls}`,
    direction(e.companyId),
    direction(e.employmentId),
  ];
  let rows: PageRow[];
  let totalCount: number;
  if (!query.search?.trim() && !query.country?.length) {
    // Without a search (or a country filter) the count is a sum over the counts kept per company,
    // status and type (migration 0004), not a scan of the scope; the page is an index walk. The sum
    // rides along with the page as an uncorrelated subquery (evaluated once): one statement per
    // page instead of two; a page past the end (no row to carry it) asks for the sum alone.
    const counted = await db
      .select({ row: PAGE_COLUMNS, total: sql<number>`(${countTableQuery(db, scope, query)})`.mapWith(Number) })
      .from(e)
      .where(where)
      .orderBy(...orderBy)
      .limit(size)
      .offset((page - 1) * size);
    rows = counted.map((r) => r.row);
    totalCount = counted[0]?.total ?? (await countFromTable(db, scope, query));
  } else {
    // A search scans the scope once: the page and the count come from the same scan (a window
    // count over the matches), instead of a filtered walk of the sort index plus a second scan.
    const counted = await db
      .select({ row: PAGE_COLUMNS, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .from(e)
      .where(where)
      .orderBy(...orderBy)
      .limit(size)
      .offset((page - 1) * size);
    rows = counted.map((r) => r.row);
    totalCount = counted[0]?.total ?? (page > 1 ? ((await db.select({ n: count() }).from(e).where(where))[0]?.n ?? 0) : 0);
  }
  return {
    employments: rows.map(toEmployment),
    current_page: page,
    total_count: totalCount,
    total_pages: Math.max(1, Math.ceil(totalCount / size)),
  };
}

/** The total of a query without a search or country filter, from the counts of migration 0004. */
function countTableQuery(db: ConsoleDb, scope: ReadModelScope, query: ReadModelQuery) {
  const c = COUNTS;
  const conditions = [
    scopeCondition(scope, c.companyId, c.environment),
    query.status?.length ? inArray(c.status, [...query.status]) : undefined,
    query.type?.length ? inArray(c.type, [...query.type]) : undefined,
  ];
  return db
    .select({ n: sql<number>`coalesce(sum(${c.n}), 0)`.mapWith(Number) })
    .from(c)
    .where(and(...conditions));
}

async function countFromTable(db: ConsoleDb, scope: ReadModelScope, query: ReadModelQuery): Promise<number> {
  const [row] = await countTableQuery(db, scope, query);
  return row?.n ?? 0;
}

/**
 * Every employment of the scope matching the query, in its order, a batch at a time (exports). Keyset
 * pagination: each batch continues after the last row's (sort value, company, id), an index range
 * instead of an OFFSET that walks every earlier row again (an export of 100k rows read the index
 * ~n²/batch times). The rows with a value come first, then (nulls last) the rows without one.
 */
export async function* iterateReadModelEmployments(
  db: ConsoleDb,
  scope: ReadModelScope,
  query: Omit<ReadModelQuery, "page" | "page_size">,
  // Each batch reads its rows in the sort column's order (random heap pages on PGlite): 2,000 a
  // batch read 100k rows in ~15 s on a loaded 2-core machine, 1,000 in ~23 s (bench-partner-scale.md).
  batchSize = 2000,
): AsyncGenerator<ReadModelEmployment[]> {
  const size = Math.min(Math.max(1, Math.floor(batchSize)), 5000);
  const where = filterConditions(scope, { ...query, page: 1, page_size: size });
  const sort = query.sort ?? "full_name";
  const desc = query.order === "desc";
  const value = SORT_EXPRESSIONS[sort];
  const direction = desc ? sql`DESC` : sql`ASC`;
  const after = desc ? sql`<` : sql`>`;
  const tie = (last: { companyId: string; employmentId: string }) =>
    sql`(${e.companyId}, ${e.employmentId}) ${after} (${last.companyId}, ${last.employmentId})`;
  const tieOrder = [
    desc ? sql`${e.companyId} DESC` : sql`${e.companyId} ASC`,
    desc ? sql`${e.employmentId} DESC` : sql`${e.employmentId} ASC`,
  ];
  // Phase 1: rows with a sort value, in the order of the column's index (walked backwards when
  // descending); phase 2: rows without one (nulls last), by company and id.
  let last: { value: unknown; companyId: string; employmentId: string } | null = null;
  for (;;) {
    const keyset: SQL = last
      ? sql`${value} ${desc ? sql`<=` : sql`>=`} ${last.value} AND (${value} ${after} ${last.value} OR ${tie(last)})`
      : sql`${value} IS NOT NULL`;
    const batch: { row: typeof e.$inferSelect; value: unknown }[] = await db
      .select({ row: e, value: sql<unknown>`${value}` })
      .from(e)
      .where(and(where, keyset))
      .orderBy(sql`${value} ${direction}`, ...tieOrder)
      .limit(size);
    if (batch.length > 0) yield batch.map((r) => toEmployment(r.row));
    if (batch.length < size) break;
    const end: { row: typeof e.$inferSelect; value: unknown } = batch[batch.length - 1]!;
    last = { value: end.value, companyId: end.row.companyId, employmentId: end.row.employmentId };
  }
  if (NOT_NULL_SORTS.has(sort)) return;
  let lastNull: { companyId: string; employmentId: string } | null = null;
  for (;;) {
    const batch: (typeof e.$inferSelect)[] = await db
      .select()
      .from(e)
      .where(and(where, sql`${value} IS NULL`, lastNull ? tie(lastNull) : undefined))
      .orderBy(...tieOrder)
      .limit(size);
    if (batch.length > 0) yield batch.map(toEmployment);
    if (batch.length < size) return;
    const end: typeof e.$inferSelect = batch[batch.length - 1]!;
    lastNull = { companyId: end.companyId, employmentId: end.employmentId };
  }
}

/** Employments per company and status within the scope (from the counts of migration 0004, not a scan). */
export async function countReadModelEmployments(
  db: ConsoleDb,
  scope: ReadModelScope,
): Promise<{ company: StoredCompany; status: string; count: number }[]> {
  const c = COUNTS;
  const grouped = db
    .select({ environment: c.environment, companyId: c.companyId, status: c.status, n: sql<number>`sum(${c.n})`.as("n") })
    .from(c)
    .where(and(scopeCondition(scope, c.companyId, c.environment), sql`${c.n} > 0`))
    .groupBy(c.environment, c.companyId, c.status)
    .as("g");
  // The company's name as its rows carry it (one index probe per company).
  const name = sql<string>`(SELECT r.company_name FROM readmodel_employments r WHERE r.environment = "g"."environment" AND r.company_id = "g"."company_id" LIMIT 1)`;
  const rows = await db
    .select({ companyId: grouped.companyId, companyName: name.as("company_name"), status: grouped.status, n: grouped.n })
    .from(grouped);
  return rows
    .map((r) => ({ company: { id: r.companyId, name: r.companyName }, status: r.status, count: Number(r.n) }))
    .sort((a, b) => cmp(a.company.name, b.company.name) || cmp(a.company.id, b.company.id) || cmp(a.status, b.status));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Pending time off requests or expenses within the scope (newest sync first). */
export async function listReadModelPendingItems(db: ConsoleDb, scope: ReadModelScope, kind: "time_off" | "expense") {
  const p = readmodelPendingItems;
  const rows = await db
    .select()
    .from(p)
    .where(and(scopeCondition(scope, p.companyId, p.environment), eq(p.kind, kind)))
    .orderBy(asc(p.companyId), asc(p.itemId));
  return rows.map((r) => ({ companyId: r.companyId, employmentId: r.employmentId, item: r.item }));
}

export type CompanyFreshness =
  | { companyId: string; state: "never_synced"; lastSyncedAt: null; syncing: boolean }
  | { companyId: string; state: "fresh"; lastSyncedAt: Date; syncing: boolean }
  | { companyId: string; state: "behind"; lastSyncedAt: Date | null; syncing: boolean; reason: string; retryAt: Date | null }
  | { companyId: string; state: "failing"; lastSyncedAt: Date | null; syncing: boolean; error: string; since: Date | null };

/** Companies' freshness kept between renders, per console database: `environment:company` → the rows and their version. */
const keptFreshness = new WeakMap<
  ConsoleDb,
  Map<string, { version: number; freshness: CompanyFreshness[]; changes: number | undefined }>
>();
/** What a company's freshness is read from. */
const FRESHNESS_TABLES = ["readmodel_sync_state"] as const;
/** Companies whose freshness a database keeps, at most (least recently used dropped first). */
export const KEPT_FRESHNESS_MAX = 2000;

/**
 * How fresh each company of the scope is (a page built from the read model says so). A company's
 * scope (every list render of a company admin) reads the sync state's version alone and answers from
 * memory while it is the version it was read with: every write to the row, by any path and console
 * instance (a sync starting, ending, failing, falling behind), gives it a new one (migration 0008).
 */
export async function getReadModelFreshness(db: ConsoleDb, scope: ReadModelScope): Promise<CompanyFreshness[]> {
  if (scope.kind !== "company") return (await readFreshness(db, scope)).freshness;
  const s = readmodelSyncState;
  // PGlite: a copy read while no write to the sync states has been seen since is exact as it is.
  const changes = localChangeCount(db, FRESHNESS_TABLES, scope);
  let kept = keptFreshness.get(db);
  if (!kept) keptFreshness.set(db, (kept = new Map()));
  const key = `${scope.environment}:${scope.companyId}`;
  const known = kept.get(key);
  if (known) {
    kept.delete(key);
    if (changes !== undefined && known.changes === changes) {
      remember(kept, key, known, KEPT_FRESHNESS_MAX);
      return known.freshness;
    }
    const [current] = await db
      .select({ version: s.version })
      .from(s)
      .where(and(eq(s.environment, scope.environment), eq(s.companyId, scope.companyId)))
      .limit(1);
    if (current?.version === known.version) {
      remember(kept, key, { ...known, changes }, KEPT_FRESHNESS_MAX);
      return known.freshness;
    }
  }
  const read = await readFreshness(db, scope);
  if (read.version !== null) {
    remember(kept, key, { version: read.version, freshness: read.freshness, changes }, KEPT_FRESHNESS_MAX);
  }
  return read.freshness;
}

/** The scope's sync states as freshness, and the row's version when the scope has one row (a company's). */
async function readFreshness(db: ConsoleDb, scope: ReadModelScope): Promise<{ freshness: CompanyFreshness[]; version: number | null }> {
  const s = readmodelSyncState;
  // The columns of the freshness only (read on every list render).
  const rows = await db
    .select({
      version: s.version,
      companyId: s.companyId,
      lastSyncedAt: s.lastSyncedAt,
      syncingSince: s.syncingSince,
      behindReason: s.behindReason,
      retryAt: s.retryAt,
      failingError: s.failingError,
      failingSince: s.failingSince,
    })
    .from(s)
    .where(scopeCondition(scope, s.companyId, s.environment))
    .orderBy(asc(s.companyId));
  const freshness = rows.map((r): CompanyFreshness => {
    const syncing = r.syncingSince !== null;
    if (r.failingError)
      return {
        companyId: r.companyId,
        state: "failing",
        lastSyncedAt: r.lastSyncedAt,
        syncing,
        error: r.failingError,
        since: r.failingSince,
      };
    if (r.behindReason)
      return { companyId: r.companyId, state: "behind", lastSyncedAt: r.lastSyncedAt, syncing, reason: r.behindReason, retryAt: r.retryAt };
    if (r.lastSyncedAt) return { companyId: r.companyId, state: "fresh", lastSyncedAt: r.lastSyncedAt, syncing };
    return { companyId: r.companyId, state: "never_synced", lastSyncedAt: null, syncing };
  });
  return { freshness, version: scope.kind === "company" && rows.length === 1 ? rows[0]!.version : null };
}

/** The countries of the scope's employments (a list's country filter offers these), by name. */
export async function listReadModelCountries(db: ConsoleDb, scope: ReadModelScope): Promise<{ code: string; name: string }[]> {
  const rows = await db
    .selectDistinct({ code: e.countryCode, name: e.countryName })
    .from(e)
    .where(and(scopeCondition(scope), sql`${e.countryCode} IS NOT NULL`))
    .orderBy(asc(e.countryName), asc(e.countryCode));
  return rows.map((r) => ({ code: r.code!, name: r.name ?? r.code! }));
}

/** When the company's last full re-read completed (null: none yet; its lists are served live until one has). */
export async function getCompanyLastSyncedAt(db: ConsoleDb, environment: Environment, companyId: string): Promise<Date | null> {
  const s = readmodelSyncState;
  const [row] = await db
    .select({ lastSyncedAt: s.lastSyncedAt })
    .from(s)
    .where(and(eq(s.environment, environment), eq(s.companyId, companyId)))
    .limit(1);
  return row?.lastSyncedAt ?? null;
}
